import { type Harness, setUpHarness, tearDownHarness } from '../testing/harness';
import { getFirebaseConfig } from './config';
import { databaseUrl, getData, identityForPath, setData, setDatabaseFetch } from './database';
import { getAccountUid, getTokenId, signInAnonymouslyForToken } from './identity';

let h: Harness;
beforeEach(() => {
  h = setUpHarness({ catalog: { products: { p1: { id: 'p1', name: 'Runner' } } } });
});
afterEach(() => tearDownHarness());

describe('getData / setData (docs/product.md §7)', () => {
  it('builds REST URLs from paths', () => {
    const base = getFirebaseConfig().databaseURL;
    expect(databaseUrl('/users/x/', 'tok en')).toBe(`${base}/users/x.json?auth=tok%20en`);
    expect(databaseUrl('discounts/SAVE 10')).toBe(`${base}/discounts/SAVE%2010.json`);
  });

  it('chooses the identity by path', () => {
    expect(identityForPath('users/validated/a/userCart')).toBe('account');
    expect(identityForPath('/users/anonymousTokens/s')).toBe('session');
    expect(identityForPath('catalog/products')).toBe('public');
  });

  it('reads public data and answers missing paths with null', async () => {
    expect(await getData('catalog/products/p1')).toEqual({
      status: 200,
      response: { id: 'p1', name: 'Runner' },
    });
    expect(await getData('catalog/products/nope')).toEqual({ status: 200, response: null });
    expect(h.db.requests[0]?.token).toBeNull();
  });

  it('uses the session token for users/anonymousTokens and the account token for users/validated', async () => {
    h.auth.setSessionUser('s1');
    h.auth.setAccountUser('acc1', 'a@b.co');
    expect(await setData('users/anonymousTokens/s1/isSignedIn', { status: true })).toEqual({
      status: 200,
      response: { status: true },
    });
    expect(
      await setData('users/validated/acc1/credentials', { email: 'a@b.co' }, 'PATCH'),
    ).toMatchObject({ status: 200 });
    expect(h.db.requests.map((r) => [r.method, r.token])).toEqual([
      ['PUT', 'token:s1'],
      ['PATCH', 'token:acc1'],
    ]);
    expect(await setData('users/validated/acc1/userOrders', { a: 1 }, 'POST')).toMatchObject({
      status: 200,
      response: { name: expect.any(String) },
    });
  });

  it('returns status 500 with the code and message of a refused request', async () => {
    h.auth.setSessionUser('s1');
    expect(await getData('users/anonymousTokens/other')).toEqual({
      status: 500,
      error: { code: '401', message: 'Permission denied', httpStatus: 401 },
    });
  });

  it('refuses account paths without a signed-in account, without a request', async () => {
    expect(await getData('users/validated/acc1')).toEqual({
      status: 500,
      error: { code: 'not-signed-in', message: 'You need to be signed in to do this.' },
    });
    expect(h.db.requests).toEqual([]);
  });

  it('never throws: a network failure is status 500 with a clear message', async () => {
    h.db.offline = true;
    expect(await getData('catalog/products')).toEqual({
      status: 500,
      error: { code: 'network-error', message: "Couldn't reach the database: fetch failed" },
    });
  });

  it('reports an unreadable answer', async () => {
    setDatabaseFetch(async () => new Response('<html>', { status: 200 }));
    expect(await getData('catalog')).toMatchObject({
      status: 500,
      error: { code: 'invalid-response' },
    });
  });
});

describe('getData through a given fetch', () => {
  afterEach(() => setDatabaseFetch(null));

  it("reads with the fetch it is given (a request's public reads), not the one set for the page", async () => {
    const pageAsked: string[] = [];
    setDatabaseFetch((input) => {
      pageAsked.push(input);
      return Promise.resolve(new Response('"page"'));
    });
    const asked: string[] = [];
    const via = (input: string) => {
      asked.push(input);
      return Promise.resolve(new Response('{"id":"p1","name":"Kept"}'));
    };
    await expect(getData('catalog/products/p1', via)).resolves.toEqual({
      status: 200,
      response: { id: 'p1', name: 'Kept' },
    });
    expect(asked).toEqual([databaseUrl('catalog/products/p1')]);
    expect(pageAsked).toEqual([]);
  });
});

describe('identity helpers', () => {
  it('signInAnonymouslyForToken returns the uid, reusing a persisted session', async () => {
    expect(await signInAnonymouslyForToken()).toBe('session1');
    expect(await getTokenId()).toBe('session1');
    expect(h.auth.anonymousSignIns).toBe(1);
  });

  it('rethrows any failure as a generic Error', async () => {
    h.auth.failAnonymous = true;
    const error = await signInAnonymouslyForToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Anonymous sign-in failed.');
    expect((error as { code?: string }).code).toBeUndefined();
  });

  it("getAccountUid is the account's uid or ''", async () => {
    expect(await getAccountUid()).toBe('');
    h.auth.setAccountUser('acc9', 'z@z.io');
    expect(await getAccountUid()).toBe('acc9');
  });
});
