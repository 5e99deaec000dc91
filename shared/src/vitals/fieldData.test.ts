// The field-data table (decision 4203): what a message keeps, and p75 as the thresholds read it.
import { FIELD_LIMITS, isRoutePattern, p75, readFieldReport, scrubMessage } from './fieldData';

describe('scrubMessage', () => {
  it.each([
    ['TypeError: x is undefined', 'TypeError: x is undefined'],
    ['No account for ada.lovelace@example.co.uk here', 'No account for [email] here'],
    ['GET https://shop.example/p?email=a&id=7 failed', 'GET [address] failed'],
    ['Order TL-7F3K2Q for +48 123 456 789', 'Order TL-[id] for +[number]'],
    ['No user -Nx1aBcDeFgHiJkLmN0p or ab12cd', 'No user [token] or [id]'],
    ['Card 4111-1111-1111-1111 refused', 'Card [number] refused'],
    ['Token eyJhbGciOiJSUzI1NiIsInR5cCI6 bad', 'Token [token] bad'],
    ['Size 42 of 3 left', 'Size 42 of 3 left'],
    ['  spaced\n\tout  ', 'spaced out'],
    ['', 'Error'],
  ])('%j → %j', (message, scrubbed) => {
    expect(scrubMessage(message)).toBe(scrubbed);
  });

  it('cuts to the limit', () => {
    expect(scrubMessage('a '.repeat(500))).toHaveLength(FIELD_LIMITS.messageChars);
  });
});

test('route patterns: no query, fragment or space; bounded', () => {
  expect(isRoutePattern('/products/:id')).toBe(true);
  expect(isRoutePattern('/*')).toBe(true);
  expect(isRoutePattern('/search?q=x')).toBe(false);
  expect(isRoutePattern('/a#b')).toBe(false);
  expect(isRoutePattern('products')).toBe(false);
  expect(isRoutePattern(`/${'a'.repeat(FIELD_LIMITS.routeChars)}`)).toBe(false);
});

test('a report keeps only the known fields of each sample', () => {
  const sample = { kind: 'metric', name: 'TTFB', value: 80, route: '/', app: 'shell', build: 'b' };
  expect(readFieldReport({ samples: [sample] })).toEqual({ ok: true, samples: [sample] });
  expect(readFieldReport({ samples: [{ ...sample, value: Infinity }] })).toEqual({
    ok: false,
    reason: 'samples[0].value must be a number ≥ 0.',
  });
});

test('p75 by nearest rank', () => {
  expect(p75([])).toBeNaN();
  expect(p75([5])).toBe(5);
  expect(p75([4, 1, 3, 2])).toBe(3);
  expect(p75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
});
