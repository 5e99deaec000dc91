// The database's own copies of the shop's limits are the shop's (shared/src/constants.ts): the
// database package does not depend on @shop/shared (it runs alone, under tsx, without the
// browser packages @shop/shared brings), so its node limits and its rules file repeat numbers
// that this test holds to the one source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BASKET_LINES_MAX,
  DISCOUNT_PERCENT_MAX,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../../shared/src/constants';
import { BASKET_LINES_MAX as DATABASE_BASKET_LINES_MAX, DEFAULT_NODE_LIMITS } from '../src/limits';

type Rules = Record<string, unknown>;
const rules = JSON.parse(readFileSync(join(__dirname, '../../database.rules.json'), 'utf8')) as {
  rules: Rules;
};

/** The `.validate` expression at a rules path. */
function validateAt(path: string): string {
  let node: unknown = rules.rules;
  for (const key of path.split('/')) node = (node as Rules)[key];
  return String((node as Rules)['.validate']);
}

const BASKETS = [
  'users/anonymousTokens/$sessionUid/anonymousCart',
  'users/validated/$accountUid/userCart',
];

test("a basket's lines: the database's node limit is BASKET_LINES_MAX", () => {
  expect(DATABASE_BASKET_LINES_MAX).toBe(BASKET_LINES_MAX);
  expect(DEFAULT_NODE_LIMITS.map((limit) => [limit.path, limit.maxChildren])).toEqual(
    BASKETS.map((basket) => [`${basket}/products`, BASKET_LINES_MAX]),
  );
});

test.each(BASKETS)('%s: the rules keep a line between QUANTITY_MIN and QUANTITY_MAX', (basket) => {
  const rule = validateAt(`${basket}/products/$lineKey/quantity`);
  expect(Number(/newData\.val\(\) >= (\d+)/.exec(rule)?.[1])).toBe(QUANTITY_MIN);
  expect(Number(/newData\.val\(\) <= (\d+)/.exec(rule)?.[1])).toBe(QUANTITY_MAX);
  // The basket's total holds every line at its most.
  const total = validateAt(`${basket}/totalQuantity`);
  expect(Number(/newData\.val\(\) <= (\d+)/.exec(total)?.[1])).toBeGreaterThanOrEqual(
    BASKET_LINES_MAX * QUANTITY_MAX,
  );
});

test.each(BASKETS)('%s: the rules take a discount up to DISCOUNT_PERCENT_MAX', (basket) => {
  const rule = validateAt(`${basket}/discount/discountType`);
  expect(Number(/newData\.val\(\) <= (\d+)/.exec(rule)?.[1])).toBe(DISCOUNT_PERCENT_MAX);
});
