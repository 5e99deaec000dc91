import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import targaryen from 'targaryen';
import { ADMIN, client, startTestServer, type TestServer } from './helpers';
import { makeEmulatorStyleToken } from './tokens';

/**
 * The server evaluates the write rules with its own compiled evaluator (src/ruleEvaluator.ts,
 * docs/decisions/3902-compiled-write-rules.md). Each write below is sent over HTTP and its answer
 * compared with what targaryen itself decides for the same write on the same data, and with the
 * answer the rules mean.
 */

const RULES = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'database.rules.json'), 'utf8'),
) as { rules: Record<string, unknown> };

const UID = 'eval-session';
const token = makeEmulatorStyleToken({ uid: UID });
const auth = { uid: UID, provider: 'anonymous', token: {} };
const CART = `/users/anonymousTokens/${UID}/anonymousCart`;
const SHOE = 'trail-runner-gtx'; // sizes 40…46, colours Moss and Charcoal in the seed
const NINE = [
  'Moss',
  'Grey/Red',
  'Off white blue',
  'A.b#c$d[e]f',
  'Navy',
  'Sand',
  'Red',
  'Ink',
  'Nine',
];

let t: TestServer;
let db: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestServer();
  db = client(t.server.url);
});
afterAll(async () => {
  await t.stop();
});

