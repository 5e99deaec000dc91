// The limits keyed by client, replayed over real HTTP against the running Functions emulator
// (decision 5401): the functions bundled as the stack bundles them (into a folder of the test's
// own, so a running stack's functions/lib is not touched), served by firebase-tools' emulator
// behind the local stack's front end (scripts/functions-emulator.ts, as `npm start` and the e2e
// stack run it), on free ports, with the real database server. Each client is a loopback address
// of its own (127.0.0.2, …), as the front end sees it.
// - A client's 11th look-up is refused, and so are the next 12, each with another single-entry
//   X-Forwarded-For (the bypass of the look-up limit); another client is not concerned.
// - A client's 31st order (a new session each, a forged X-Forwarded-For each) is refused.
// - The emulator's own port, called without the front end: whatever X-Forwarded-For says, one
//   client (the unknown one), limited all the same.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import { postFrom } from '../../scripts/lib/requestFrom';
import { buildFunctions } from '../build';
import { LOOKUPS_PER_CLIENT, LOOKUP_WINDOW_MS } from '../src/orderStatus';
import { ORDER_LIMITS } from '../src/placeOrder';
import { adminOf, SAMPLE_INFO } from './support';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '../..');
const PROJECT = 'demo-shop';
let test: TestServer;
let server: DatabaseServer;
const admin = adminOf(() => server.url);
let stack: ChildProcess | undefined;
/** The emulator's project: its firebase.json and the functions' bundle. */
let projectDir = '';
const output: string[] = [];
/** The functions through the front end, and the emulator's own port. */
let viaFrontEnd = '';
let direct = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServed(url: string, deadline: number): Promise<void> {
  for (;;) {
    if (stack?.exitCode !== null) throw new Error(`the emulator stopped:\n${output.join('')}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    // (A GET is refused with 405 once the function is loaded; 503: the front end waits for it.)
    if (status !== 0 && status !== 404 && status !== 503) return;
    if (Date.now() > deadline) throw new Error(`${url} not served:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  const [frontEndPort, emulatorPort, hubPort, loggingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // Inside the repository (a folder git ignores), so the bundle finds firebase-functions there.
  projectDir = mkdtempSync(join(ROOT, '.e2e-functions-limits-'));
  await buildFunctions(join(projectDir, 'lib/index.js'));
  const { dependencies } = JSON.parse(
    readFileSync(join(ROOT, 'functions/package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  writeFileSync(
    join(projectDir, 'package.json'),
    JSON.stringify({ private: true, main: 'lib/index.js', engines: { node: '20' }, dependencies }),
  );
  const local = (port: number) => ({ host: '127.0.0.1', port });
  writeFileSync(
    join(projectDir, 'firebase.json'),
    JSON.stringify({
      functions: [
        { source: '.', codebase: 'default', runtime: 'nodejs20', ignore: ['firebase.json'] },
      ],
      emulators: {
        functions: local(emulatorPort),
        hub: local(hubPort),
        logging: local(loggingPort),
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  stack = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      join(ROOT, 'scripts/functions-emulator.ts'),
      '--port',
      String(frontEndPort),
      '--emulator-port',
      String(emulatorPort),
      '--',
      process.execPath,
      join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'functions',
      '--project',
      PROJECT,
      '--config',
      join(projectDir, 'firebase.json'),
    ],
    {
      cwd: projectDir,
      env: {
        ...process.env,
        SHOP_DATABASE_URL: server.url,
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        NO_UPDATE_NOTIFIER: '1',
        CI: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  stack.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  viaFrontEnd = `http://127.0.0.1:${frontEndPort}/${PROJECT}/us-central1`;
  direct = `http://127.0.0.1:${emulatorPort}/${PROJECT}/us-central1`;
  const deadline = Date.now() + 150_000;
  await waitUntilServed(`${viaFrontEnd}/orderStatus`, deadline);
  await waitUntilServed(`${viaFrontEnd}/placeOrder`, deadline);
});

afterAll(async () => {
  if (stack && stack.exitCode === null) {
    const child = stack;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT');
    });
  }
  if (projectDir) rmSync(projectDir, { recursive: true, force: true });
  await test?.stop();
});

beforeEach(async () => {
  await admin('DELETE', 'rateLimits');
  await admin('DELETE', 'orderNumbers');
});

/**
 * The limits count in 10-minute windows aligned to the clock, and the emulator counts on the wall
 * clock: a replay that would cross into a new window half-way starts in the next one instead.
 */
async function awayFromWindowEnd(needMs: number): Promise<void> {
  const left = LOOKUP_WINDOW_MS - (Date.now() % LOOKUP_WINDOW_MS);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 200));
}

const NUMBERS = '23456789ABCDEFGHJKMNPQRSTWXYZ';
/** A number of its own each time: the failures-per-number limit is not what is tested here. */
let lookups = 0;
const unknownNumber = () => {
  lookups += 1;
  return `TL-3${NUMBERS.charAt(lookups % 29)}${NUMBERS.charAt(Math.floor(lookups / 29) % 29)}333`;
};
const lookUp = (url: string, from: string, headers: Record<string, string> = {}) =>
  postFrom(
    from,
    `${url}/orderStatus`,
    { number: unknownNumber(), email: 'x@example.com' },
    headers,
  ).then((answer) => answer.status);

async function statuses(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < count; i += 1) all.push(await send(i));
  return all;
}
const times = (count: number, status: number) => Array.from({ length: count }, () => status);

describe('the order look-up, per client, through the front end', () => {
  it('10 look-ups, the 11th refused; then 12 more, each with another X-Forwarded-For: refused all the same', async () => {
    await awayFromWindowEnd(30_000);
    const client = '127.0.0.2';
    expect(await statuses(LOOKUPS_PER_CLIENT, () => lookUp(viaFrontEnd, client))).toEqual(
      times(LOOKUPS_PER_CLIENT, 404),
    );
    const eleventh = await postFrom(client, `${viaFrontEnd}/orderStatus`, {
      number: unknownNumber(),
      email: 'x@example.com',
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ error: 'too-many-requests' });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);

    const forged = await statuses(12, (i) =>
      lookUp(viaFrontEnd, client, { 'X-Forwarded-For': `198.51.100.${i}` }),
    );
    expect(forged).toEqual(times(12, 429));

    // Another client (another address) is not concerned.
    expect(await lookUp(viaFrontEnd, '127.0.0.3')).toBe(404);
  });

  it('a fresh client writing a new X-Forwarded-For each time from the start: 10 answered, then refused', async () => {
    await awayFromWindowEnd(30_000);
    const answered = await statuses(LOOKUPS_PER_CLIENT + 12, (i) =>
      lookUp(viaFrontEnd, '127.0.0.4', { 'X-Forwarded-For': `203.0.113.${i}, 10.0.0.${i}` }),
    );
    expect(answered).toEqual([...times(LOOKUPS_PER_CLIENT, 404), ...times(12, 429)]);
  });
});

describe('the emulator’s own port, without the front end', () => {
  it('forged X-Forwarded-For entries are not clients: every caller there is one, limited', async () => {
    await awayFromWindowEnd(30_000);
    const answered = await statuses(LOOKUPS_PER_CLIENT + 5, (i) =>
      lookUp(direct, '127.0.0.5', { 'X-Forwarded-For': `198.51.100.${i}` }),
    );
    expect(answered).toEqual([...times(LOOKUPS_PER_CLIENT, 404), ...times(5, 429)]);
    // Even with a proof header of its own making.
    expect(
      await lookUp(direct, '127.0.0.6', {
        'X-Forwarded-For': '192.0.2.99',
        'X-Shop-Front-End': 'a guess of sixteen characters or more',
      }),
    ).toBe(429);
  });
});

describe('orders, per client address, through the front end', () => {
  const STOCK = 'catalog/products/chelsea-boot-suede/stock/42';
  const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } };
  let stockBefore: unknown;
  beforeAll(async () => {
    stockBefore = await admin('GET', STOCK);
    await admin('PUT', STOCK, 1000);
  });
  afterAll(() => admin('PUT', STOCK, stockBefore));

  const order = async (from: string, session: string, i: number) => {
    await admin('PUT', `users/anonymousTokens/${session}/anonymousCart`, {
      products: BOOTS,
      totalQuantity: 1,
    });
    const answer = await postFrom(
      from,
      `${viaFrontEnd}/placeOrder`,
      {
        orderKey: `-Nlimits${String(i).padStart(12, '0')}`,
        personalInformation: SAMPLE_INFO,
        paymentMethod: 'bank transfer',
      },
      {
        Authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}`,
        'X-Forwarded-For': `198.18.0.${i % 250}`,
      },
    );
    return answer.status;
  };

  it(`${ORDER_LIMITS.address.max} orders from one address (a new session and a forged X-Forwarded-For each), then refused; another address is not concerned`, async () => {
    const max = ORDER_LIMITS.address.max;
    await awayFromWindowEnd(45_000);
    const placed = await statuses(max + 3, (i) => order('127.0.0.7', `limits-${i}`, i));
    expect(placed).toEqual([...times(max, 200), ...times(3, 429)]);
    expect(await order('127.0.0.8', 'limits-other', 500)).toBe(200);
  });
});
