// The address book's rules (docs/decisions/4202-address-book.md), over real HTTP: only the owner
// reads and writes it, at most ten addresses (keys a0…a9), each field bounded as the one
// validation table bounds it, a default that names a saved address.
import { ADMIN, client, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;

const account = (uid: string) =>
  makeEmulatorStyleToken({ uid, provider: 'password', claims: { email: `${uid}@example.com` } });
const alice = account('alice-acct');
const bob = account('bob-acct');
const aliceSession = makeEmulatorStyleToken({ uid: 'alice-acct' }); // anonymous, same uid
const book = (uid: string) => `/users/validated/${uid}/addressBook`;

const home = {
  name: 'Alice Liddell',
  tel: '+44 20 7946 0958',
  address: '1 Main Street',
  city: 'Springfield',
  zipCode: '12345',
  country: 'United Kingdom',
};

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
  await db.put(
    `${book('bob-acct')}.json`,
    { addresses: { a0: { ...home, name: 'Bob Builder' } }, defaultKey: 'a0' },
    { token: ADMIN },
  );
});
afterAll(() => t.stop());

describe('the owner', () => {
  test('adds addresses, chooses a default, edits and deletes, and reads the book', async () => {
    const put = await db.put(`${book('alice-acct')}/addresses/a0.json`, home, { token: alice });
    expect(put.status).toBe(200);
    const add = await db.patch(
      `${book('alice-acct')}.json`,
      { 'addresses/a1': { ...home, address: '2 Side Street' }, defaultKey: 'a1' },
      { token: alice },
    );
    expect(add.status).toBe(200);
    const edit = await db.patch(
      `${book('alice-acct')}/addresses/a0.json`,
      { city: 'Shelbyville' },
      { token: alice },
    );
    expect(edit.status).toBe(200);
    const read = await db.get(`${book('alice-acct')}.json`, { token: alice });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      addresses: {
        a0: { ...home, city: 'Shelbyville' },
        a1: { ...home, address: '2 Side Street' },
      },
      defaultKey: 'a1',
    });
    const remove = await db.patch(
      `${book('alice-acct')}.json`,
      { 'addresses/a1': null, defaultKey: 'a0' },
      { token: alice },
    );
    expect(remove.status).toBe(200);
    expect((await db.get(`${book('alice-acct')}/defaultKey.json`, { token: alice })).json).toBe(
      'a0',
    );
  });

  test('holds at most ten addresses: no key outside a0…a9, nor a push id', async () => {
    const ten = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`a${i}`, { ...home, address: `${i + 1} Main Street` }]),
    );
    expect(
      (await db.put(`${book('alice-acct')}/addresses.json`, ten, { token: alice })).status,
    ).toBe(200);
    for (const key of ['a10', 'b0', 'A1', '-NpushIdLike0000000a', '10']) {
      const r = await db.put(`${book('alice-acct')}/addresses/${key}.json`, home, {
        token: alice,
      });
      expect(r.status).toBe(401);
    }
    const pushed = await db.post(`${book('alice-acct')}/addresses.json`, home, { token: alice });
    expect(pushed.status).toBe(401);
    const eleven = { ...ten, a10: home };
    expect(
      (await db.put(`${book('alice-acct')}/addresses.json`, eleven, { token: alice })).status,
    ).toBe(401);
    const stored = (await db.get(`${book('alice-acct')}/addresses.json`, { token: alice }))
      .json as Record<string, unknown>;
    expect(Object.keys(stored)).toHaveLength(10);
  });

  test('each field is bounded as the validation table bounds it, and required', async () => {
    const path = `${book('alice-acct')}/addresses/a2.json`;
    const refused = [
      { ...home, name: 'x'.repeat(101) },
      { ...home, address: 'x'.repeat(201) },
      { ...home, city: 'x'.repeat(101) },
      { ...home, zipCode: '12345678901' },
      { ...home, country: 'x'.repeat(101) },
      { ...home, tel: '1'.repeat(24) },
      { ...home, name: '' },
      { ...home, name: 42 },
      { ...home, email: 'alice@example.com' },
      { ...home, password: 'secret123' },
      (({ tel: _tel, ...rest }) => rest)(home),
    ];
    for (const value of refused) {
      expect((await db.put(path, value, { token: alice })).status).toBe(401);
    }
    const longest = {
      name: 'x'.repeat(100),
      tel: '+(48) 1-2-3-4-5-6-7-8-9',
      address: 'x'.repeat(200),
      city: 'x'.repeat(100),
      zipCode: '12345-6789',
      country: 'x'.repeat(100),
    };
    expect((await db.put(path, longest, { token: alice })).status).toBe(200);
  });

  test('the default names a saved address, by a key of the set', async () => {
    const path = `${book('alice-acct')}/defaultKey.json`;
    await db.put(`${book('alice-acct')}/addresses.json`, { a0: home }, { token: alice });
    expect((await db.put(path, 'a5', { token: alice })).status).toBe(401);
    expect((await db.put(path, 'zz', { token: alice })).status).toBe(401);
    expect((await db.put(path, 3, { token: alice })).status).toBe(401);
    expect((await db.put(path, 'a0', { token: alice })).status).toBe(200);
    expect((await db.put(`${book('alice-acct')}/other.json`, 'x', { token: alice })).status).toBe(
      401,
    );
  });
});

describe('anyone else', () => {
  test("another account can neither read nor write Bob's address book", async () => {
    const before = await db.dump();
    for (const token of [alice, aliceSession]) {
      expect((await db.get(`${book('bob-acct')}.json`, { token })).status).toBe(401);
      expect((await db.get(`${book('bob-acct')}/addresses/a0.json`, { token })).status).toBe(401);
      expect((await db.put(`${book('bob-acct')}/addresses/a1.json`, home, { token })).status).toBe(
        401,
      );
      expect((await db.put(`${book('bob-acct')}/defaultKey.json`, 'a0', { token })).status).toBe(
        401,
      );
      expect((await db.del(`${book('bob-acct')}/addresses/a0.json`, { token })).status).toBe(401);
      expect(
        (await db.patch(`${book('bob-acct')}.json`, { 'addresses/a0': null }, { token })).status,
      ).toBe(401);
    }
    expect(await db.dump()).toBe(before);
    expect((await db.get(`${book('bob-acct')}.json`, { token: bob })).status).toBe(200);
  });

  test('an anonymous session with the same uid cannot use an account book, nor can nobody', async () => {
    expect(
      (await db.put(`${book('alice-acct')}/addresses/a3.json`, home, { token: aliceSession }))
        .status,
    ).toBe(401);
    expect((await db.get(`${book('alice-acct')}.json`, { token: aliceSession })).status).toBe(401);
    expect((await db.get(`${book('alice-acct')}.json`)).status).toBe(401);
    expect((await db.put(`${book('alice-acct')}/addresses/a3.json`, home)).status).toBe(401);
  });
});
