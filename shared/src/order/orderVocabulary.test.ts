// The order's vocabulary against the database's rules (database.rules.json, read as it is): every
// path of ORDER_PATHS is a node of the rules (filled with the rules' own `$` names), the personal
// information the rules accept is the order's personal fields, and an order's key is a key the
// database can hold. The same paths and keys over the real server: functions/test/orderVocabulary.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_PERSONAL_FIELDS } from './orderFields';
import {
  ORDER_FAILURE_REASONS,
  ORDER_KEY_PATTERN,
  ORDER_PATHS,
  PLACE_ORDER_ERRORS,
  REASONS_FIXED_IN_BASKET,
  REASONS_NAMING_ITEMS,
  REFUSAL_REASONS,
  isOrderKey,
} from './orderVocabulary';

type RuleNode = { [key: string]: RuleNode | string | boolean };

const RULES = (
  JSON.parse(readFileSync(join(__dirname, '../../../database.rules.json'), 'utf8')) as {
    rules: RuleNode;
  }
).rules;

/** The rules' node at `path`, following `$name` children by their exact name; null if none. */
function ruleAt(path: string): RuleNode | null {
  let node: RuleNode = RULES;
  for (const part of path.split('/')) {
    const next = node[part];
    if (typeof next !== 'object') return null;
    node = next;
  }
  return node;
}

/** The named children a write may hold (a child whose `.validate` is false is refused). */
const acceptedChildren = (node: RuleNode) =>
  Object.entries(node)
    .filter(([key]) => !key.startsWith('.') && !key.startsWith('$'))
    .filter(([, child]) => typeof child !== 'object' || child['.validate'] !== false)
    .map(([key]) => key);

describe('ORDER_PATHS are the paths of database.rules.json', () => {
  it.each([
    ['account', ORDER_PATHS.account('$accountUid')],
    ['session', ORDER_PATHS.session('$sessionUid')],
    ['accountOrders', ORDER_PATHS.accountOrders('$accountUid')],
    ['accountOrder', ORDER_PATHS.accountOrder('$accountUid', '$orderKey')],
    ['anonymousOrders', ORDER_PATHS.anonymousOrders('$sessionUid')],
    ['anonymousOrder', ORDER_PATHS.anonymousOrder('$sessionUid', '$orderKey')],
    ['accountCart', ORDER_PATHS.accountCart('$accountUid')],
    ['anonymousCart', ORDER_PATHS.anonymousCart('$sessionUid')],
    ['personalInformation', ORDER_PATHS.personalInformation('$accountUid')],
    ['orderNumbers', ORDER_PATHS.orderNumbers],
    ['orderClaims', ORDER_PATHS.orderClaims],
    ['firstOrders', ORDER_PATHS.firstOrders],
    ['guestOrdersByEmail', ORDER_PATHS.guestOrdersByEmail],
    ['guestOrderClaims', ORDER_PATHS.guestOrderClaims],
  ])('%s: %s', (_name, path) => {
    expect(ruleAt(path)).not.toBeNull();
  });

  it('an order is written by the order function only: no client may write one', () => {
    expect(ruleAt(ORDER_PATHS.accountOrder('$accountUid', '$orderKey'))?.['.write']).toBe(false);
    expect(ruleAt(ORDER_PATHS.anonymousOrder('$sessionUid', '$orderKey'))?.['.write']).toBe(false);
    for (const path of [ORDER_PATHS.orderNumbers, ORDER_PATHS.orderClaims, ORDER_PATHS.firstOrders])
      expect(ruleAt(path)).toMatchObject({ '.read': false, '.write': false });
  });

  it('the order number path is under orderNumbers', () => {
    expect(ORDER_PATHS.orderNumber('TL-7F3K2Q')).toBe(`${ORDER_PATHS.orderNumbers}/TL-7F3K2Q`);
  });

  it('the personal information the rules accept is the order personal fields, no other', () => {
    const node = ruleAt(ORDER_PATHS.personalInformation('$accountUid'));
    expect(new Set(acceptedChildren(node ?? {}))).toEqual(new Set(ORDER_PERSONAL_FIELDS));
    expect(node?.$other).toEqual({ '.validate': false });
  });
});

describe('ORDER_KEY_PATTERN', () => {
  it('accepts push ids: 20 characters of [-0-9A-Za-z_]', () => {
    expect(isOrderKey('-Nabcdefghij0123456_')).toBe(true);
    expect(isOrderKey('-OrderKeyForTests001')).toBe(true);
  });

  it.each(['', '-Nabcdefghij0123456', '-Nabcdefghij0123456__', '-Nabcdefghij012345.6', 'a/b'])(
    'refuses %j',
    (key) => expect(isOrderKey(key)).toBe(false),
  );

  it('never accepts a character the database refuses in a key (. $ # [ ] /)', () => {
    for (const c of '.$#[]/') expect(ORDER_KEY_PATTERN.test(`-Nabcdefghij012345${c}6`)).toBe(false);
  });
});

describe('failure reasons', () => {
  it('every refusal maps to a known function code and a known reason', () => {
    for (const [code, reason] of Object.entries(REFUSAL_REASONS)) {
      expect(PLACE_ORDER_ERRORS).toContain(code);
      expect(ORDER_FAILURE_REASONS).toContain(reason);
    }
  });

  it('the reasons naming items and fixed in the basket are reasons', () => {
    for (const reason of [...REASONS_NAMING_ITEMS, ...REASONS_FIXED_IN_BASKET])
      expect(ORDER_FAILURE_REASONS).toContain(reason);
  });
});
