// The field-data endpoint (decision 4203) over real HTTP, against a real database server with the
// real rules: a beacon's report is stored under vitals/{day}, bad reports are refused with what is
// wrong, a full day drops its oldest reports, old days are deleted, and no client reads the store.
import type { FieldSample } from '@shop/shared/vitals/fieldData';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import { withCors } from '../src/cors';
import { restDatabase } from '../src/restDatabase';
import { DAYS_KEPT, VITALS_PATH, createVitals, dayOf } from '../src/vitals';
import { adminOf, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
const closers: Array<() => Promise<void>> = [];
const admin = adminOf(() => server.url);
const SHOP = 'http://localhost:8080';
const DAY = Date.UTC(2026, 10, 27, 12);
let clock = DAY;

async function served(reportsPerDay?: number): Promise<string> {
  const database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const { url, close } = await serveOverHttp(
    withCors(
      [SHOP],
      createVitals({
        database,
        origins: [SHOP],
        now: () => clock,
        log: () => undefined,
        ...(reportsPerDay ? { reportsPerDay } : {}),
      }),
    ),
  );
  closers.push(close);
  return url;
}

/** As `navigator.sendBeacon(url, string)` sends it: text/plain, the page's Origin. */
async function beacon(
  url: string,
  body: unknown,
  headers: Record<string, string> = { Origin: SHOP },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const lcp = (value: number): FieldSample => ({
  kind: 'metric',
  name: 'LCP',
  value,
  route: '/products/:id',
  app: 'catalog',
  build: 'release-7',
});

type Day = { next?: number; reports?: Record<string, { at: number; samples: FieldSample[] }> };

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});
beforeEach(async () => {
  clock = DAY;
  await admin('DELETE', VITALS_PATH);
});