const keyOf = (colour: string) => colour.toLowerCase().replace(/[ /.#$[\]]/g, '-');
const line = (id: string, size: string | null, colour: string | null, quantity: unknown = 1) => ({
  id,
  quantity,
  ...(size !== null && { size }),
  ...(colour !== null && { colour }),
});

async function setColours(id: string, colours: string[] | null): Promise<void> {
  const res = await db.put(`/catalog/products/${id}/colours.json`, colours, { token: ADMIN });
  expect(res.status).toBe(200);
}

/** targaryen's own decision for a PUT (`write`) or a PATCH (`update`) on the server's data. */
async function targaryenAllows(
  method: 'PUT' | 'PATCH',
  path: string,
  body: unknown,
): Promise<boolean> {
  const data = JSON.parse(await db.dump()) as unknown;
  const database = targaryen.database(RULES, data, Date.now()).as(auth);
  const at = path.replace(/\.json$/, '');
  return method === 'PUT'
    ? database.write(at, body).allowed
    : database.update(at, body as Record<string, unknown>).allowed;
}

/** The write over HTTP: whether it was accepted, after checking targaryen agrees. */
async function write(method: 'PUT' | 'PATCH', path: string, body: unknown): Promise<boolean> {
  const reference = await targaryenAllows(method, path, body);
  const res =
    method === 'PUT'
      ? await db.put(`${path}.json`, body, { token })
      : await db.patch(`${path}.json`, body, { token });
  expect([200, 401]).toContain(res.status);
  expect({ path, body, allowed: res.status === 200 }).toEqual({ path, body, allowed: reference });
  return res.status === 200;
}

/** One line written both ways: in a whole basket (PUT) and as the browser sends it (PATCH). */
async function lineAllowed(key: string, value: unknown): Promise<boolean> {
  const put = await write('PUT', CART, { products: { [key]: value }, totalQuantity: 1 });
  await db.put(`${CART}.json`, { totalQuantity: 0 }, { token });
  const patch = await write('PATCH', CART, { [`products/${key}`]: value, totalQuantity: 1 });
  expect(patch).toBe(put);
  return put;
}

describe('compiled write rules answer as targaryen does', () => {
  test('a colour of the product is a line; another colour, another product’s or another case is refused', async () => {
    expect(await lineAllowed(`${SHOE}_42~moss`, line(SHOE, '42', 'Moss'))).toBe(true);
    expect(await lineAllowed(`${SHOE}_42~charcoal`, line(SHOE, '42', 'Charcoal'))).toBe(true);
    expect(await lineAllowed(`${SHOE}_42~tobacco`, line(SHOE, '42', 'Tobacco'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42~moss`, line(SHOE, '42', 'moss'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42~mos`, line(SHOE, '42', 'Mos'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42~`, line(SHOE, '42', ''))).toBe(false);
  });

  test('the 8th colour of a product is a line, the 9th is not (the rules look at colours 0 to 7)', async () => {
    await setColours(SHOE, NINE);
    for (const [i, colour] of NINE.entries()) {
      expect(await lineAllowed(`${SHOE}_42~${keyOf(colour)}`, line(SHOE, '42', colour))).toBe(
        i < 8,
      );
    }
    // Every occurrence of each character the key cannot hold becomes '-', whatever it is.
    expect(await lineAllowed(`${SHOE}~a-b-c-d-e-f`, line(SHOE, null, 'A.b#c$d[e]f'))).toBe(true);
    expect(await lineAllowed(`${SHOE}~abcdef`, line(SHOE, null, 'A.b#c$d[e]f'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42~grey-red`, line(SHOE, '42', 'Grey/Red'))).toBe(true);
    expect(await lineAllowed(`${SHOE}_42~greyred`, line(SHOE, '42', 'Grey/Red'))).toBe(false);
    await setColours(SHOE, ['Moss', 'Charcoal']);
  });

  test('a product without colours takes any colour; its key must still carry it', async () => {
    await setColours(SHOE, null);
    expect(await lineAllowed(`${SHOE}_42~violet`, line(SHOE, '42', 'Violet'))).toBe(true);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', 'Violet'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null))).toBe(true);
    await setColours(SHOE, ['Moss', 'Charcoal']);
  });

  test('sizes, quantities and ids as the rules say', async () => {
    expect(await lineAllowed(`${SHOE}_47`, line(SHOE, '47', null))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null, 10))).toBe(true);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null, 11))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null, 1.5))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null, -1))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, line(SHOE, '42', null, '1'))).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, { ...line(SHOE, '42', null), extra: 1 })).toBe(false);
    expect(await lineAllowed(`${SHOE}_42`, { quantity: 1, size: '42' })).toBe(false);
  });

  test('names an object inherits are no products, nor sizes (refused, not an error)', async () => {
    // targaryen's own store cannot hold these keys, so no comparison: the rules' answer only.
    await db.put(`${CART}.json`, { totalQuantity: 0 }, { token });
    for (const id of ['constructor', 'hasOwnProperty', 'toString', '__proto__', 'valueOf']) {
      for (const [key, value] of [
        [`${id}_42`, line(id, '42', null)],
        [`${SHOE}_${id}`, line(SHOE, id, null)],
      ] as const) {
        const res = await db.patch(`${CART}.json`, { [`products/${key}`]: value }, { token });
        expect({ key, status: res.status }).toEqual({ key, status: 401 });
      }
    }
  });

  test('baskets: totals, discounts, another shopper’s basket, deleting a line', async () => {
    const good = { products: { [`${SHOE}_42`]: line(SHOE, '42', null) }, totalQuantity: 1 };
    expect(await write('PUT', CART, good)).toBe(true);
    expect(await write('PUT', CART, { ...good, totalQuantity: '1' })).toBe(false);
    expect(await write('PUT', CART, { products: good.products })).toBe(false);
    const discount = { isDiscount: true, discountType: 10, discountCode: 'SAVE10' };
    expect(await write('PUT', CART, { ...good, discount })).toBe(true);
    expect(await write('PUT', CART, { ...good, discount: { ...discount, discountType: 20 } })).toBe(
      false,
    );
    expect(
      await write('PUT', CART, { ...good, discount: { ...discount, discountCode: 'NOPE' } }),
    ).toBe(false);
    const none = { isDiscount: false, discountType: '', discountCode: '' };
    expect(await write('PUT', CART, { ...good, discount: none })).toBe(true);
    expect(await write('PATCH', CART, { [`products/${SHOE}_42`]: null, totalQuantity: 0 })).toBe(
      true,
    );
    expect(await write('PUT', '/users/anonymousTokens/someone-else/anonymousCart', good)).toBe(
      false,
    );
  });
});
