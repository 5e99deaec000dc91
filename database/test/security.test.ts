// Issue 39's findings against the database server, replayed over real HTTP: what one session may
// write is bounded, and two tabs writing one basket at once keep both their changes.
import { client, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

let t: TestServer;
let db: ReturnType<typeof client>;

const UID = 'two-tabs-session';
const token = makeEmulatorStyleToken({ uid: UID });
const CART = `/users/anonymousTokens/${UID}/anonymousCart`;

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
});
afterAll(() => t.stop());

describe('two tabs change different lines of one basket at the same time (issue 39 #10)', () => {
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
