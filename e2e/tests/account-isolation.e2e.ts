// Over REST against the real database server and Auth emulator (docs/product.md §6): one account's
// ID token cannot read (or overwrite) another account's credentials, personal information, cart or
// orders, nor another visitor's session record. The owner reads its own data, so a denial below is
// the rules at work, not a broken setup.
import { LOCAL_URLS } from '../../scripts/lib/apps';
import { DATABASE_URL } from '../support/browser';
import { adminGet, firstProductId } from '../support/database';
import {
  type TestUser,
  createAccount,
  createAnonymousSession,
  uniqueEmail,
} from '../support/identity';

const DENIED = [401, 403];

async function rest(method: string, path: string, token?: string, body?: unknown) {
  const query = token ? `?auth=${encodeURIComponent(token)}` : '';
  const response = await fetch(`${DATABASE_URL}/${path}.json${query}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

let alice: TestUser;
let bob: TestUser;
let aliceSession: TestUser;
let bobSession: TestUser;
const aliceInfo = {
  address: '12 Rua Augusta',
  city: 'Lisbon',
  country: 'Portugal',
  email: 'alice.private@example.com',
  name: 'Alice Secret',
  tel: '+35 123 456 789',
  zipCode: '1100',
};

beforeAll(async () => {
  [alice, bob, aliceSession, bobSession] = await Promise.all([
    createAccount(uniqueEmail('alice'), 'alice-password'),
    createAccount(uniqueEmail('bob'), 'bob-password'),
    createAnonymousSession(),
    createAnonymousSession(),
  ]);
  const productId = await firstProductId();
  // A line names its size (the order function refuses a sized product without one).
  const { sizes } = await adminGet<{ sizes?: string[] }>(`catalog/products/${productId}`);
  const size = sizes?.[0];
  const line = (quantity: number) => ({
    [size ? `${productId}_${size}` : productId]: {
      id: productId,
      quantity,
      ...(size ? { size } : {}),
    },
  });
  const orderKey = '-AliceOrder000000001';
  // Alice writes her own record with her own token, as the storefront does.
  const writes = [
    rest('PUT', `users/validated/${alice.uid}/credentials`, alice.idToken, {
      email: alice.email,
    }),
    rest('PUT', `users/validated/${alice.uid}/personalInformation`, alice.idToken, aliceInfo),
    rest('PUT', `users/validated/${alice.uid}/userCart`, alice.idToken, {
      totalQuantity: 2,
      products: line(2),
    }),
    rest('PUT', `users/anonymousTokens/${aliceSession.uid}/credentials`, aliceSession.idToken, {
      email: alice.email,
      userAccountUid: alice.uid,
    }),
    rest('PUT', `users/anonymousTokens/${aliceSession.uid}/anonymousCart`, aliceSession.idToken, {
      totalQuantity: 1,
      products: line(1),
    }),
  ];
  for (const result of await Promise.all(writes)) expect(result.status).toBe(200);
  // Her order is placed by the order function (browsers cannot write orders, decision 1401).
  const placed = await fetch(`${LOCAL_URLS.functions}/placeOrder`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${alice.idToken}` },
    body: JSON.stringify({
      orderKey,
      personalInformation: aliceInfo,
      paymentMethod: 'bank transfer',
    }),
  });
  expect(placed.status).toBe(200);
});

const ALICE_PARTS = ['credentials', 'personalInformation', 'userCart', 'userOrders'] as const;

describe("another account's token", () => {
  it.each(ALICE_PARTS)("is denied reading Alice's %s", async (part) => {
    const { status, text } = await rest('GET', `users/validated/${alice.uid}/${part}`, bob.idToken);
    expect(DENIED).toContain(status);
    expect(text).not.toContain('Alice Secret');
    expect(text).not.toContain(alice.email as string);
  });

  it("is denied reading Alice's whole record and the list of accounts", async () => {
    for (const path of [`users/validated/${alice.uid}`, 'users/validated', 'users']) {
      const { status, text } = await rest('GET', path, bob.idToken);
      expect(DENIED).toContain(status);
      expect(text).not.toContain('Alice Secret');
    }
  });

  it("is denied overwriting Alice's data, which stays as it was", async () => {
    const writes = await Promise.all([
      rest('PUT', `users/validated/${alice.uid}/credentials`, bob.idToken, { email: bob.email }),
      rest('PATCH', `users/validated/${alice.uid}/personalInformation`, bob.idToken, {
        name: 'Bob Was Here',
      }),
      rest('PUT', `users/validated/${alice.uid}/userCart`, bob.idToken, { totalQuantity: 0 }),
      rest('DELETE', `users/validated/${alice.uid}/userOrders`, bob.idToken),
    ]);
    for (const { status } of writes) expect(DENIED).toContain(status);
    const stored = await adminGet<Record<string, unknown>>(`users/validated/${alice.uid}`);
    expect(stored.personalInformation).toEqual(aliceInfo);
    expect(stored.credentials).toEqual({ email: alice.email });
    expect(Object.keys(stored.userOrders as object)).toEqual(['-AliceOrder000000001']);
    expect((stored.userCart as { totalQuantity: number }).totalQuantity).toBe(2);
  });

  it("of a visitor's session is denied Alice's account data too", async () => {
    for (const part of ALICE_PARTS) {
      const { status } = await rest(
        'GET',
        `users/validated/${alice.uid}/${part}`,
        aliceSession.idToken,
      );
      expect(DENIED).toContain(status);
    }
  });
});

describe("another visitor's session token", () => {
  it.each(['', '/credentials', '/anonymousCart'])(
    "is denied reading Alice's session record%s",
    async (suffix) => {
      const path = `users/anonymousTokens/${aliceSession.uid}${suffix}`;
      const { status, text } = await rest('GET', path, bobSession.idToken);
      expect(DENIED).toContain(status);
      expect(text).not.toContain(alice.uid);
    },
  );
});

describe('no token', () => {
  it.each(ALICE_PARTS)("is denied reading Alice's %s", async (part) => {
    const { status } = await rest('GET', `users/validated/${alice.uid}/${part}`);
    expect(DENIED).toContain(status);
  });
});

describe("Alice's own token", () => {
  it.each(ALICE_PARTS)('reads her %s', async (part) => {
    const { status, text } = await rest(
      'GET',
      `users/validated/${alice.uid}/${part}`,
      alice.idToken,
    );
    expect(status).toBe(200);
    expect(text).not.toBe('null');
  });

  it('reads her personal information exactly as saved', async () => {
    const { text } = await rest(
      'GET',
      `users/validated/${alice.uid}/personalInformation`,
      alice.idToken,
    );
    expect(JSON.parse(text)).toEqual(aliceInfo);
  });
});
