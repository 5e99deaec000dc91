// Claimed guest orders (decision 4401) against the real database server and rules: guest orders
// placed by the real order function are indexed by their checkout email, and `claimGuestOrders`,
// served over real HTTP, copies them into the account whose verified email it is: once, never
// into another account, never for an unverified email.
import { createHash } from 'node:crypto';
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type { DatabaseServer } from '../../database/src/createServer';
import { startTestServer, type TestServer } from '../../database/test/helpers';
import { makeEmulatorStyleToken } from '../../database/test/tokens';
import {
  type CLAIM_LIMITS,
  backfillGuestOrders,
  createClaimGuestOrders,
  emailHash,
} from '../src/guestOrders';
import type { PlaceOrderAnswer } from '../src/orderRecord';
import { createPlaceOrder } from '../src/placeOrder';
import { restDatabase } from '../src/restDatabase';
import { localTrust } from '../src/trust';
import { adminOf, fakeResponse, orderOf, SAMPLE_INFO, serveOverHttp } from './support';

let test: TestServer;
let server: DatabaseServer;
let placeOrder: ReturnType<typeof createPlaceOrder>;
let claimUrl: string;
let claimTwoUrl: string;
const closers: (() => Promise<void>)[] = [];
const admin = adminOf(() => server.url);
const logs: string[] = [];

const BOOTS = { 'chelsea-boot-suede_42': { id: 'chelsea-boot-suede', size: '42', quantity: 1 } };
const key = (i: number) => `-Nguestorder${String(i).padStart(8, '0')}`;
const ADA_HASH = createHash('sha256').update('ada@example.com').digest('hex');

/** A guest (an anonymous session) places an order with `email` at checkout. */
async function guestOrders(session: string, orderKey: string, email = SAMPLE_INFO.email) {
  await admin('PUT', ORDER_PATHS.anonymousCart(session), { products: BOOTS, totalQuantity: 1 });
  const { res, sent } = fakeResponse();
  await placeOrder(
    {
      method: 'POST',
      headers: { authorization: `Bearer ${makeEmulatorStyleToken({ uid: session })}` },
      body: { orderKey, personalInformation: { ...SAMPLE_INFO, email }, paymentMethod: 'card' },
    },
    res,
  );
  return orderOf(sent.body as PlaceOrderAnswer);
}

const accountToken = (uid: string, email: string, verified: boolean) =>
  makeEmulatorStyleToken({
    uid,
    provider: 'password',
    claims: { email, email_verified: verified },
  });

const claimResponse = (token: string | null, url = claimUrl, method = 'POST') =>
  fetch(url, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });

