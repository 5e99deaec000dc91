// The security findings against the database server, replayed over real HTTP: what one session
// may write is bounded (decision 1404), and two tabs writing one basket at once keep both their
// changes (decision 4201).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateCounters } from '../src/locations';
import { ADMIN, client, openStream, request, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;
const counters: UpdateCounters = { ruleEvaluations: 0, nodesCopied: 0 };

interface SeedProduct {
  id: string;
  colours?: string[];
  stock?: Record<string, number>;
}
const seed = JSON.parse(readFileSync(join(__dirname, '..', 'seed', 'catalog.json'), 'utf8')) as {
  catalog: { products: Record<string, SeedProduct> };
};

/** `count` distinct real lines: product × size × colour of the seed catalog. */
function realLines(count: number): Record<string, unknown> {
  const lines: Record<string, unknown> = {};
  for (const product of Object.values(seed.catalog.products)) {
    for (const size of Object.keys(product.stock ?? {})) {
      for (const colour of product.colours ?? []) {
        if (Object.keys(lines).length === count) return lines;
        const key = `${product.id}_${size}~${colour.toLowerCase().replace(/[ /.#$[\]]/g, '-')}`;
        lines[key] = { id: product.id, quantity: 1, size, colour };
      }
    }
  }
  throw new Error(`the seed catalog has fewer than ${count} lines`);
}

const UID = 'two-tabs-session';
const token = makeEmulatorStyleToken({ uid: UID });
const CART = `/users/anonymousTokens/${UID}/anonymousCart`;

beforeAll(async () => {
  t = await startTestServer({ updateCounters: counters });
  db = client(t.server.url);
});
afterAll(() => t.stop());

describe('two tabs change different lines of one basket at the same time (decision 4201)', () => {
  // What the cart's sync sends (cart-mfe/src/basket-sync/basketPatch.ts, decision 4201): the
  // changed lines and the totals as that tab counts them.
  const tabA = {
    'products/trail-runner-gtx_42~moss': line('trail-runner-gtx', '42', 'Moss'),
    totalQuantity: 1,
  };
  const tabB = {
    'products/waxed-field-jacket_M~olive': line('waxed-field-jacket', 'M', 'Olive'),
    totalQuantity: 1,
  };

  function line(id: string, size: string, colour: string) {
    return { id, quantity: 1, size, colour };
  }

  test('both lines are kept, in every one of 10 trials', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      expect((await db.put(`${CART}.json`, { totalQuantity: 0 }, { token })).status).toBe(200);
      const answers = await Promise.all([
        db.patch(`${CART}.json`, tabA, { token }),
        db.patch(`${CART}.json`, tabB, { token }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const stored = (await db.get(`${CART}/products.json`, { token })).json as object;
      expect({ trial, lines: Object.keys(stored).sort() }).toEqual({
        trial,
        lines: ['trail-runner-gtx_42~moss', 'waxed-field-jacket_M~olive'],
      });
    }
  });

  test('a line one tab removes (null) goes, the line the other tab changes stays', async () => {
    await db.put(
      `${CART}.json`,
      {
        totalQuantity: 2,
        products: {
          'trail-runner-gtx_42~moss': line('trail-runner-gtx', '42', 'Moss'),
          'waxed-field-jacket_M~olive': line('waxed-field-jacket', 'M', 'Olive'),
        },
      },
      { token },
    );
    const answers = await Promise.all([
      db.patch(
        `${CART}.json`,
        { 'products/trail-runner-gtx_42~moss': null, totalQuantity: 1 },
        { token },
      ),
      db.patch(
        `${CART}.json`,
        {
          'products/waxed-field-jacket_M~olive': {
            ...line('waxed-field-jacket', 'M', 'Olive'),
            quantity: 3,
          },
          totalQuantity: 4,
        },
        { token },
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await db.get(`${CART}/products.json`, { token })).json).toEqual({
      'waxed-field-jacket_M~olive': { ...line('waxed-field-jacket', 'M', 'Olive'), quantity: 3 },
    });
  });

  test("a per-line PATCH passes the basket's rules as a PUT does: a made-up line is refused", async () => {
    await db.put(`${CART}.json`, { totalQuantity: 0 }, { token });
    const refused = [
      // a key that is not the line's id, size and colour
      { 'products/other-key': line('trail-runner-gtx', '42', 'Moss'), totalQuantity: 1 },
      // a product the catalog does not have
      {
        'products/no-such-shoe_42': { id: 'no-such-shoe', quantity: 1, size: '42' },
        totalQuantity: 1,
      },
      // a size the product does not have
      {
        'products/trail-runner-gtx_99': { id: 'trail-runner-gtx', quantity: 1, size: '99' },
        totalQuantity: 1,
      },
      // more than 10 of a line
      {
        'products/trail-runner-gtx_42': { id: 'trail-runner-gtx', quantity: 11, size: '42' },
        totalQuantity: 11,
      },
    ];
    for (const body of refused) {
      const answer = await db.patch(`${CART}.json`, body, { token });
      expect({ body, status: answer.status }).toEqual({ body, status: 401 });
    }
    // Another session's basket is not this one's to patch.
    const other = makeEmulatorStyleToken({ uid: 'someone-else' });
    expect((await db.patch(`${CART}.json`, tabA, { token: other })).status).toBe(401);
    expect((await db.get(`${CART}.json`, { token })).json).toEqual({ totalQuantity: 0 });
  });
});

describe('a basket holds at most 50 real lines, checked before any rule (decision 1404)', () => {
  const resetCounters = () => {
    counters.ruleEvaluations = 0;
    counters.nodesCopied = 0;
  };

  test('the 11,000-line basket (0.99 MiB) is refused by the size limit before it is parsed', async () => {
    const lines: Record<string, unknown> = {};
    for (let i = 0; i < 11_000; i += 1) {
      lines[`trail-runner-gtx_${i}~c${i}`] = {
        id: 'trail-runner-gtx',
        quantity: 1,
        size: String(i),
        colour: `c${i}`,
      };
    }
    const body = JSON.stringify({ totalQuantity: 11_000, products: lines });
    expect(body.length).toBeGreaterThan(900_000);
    await db.put(`${CART}.json`, { totalQuantity: 0 }, { token });
    resetCounters();
    const answer = await request(t.server.url, 'PUT', `${CART}.json`, { body, token });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({
      error:
        'Write too large: a request body may be at most 262144 bytes here (database/README.md)',
    });
    // Refused before any rule ran or any tree was built.
    expect(counters).toEqual({ ruleEvaluations: 0, nodesCopied: 0 });
    expect((await db.get(`${CART}.json`, { token })).json).toEqual({ totalQuantity: 0 });
  });

  test('50 real lines are a basket; a 51st is refused (PUT or PATCH) before any rule runs', async () => {
    const fifty = realLines(50);
    const put = await db.put(`${CART}.json`, { totalQuantity: 50, products: fifty }, { token });
    expect(put.status).toBe(200);
    const [extraKey, extraLine] = Object.entries(realLines(51)).at(-1) as [string, unknown];
    resetCounters();
    const patch = await db.patch(
      `${CART}.json`,
      { [`products/${extraKey}`]: extraLine, totalQuantity: 51 },
      { token },
    );
    expect(patch.status).toBe(413);
    expect(patch.json).toEqual({
      error: `Too many children: a basket's lines may be at most 50 (this write would leave 51 at ${CART}/products)`,
    });
    expect(counters.ruleEvaluations).toBe(0);
    resetCounters();
    const whole = await db.put(
      `${CART}.json`,
      { totalQuantity: 51, products: realLines(51) },
      { token },
    );
    expect(whole.status).toBe(413);
    expect(counters.ruleEvaluations).toBe(0);
    const stored = (await db.get(`${CART}/products.json`, { token })).json as object;
    expect(Object.keys(stored)).toHaveLength(50);
    // Changing a line of a full basket, or replacing one, is fine.
    const [firstKey] = Object.keys(fifty) as [string];
    const swap = await db.patch(
      `${CART}.json`,
      { [`products/${firstKey}`]: null, [`products/${extraKey}`]: extraLine, totalQuantity: 50 },
      { token },
    );
    expect(swap.status).toBe(200);
  });

  test('a basket stored with more lines before the limit can still shrink, not grow', async () => {
    const account = makeEmulatorStyleToken({ uid: 'old-account', provider: 'password' });
    const cart = '/users/validated/old-account/userCart';
    const sixty = realLines(60);
    await db.put(`${cart}.json`, { totalQuantity: 60, products: sixty }, { token: ADMIN });
    const [first] = Object.keys(sixty) as [string];
    expect(
      (
        await db.patch(
          `${cart}.json`,
          { [`products/${first}`]: null, totalQuantity: 59 },
          { token: account },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await db.patch(
          `${cart}.json`,
          { [`products/${first}`]: sixty[first], totalQuantity: 60 },
          { token: account },
        )
      ).status,
    ).toBe(413);
  });

  test('a colour the product does not come in is refused; one of its colours is a line', async () => {
    await db.put(`${CART}.json`, { totalQuantity: 0 }, { token });
    const made = await db.patch(
      `${CART}.json`,
      {
        'products/trail-runner-gtx_42~c1': {
          id: 'trail-runner-gtx',
          quantity: 1,
          size: '42',
          colour: 'c1',
        },
        totalQuantity: 1,
      },
      { token },
    );
    expect(made.status).toBe(401);
    const real = await db.patch(
      `${CART}.json`,
      {
        'products/trail-runner-gtx_42~charcoal': {
          id: 'trail-runner-gtx',
          quantity: 1,
          size: '42',
          colour: 'Charcoal',
        },
        totalQuantity: 1,
      },
      { token },
    );
    expect(real.status).toBe(200);
  });
});

describe('event streams are limited per user and overall', () => {
  let small: TestServer;
  const streams: ReturnType<typeof openStream>[] = [];
  beforeAll(async () => {
    small = await startTestServer({ maxStreamsPerUser: 2, maxStreams: 3, seed: false });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await small.stop();
  });
  const open = (path: string, streamToken: string) => {
    const stream = openStream(small.server.url, path, streamToken);
    streams.push(stream);
    return stream;
  };
  const asStream = (path: string, streamToken: string) =>
    request(small.server.url, 'GET', path, {
      token: streamToken,
      headers: { Accept: 'text/event-stream' },
    });

  test("a user's third stream gets 429; another user still gets one; then the server is full", async () => {
    const ann = makeEmulatorStyleToken({ uid: 'ann' });
    const ben = makeEmulatorStyleToken({ uid: 'ben' });
    const annCart = '/users/anonymousTokens/ann/anonymousCart.json';
    const benCart = '/users/anonymousTokens/ben/anonymousCart.json';
    expect(await open(annCart, ann).ready).toBe(200);
    expect(await open(annCart, ann).ready).toBe(200);
    const third = await asStream(annCart, ann);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({
      error: 'Too many event streams for this user (limit 2); close one first',
    });
    expect(await open(benCart, ben).ready).toBe(200);
    const full = await asStream(benCart, ben);
    expect(full.status).toBe(429);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json).toEqual({
      error: 'Too many event streams open on this server (limit 3); try again later',
    });
    // Plain reads are no streams: answered.
    expect((await client(small.server.url).get(benCart, { token: ben })).status).toBe(200);
    // A closed stream frees its user's slot.
    streams[0]?.close();
    const deadline = Date.now() + 3000;
    while (small.server.openStreams() > 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await open(annCart, ann).ready).toBe(200);
  });
});

describe('what one session and one account can store is bounded (decision 1404)', () => {
  const session = 'quota-session';
  const sessionToken = makeEmulatorStyleToken({ uid: session });
  const account = 'quota-account';
  const accountToken = makeEmulatorStyleToken({
    uid: account,
    provider: 'password',
    claims: { email: 'quota@example.com' },
  });
  const anonymousRecord = `/users/anonymousTokens/${session}`;
  const accountRecord = `/users/validated/${account}`;
  const longest = (length: number) => 'x'.repeat(length);
  const PERSONAL = ['address', 'city', 'country', 'email', 'name', 'tel', 'zipCode'];

  test('every node a user writes takes its largest value, and refuses one past it or a new child', async () => {
    const accepted: Array<[string, unknown, string]> = [
      [`${anonymousRecord}/isSignedIn`, { status: true }, sessionToken],
      [
        `${anonymousRecord}/credentials`,
        { email: longest(320), userAccountUid: longest(128) },
        sessionToken,
      ],
      [
        `${anonymousRecord}/anonymousCart`,
        { totalQuantity: 50, products: realLines(50) },
        sessionToken,
      ],
      [`${accountRecord}/credentials`, { email: longest(320) }, accountToken],
      [
        `${accountRecord}/personalInformation`,
        Object.fromEntries(PERSONAL.map((field) => [field, longest(200)])),
        accountToken,
      ],
      [`${accountRecord}/userCart`, { totalQuantity: 50, products: realLines(50) }, accountToken],
    ];
    for (const [path, value, user] of accepted) {
      const answer = await db.put(`${path}.json`, value, { token: user });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
    const refused: Array<[string, unknown, string]> = [
      [`${anonymousRecord}/isSignedIn`, { status: true, note: 'x' }, sessionToken],
      [`${anonymousRecord}/credentials/email`, longest(321), sessionToken],
      [`${anonymousRecord}/credentials/userAccountUid`, longest(129), sessionToken],
      [`${anonymousRecord}/notes`, { a: longest(1000) }, sessionToken],
      [`${anonymousRecord}/anonymousOrders/-N1`, { any: 1 }, sessionToken],
      [`${accountRecord}/credentials/email`, longest(321), accountToken],
      [`${accountRecord}/personalInformation/name`, longest(201), accountToken],
      [`${accountRecord}/personalInformation/notes`, 'x', accountToken],
      [`${accountRecord}/userOrders/-N1`, { any: 1 }, accountToken],
      [`${accountRecord}/reports`, { a: 'x' }, accountToken],
    ];
    for (const [path, value, user] of refused) {
      const answer = await db.put(`${path}.json`, value, { token: user });
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
    // The most a session and an account can hold, all nodes at their largest: a few tens of KB.
    const stored = [
      (await db.get(`${anonymousRecord}.json`, { token: sessionToken })).text,
      (await db.get(`${accountRecord}.json`, { token: accountToken })).text,
    ].map((text) => Buffer.byteLength(text));
    console.log(`largest records: session ${stored[0]} bytes, account ${stored[1]} bytes`);
    for (const bytes of stored) expect(bytes).toBeLessThan(32 * 1024);
  });
});
