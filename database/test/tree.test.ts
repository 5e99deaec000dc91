import { applyQuery, compareKeys, sortKeys, toOutput } from '../src/tree';
import { generatePushId } from '../src/pushId';

describe('ordering (Firebase order)', () => {
  test('by child: missing values first, then false, true, numbers, strings, objects; ties by key', () => {
    const data = {
      k1: { v: 'b' },
      k2: { v: 2 },
      k3: {},
      k4: { v: true },
      k5: { v: { o: 1 } },
      k6: { v: false },
      k7: { v: 1 },
      k8: { v: 'a' },
      k0: { v: 1 },
    };
    const r = applyQuery(data, { orderBy: { kind: 'child', path: ['v'] } });
    expect(Object.keys(r as object)).toEqual([
      'k3',
      'k6',
      'k4',
      'k0',
      'k7',
      'k2',
      'k8',
      'k1',
      'k5',
    ]);
  });

  test('keys: 32-bit integers first numerically, then strings', () => {
    expect(['b', '10', 'a', '2', '-1', '9999999999'].sort(compareKeys)).toEqual([
      '-1',
      '2',
      '10',
      '9999999999',
      'a',
      'b',
    ]);
  });

  test('sortKeys sorts in compareKeys order (integers told apart once per key)', () => {
    const fixed = ['-0', '0', '-1', '01', '2147483647', '2147483648', '-2147483648', 'é', 'Z', 'a'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = ['0', '1', '9', '-', 'a', 'B', '_', 'é', '日'];
    const random = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + (next() % 6) }, () => alphabet[next() % alphabet.length]).join(''),
    );
    const keys = [...new Set([...fixed, ...random])];
    expect(sortKeys(keys)).toEqual([...keys].sort(compareKeys));
    expect(sortKeys(['b', 'a'])).toEqual(['a', 'b']);
  });

  test('equalTo null selects children without the value', () => {
    const r = applyQuery(
      { a: { v: 1 }, b: {} },
      { orderBy: { kind: 'child', path: ['v'] }, equalTo: null },
    );
    expect(Object.keys(r as object)).toEqual(['b']);
  });
});

test('array heuristic: integer keys and max key < 2 × count', () => {
  expect(toOutput({ '0': 'a', '2': 'c' })).toEqual(['a', null, 'c']);
  expect(toOutput({ '1': 'x' })).toEqual([null, 'x']);
  expect(toOutput({ '0': 'a', '5': 'f' })).toEqual({ '0': 'a', '5': 'f' });
  expect(toOutput({ '01': 'a' })).toEqual({ '01': 'a' });
});

test('push ids are 20 chars and strictly increasing even within one millisecond', () => {
  const now = Date.now();
  const ids = Array.from({ length: 200 }, () => generatePushId(now));
  expect(ids.every((id) => id.length === 20)).toBe(true);
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  expect(generatePushId(now + 1) > (ids[ids.length - 1] as string)).toBe(true);
});