async function claim(token: string | null, url = claimUrl, method = 'POST') {
  const response = await claimResponse(token, url, method);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A refusal for too many claims: its status, body and Retry-After (seconds). */
async function refusedClaim(token: string, url: string) {
  const response = await claimResponse(token, url);
  return {
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after')),
    body: (await response.json()) as Record<string, unknown>,
  };
}

const accountOrders = async (uid: string) =>
  ((await admin('GET', ORDER_PATHS.accountOrders(uid))) ?? {}) as Record<string, unknown>;

beforeAll(async () => {
  test = await startTestServer();
  server = test.server;
  const database = restDatabase({ url: server.url, credential: async () => 'owner' });
  const trust = localTrust('demo-shop');
  placeOrder = createPlaceOrder({ trust, database, log: (m) => logs.push(m) });
  const served = await serveOverHttp(createClaimGuestOrders({ trust, database }));
  const servedTwo = await serveOverHttp(createClaimGuestOrders({ trust, database, perCall: 2 }));
  closers.push(served.close, servedTwo.close);
  claimUrl = served.url;
  claimTwoUrl = servedTwo.url;
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await test.stop();
});
beforeEach(async () => {
  for (const path of [
    'users',
    'orderNumbers',
    'firstOrders',
    'orderClaims',
    'rateLimits',
    ORDER_PATHS.guestOrdersByEmail,
    ORDER_PATHS.guestOrderClaims,
  ]) {
    await admin('DELETE', path);
  }
  await admin('PUT', 'catalog/products/chelsea-boot-suede/stock/42', 1000);
  logs.length = 0;
});

describe('the order function indexes guest orders by email', () => {
  it('writes {session, placedAt} under the hash of the normalised email, nothing personal', async () => {
    const order = await guestOrders('guest-1', key(1), '  Ada@Example.com ');
    const index = await admin('GET', ORDER_PATHS.guestOrdersByEmail);
    expect(emailHash(' ADA@example.com')).toBe(ADA_HASH);
    expect(index).toEqual({
      [ADA_HASH]: { [key(1)]: { session: 'guest-1', placedAt: order.timestamp } },
    });
    expect(JSON.stringify(index)).not.toMatch(/ada|example/i);
  });

  it("does not index an account's own order", async () => {
    await admin('PUT', ORDER_PATHS.accountCart('acct-1'), { products: BOOTS, totalQuantity: 1 });
    const { res, sent } = fakeResponse();
    await placeOrder(
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accountToken('acct-1', 'ada@example.com', true)}` },
        body: { orderKey: key(2), personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
      },
      res,
    );
    expect(sent.status).toBe(200);
    expect(await admin('GET', ORDER_PATHS.guestOrdersByEmail)).toBeNull();
  });
});

describe('claimGuestOrders', () => {
  it('claims nothing for an unverified email: a clear 403, the index left as it was', async () => {
    await guestOrders('guest-1', key(1));
    const answer = await claim(accountToken('acct-1', 'ada@example.com', false));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: 'email-not-verified',
      message: expect.stringMatching(/verify your email/i) as unknown,
    });
    expect(await accountOrders('acct-1')).toEqual({});
    expect(await admin('GET', ORDER_PATHS.guestOrderByEmail(ADA_HASH, key(1)))).not.toBeNull();
  });

  it('refuses a guest session, a missing token and a GET', async () => {
    const session = makeEmulatorStyleToken({
      uid: 'guest-1',
      claims: { email: 'ada@example.com', email_verified: true },
    });
    expect((await claim(session)).body.error).toBe('account-required');
    expect(await claim(null)).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
    expect((await claim(session, claimUrl, 'GET')).status).toBe(405);
  });

  it("copies a verified email's guest orders into the account, once", async () => {
    const first = await guestOrders('guest-1', key(1));
    const second = await guestOrders('guest-2', key(2), 'ADA@example.com');
    await guestOrders('guest-3', key(3), 'grace@example.com');
    const token = accountToken('acct-1', 'Ada@Example.com', true);

    expect(await claim(token)).toEqual({ status: 200, body: { claimed: 2, more: false } });
    expect(await accountOrders('acct-1')).toEqual({ [key(1)]: first, [key(2)]: second });
    // Again (a reload, a second session): nothing more, nothing twice.
    expect(await claim(token)).toEqual({ status: 200, body: { claimed: 0, more: false } });
    expect(Object.keys(await accountOrders('acct-1'))).toEqual([key(1), key(2)]);
    expect(await admin('GET', `${ORDER_PATHS.guestOrdersByEmail}/${ADA_HASH}`)).toBeNull();
    // The guest keeps the order, and its number still finds it (decision 1405).
    expect(await admin('GET', ORDER_PATHS.anonymousOrder('guest-1', key(1)))).toEqual(first);
  });

  it('two calls at once store one copy', async () => {
    await guestOrders('guest-1', key(1));
    const token = accountToken('acct-1', 'ada@example.com', true);
    const answers = await Promise.all([claim(token), claim(token), claim(token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + (a.body.claimed as number), 0)).toBe(1);
    expect(Object.keys(await accountOrders('acct-1'))).toEqual([key(1)]);
  });

  it('never gives an order claimed by one account to another, even racing', async () => {
    await guestOrders('guest-1', key(1));
    const [a, b] = await Promise.all([
      claim(accountToken('acct-a', 'ada@example.com', true)),
      claim(accountToken('acct-b', 'ada@example.com', true)),
    ]);
    expect((a.body.claimed as number) + (b.body.claimed as number)).toBe(1);
    const owners = [
      Object.keys(await accountOrders('acct-a')).length,
      Object.keys(await accountOrders('acct-b')).length,
    ];
    expect(owners.sort()).toEqual([0, 1]);
    const winner = a.body.claimed === 1 ? 'acct-a' : 'acct-b';
    expect(await admin('GET', ORDER_PATHS.guestOrderClaim(key(1)))).toMatchObject({ uid: winner });

    // Indexed again (the backfill runs once more): still the first account's, not the other's.
    await admin('PUT', ORDER_PATHS.guestOrderByEmail(ADA_HASH, key(1)), {
      session: 'guest-1',
      placedAt: 1,
    });
    const loser = winner === 'acct-a' ? 'acct-b' : 'acct-a';
    expect((await claim(accountToken(loser, 'ada@example.com', true))).body.claimed).toBe(0);
    expect(await accountOrders(loser)).toEqual({});
  });

  it("an account with another email gets nothing of Ada's", async () => {
    await guestOrders('guest-1', key(1));
    expect((await claim(accountToken('acct-g', 'grace@example.com', true))).body.claimed).toBe(0);
    expect(await accountOrders('acct-g')).toEqual({});
    expect(await admin('GET', ORDER_PATHS.guestOrderByEmail(ADA_HASH, key(1)))).not.toBeNull();
  });

  it('copies only the order the index names, with the email the account proved', async () => {
    await guestOrders('guest-1', key(1), 'grace@example.com');
    // An entry under Ada's hash that names Grace's order (a bug, a hand edit): not copied.
    await admin('PUT', ORDER_PATHS.guestOrderByEmail(ADA_HASH, key(1)), {
      session: 'guest-1',
      placedAt: 1,
    });
    expect((await claim(accountToken('acct-1', 'ada@example.com', true))).body.claimed).toBe(0);
    expect(await accountOrders('acct-1')).toEqual({});
  });

  it('reads a bounded number of entries per call and says when there are more', async () => {
    for (const i of [1, 2, 3]) await guestOrders(`guest-${i}`, key(i));
    const token = accountToken('acct-1', 'ada@example.com', true);
    expect((await claim(token, claimTwoUrl)).body).toEqual({ claimed: 2, more: true });
    expect((await claim(token, claimTwoUrl)).body).toEqual({ claimed: 1, more: false });
    expect(Object.keys(await accountOrders('acct-1'))).toHaveLength(3);
  });
});

describe('claimGuestOrders is rate-limited', () => {
  const served = (limits: typeof CLAIM_LIMITS) =>
    serveOverHttp(
      createClaimGuestOrders({
        trust: localTrust('demo-shop'),
        database: restDatabase({ url: server.url, credential: async () => 'owner' }),
        limits,
      }),
    );

  it('an account that calls too often gets a clear 429 with Retry-After; another does not', async () => {
    const { url, close } = await served({
      account: { name: 'claimsPerAccountTest', max: 2, windowMs: 10 * 60_000 },
      global: { name: 'claimsTest', max: 100, windowMs: 60_000 },
    });
    closers.push(close);
    await guestOrders('guest-1', key(1));
    const ada = accountToken('acct-1', 'ada@example.com', true);
    expect((await claim(ada, url)).body).toEqual({ claimed: 1, more: false });
    expect((await claim(ada, url)).body).toEqual({ claimed: 0, more: false });
    const refused = await refusedClaim(ada, url);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'too-many-claims',
      message: expect.stringMatching(
        /^Your guest orders were asked for too often\. Please try again in \d+ minutes?\.$/,
      ) as unknown,
    });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(600);
    const bob = accountToken('acct-2', 'bob@example.com', true);
    expect((await claim(bob, url)).status).toBe(200);
  });

  it("once the instance's budget is spent, every account waits for the next minute", async () => {
    const { url, close } = await served({
      account: { name: 'claimsPerAccountTest', max: 100, windowMs: 10 * 60_000 },
      global: { name: 'claimsTest', max: 2, windowMs: 60_000 },
    });
    closers.push(close);
    const token = (i: number) => accountToken(`acct-${i}`, `shopper${i}@example.com`, true);
    expect((await claim(token(1), url)).status).toBe(200);
    expect((await claim(token(2), url)).status).toBe(200);
    const refused = await refusedClaim(token(3), url);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too-many-claims' });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    // An unverified email is refused before it is counted: nothing is claimed either way.
    expect((await claim(accountToken('acct-4', 'x@example.com', false), url)).status).toBe(403);
  });
});

describe('backfillGuestOrders (npm run backfill:guest-orders)', () => {
  it('indexes, page by page, the guest orders placed before the index, never a claimed one', async () => {
    const orders = [];
    for (const i of [1, 2, 3, 4, 5]) orders.push(await guestOrders(`guest-${i}`, key(i)));
    // An account's order is numbered too: it is not a guest's.
    await admin('PUT', ORDER_PATHS.accountCart('acct-9'), { products: BOOTS, totalQuantity: 1 });
    const { res } = fakeResponse();
    await placeOrder(
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accountToken('acct-9', 'ada@example.com', true)}` },
        body: { orderKey: key(9), personalInformation: SAMPLE_INFO, paymentMethod: 'card' },
      },
      res,
    );
    // As before the index existed; and order 5 was claimed by an account since.
    await admin('DELETE', ORDER_PATHS.guestOrdersByEmail);
    await admin('PUT', ORDER_PATHS.guestOrderClaim(key(5)), { uid: 'acct-1', at: 1 });
    const database = restDatabase({ url: server.url, credential: async () => 'owner' });

    expect(await backfillGuestOrders(database, 2)).toEqual({ read: 6, indexed: 4 });
    const index = (await admin('GET', `${ORDER_PATHS.guestOrdersByEmail}/${ADA_HASH}`)) as Record<
      string,
      unknown
    >;
    expect(index).toEqual(
      Object.fromEntries(
        orders
          .slice(0, 4)
          .map((order, i) => [order.id, { session: `guest-${i + 1}`, placedAt: order.timestamp }]),
      ),
    );
    // Again: nothing new.
    expect(await backfillGuestOrders(database, 2)).toEqual({ read: 6, indexed: 0 });
    expect((await claim(accountToken('acct-2', 'ada@example.com', true))).body.claimed).toBe(4);
  });
});