describe('the vitals function', () => {
  it('stores a beacon’s samples under the day, with the time they arrived', async () => {
    const url = await served();
    const error: FieldSample = {
      kind: 'error',
      message: 'Cannot read properties of undefined',
      route: '/checkout/details',
      app: 'checkout',
      build: 'unlabelled',
    };
    expect(await beacon(url, { samples: [lcp(1234.5), error] })).toEqual({
      status: 204,
      body: null,
    });
    const day = (await admin('GET', `${VITALS_PATH}/${dayOf(DAY)}`)) as Day;
    expect(day.next).toBe(1);
    expect(Object.values(day.reports ?? {})).toEqual([{ at: DAY, samples: [lcp(1234.5), error] }]);
  });

  it.each([
    ['not JSON', '{"samples": [', 'The body is not valid JSON.'],
    ['no samples', { samples: [] }, 'samples must be a non-empty list.'],
    ['an unknown field', { samples: [lcp(1)], user: 'ada' }, 'Unknown field(s): user.'],
    [
      'an unknown metric',
      { samples: [{ ...lcp(1), name: 'FID' }] },
      'samples[0].name must be one of LCP, INP, CLS, TTFB.',
    ],
    ['a negative value', { samples: [lcp(-1)] }, 'samples[0].value must be a number ≥ 0.'],
    [
      'a value out of range',
      { samples: [lcp(600_001)] },
      'samples[0].value: LCP is at most 600000.',
    ],
    [
      'CLS out of range',
      { samples: [{ ...lcp(0), name: 'CLS', value: 101 }] },
      'samples[0].value: CLS is at most 100.',
    ],
    [
      'an address with a query',
      { samples: [{ ...lcp(1), route: '/search?q=ada@example.com' }] },
      'samples[0].route must be a route pattern such as /products/:id (at most 120 characters).',
    ],
    [
      'an unknown app',
      { samples: [{ ...lcp(1), app: 'ads' }] },
      'samples[0].app must be one of shell, catalog, cart, checkout, account, backoffice.',
    ],
    [
      'a user id on a sample',
      { samples: [{ ...lcp(1), uid: 'abc' }] },
      'samples[0]: unknown field(s) uid.',
    ],
    [
      'too many samples',
      { samples: Array.from({ length: 21 }, () => lcp(1)) },
      'A report holds at most 20 samples.',
    ],
    [
      'a long message',
      {
        samples: [
          { kind: 'error', message: 'x'.repeat(201), route: '/', app: 'shell', build: 'b' },
        ],
      },
      'samples[0].message must be 1 to 200 characters.',
    ],
  ])('refuses %s with 400 and stores nothing', async (_case, body, message) => {
    const url = await served();
    expect(await beacon(url, body)).toEqual({ status: 400, body: { error: message } });
    expect(await admin('GET', VITALS_PATH)).toBeNull();
  });

  it('refuses a body over 16 KiB (413), another site’s page (403) and a GET (405)', async () => {
    const url = await served();
    expect((await beacon(url, `{"samples":[],"pad":"${'x'.repeat(17_000)}"}`)).status).toBe(413);
    expect(
      (await beacon(url, { samples: [lcp(1)] }, { Origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await fetch(url, { headers: { Origin: SHOP } })).status).toBe(405);
    expect(await admin('GET', VITALS_PATH)).toBeNull();
  });

  it('scrubs an error message again: no email, address or long number is stored', async () => {
    const url = await served();
    const message = 'No order TL-123456 for ada@example.com at https://shop.example/x?email=ada';
    const sample = { kind: 'error', message, route: '/order-status', app: 'checkout', build: 'b' };
    expect((await beacon(url, { samples: [sample] })).status).toBe(204);
    const day = (await admin('GET', `${VITALS_PATH}/${dayOf(DAY)}`)) as Day;
    const stored = Object.values(day.reports ?? {})[0]?.samples[0];
    expect(stored).toEqual({ ...sample, message: 'No order TL-[number] for [email] at [address]' });
  });

  it('keeps at most the day’s number of reports: the newest replace the oldest', async () => {
    const url = await served(3);
    for (let i = 1; i <= 5; i += 1) {
      clock = DAY + i;
      expect((await beacon(url, { samples: [lcp(i)] })).status).toBe(204);
    }
    const day = (await admin('GET', `${VITALS_PATH}/${dayOf(DAY)}`)) as Day;
    const kept = Object.values(day.reports ?? {}).map((report) => report.samples[0]);
    expect(kept.map((sample) => (sample?.kind === 'metric' ? sample.value : null)).sort()).toEqual([
      3, 4, 5,
    ]);
    expect(day.next).toBe(5);
  });

  it('reports sent at once each get a slot of their own', async () => {
    const url = await served();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => beacon(url, { samples: [lcp(i)] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(204));
    const day = (await admin('GET', `${VITALS_PATH}/${dayOf(DAY)}`)) as Day;
    expect(Object.keys(day.reports ?? {})).toHaveLength(8);
  });

  it(`deletes days older than ${DAYS_KEPT} days with the first report of a new day`, async () => {
    const old = dayOf(DAY - DAYS_KEPT * 86_400_000);
    const kept = dayOf(DAY - (DAYS_KEPT - 1) * 86_400_000);
    await admin('PUT', `${VITALS_PATH}/${old}`, {
      next: 1,
      reports: { 0: { at: 1, samples: [] } },
    });
    await admin('PUT', `${VITALS_PATH}/${kept}`, { next: 1 });
    const url = await served();
    expect((await beacon(url, { samples: [lcp(1)] })).status).toBe(204);
    expect(Object.keys((await admin('GET', VITALS_PATH)) as object).sort()).toEqual([
      kept,
      dayOf(DAY),
    ]);
  });

  it('the rules let no shopper read or write the store', async () => {
    const url = await served();
    await beacon(url, { samples: [lcp(1)] });
    const token = makeEmulatorStyleToken({ uid: 'shopper' });
    const as = (method: string, body?: unknown) =>
      fetch(`${server.url}/${VITALS_PATH}/${dayOf(DAY)}.json?auth=${token}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then((response) => response.status);
    expect(await as('GET')).toBe(401);
    expect(await as('PUT', { next: 0 })).toBe(401);
    const anonymous = await fetch(`${server.url}/${VITALS_PATH}.json`);
    expect(anonymous.status).toBe(401);
  });
});
