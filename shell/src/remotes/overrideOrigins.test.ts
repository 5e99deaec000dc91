import { applyOverrides, isAllowedOrigin } from './overrideOrigins';
import { readRequestedOverrides } from './overrides';

const ALLOW = ['http://localhost', 'http://127.0.0.1', 'https://qa.threadline.example:8443'];

describe('isAllowedOrigin', () => {
  test.each([
    ['http://localhost:9181/mf-manifest.json', true],
    ['http://localhost/mf-manifest.json', true],
    ['http://127.0.0.1:8081/mf-manifest.json', true],
    ['https://qa.threadline.example:8443/catalog/mf-manifest.json', true],
  ])('accepts %s', (url, expected) => {
    expect(isAllowedOrigin(url, ALLOW)).toBe(expected);
  });

  test.each([
    ['https://localhost:9181/mf-manifest.json', 'another scheme'],
    ['http://localhost.evil.example/mf-manifest.json', 'a look-alike host'],
    ['http://evil.example/http://localhost/mf-manifest.json', 'the allowed origin in the path'],
    ['http://user:pass@localhost/mf-manifest.json', 'credentials in the URL'],
    ['https://qa.threadline.example/mf-manifest.json', 'a port other than the allowed one'],
    ['https://qa.threadline.example:9443/mf-manifest.json', 'a port other than the allowed one'],
    ['javascript:alert(1)', 'a script URL'],
    ['not a url', 'garbage'],
  ])('refuses %s (%s)', (url) => {
    expect(isAllowedOrigin(url, ALLOW)).toBe(false);
  });
});

describe('applyOverrides', () => {
  const remotes = {
    catalog: 'http://localhost:8081/mf-manifest.json',
    cart: 'http://localhost:8082/mf-manifest.json',
  };

  test('uses an allow-listed override and refuses the others with a reason', () => {
    const { remotes: result, decisions } = applyOverrides(
      remotes,
      {
        catalog: 'http://localhost:9181/mf-manifest.json',
        cart: 'https://evil.example/mf-manifest.json',
        payments: 'http://localhost:1/mf-manifest.json',
      },
      ALLOW,
    );
    expect(result).toEqual({
      catalog: 'http://localhost:9181/mf-manifest.json',
      cart: 'http://localhost:8082/mf-manifest.json',
    });
    expect(decisions).toEqual([
      expect.objectContaining({ name: 'catalog', accepted: true }),
      expect.objectContaining({ name: 'cart', accepted: false, reason: 'origin not allow-listed' }),
      expect.objectContaining({ name: 'payments', accepted: false, reason: 'unknown remote' }),
    ]);
  });

  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'refuses %s: a name the remote map inherits is not a remote',
    (name) => {
      const requested: Record<string, string> = {};
      // Defined, not assigned: `requested.__proto__ = …` would not make an own key.
      Object.defineProperty(requested, name, {
        value: 'http://localhost:9181/mf-manifest.json',
        enumerable: true,
      });
      const { remotes: result, decisions } = applyOverrides(remotes, requested, ALLOW);
      expect(decisions).toEqual([
        expect.objectContaining({ name, accepted: false, reason: 'unknown remote' }),
      ]);
      expect(Object.keys(result)).toEqual(['catalog', 'cart']);
      expect(Object.prototype.hasOwnProperty.call(result, name)).toBe(false);
    },
  );

  test('refuses a prototype name asked for in the address', () => {
    const requested = readRequestedOverrides(
      '?remote-override=constructor@http://localhost:9181/mf-manifest.json',
      null,
    );
    const { decisions } = applyOverrides(remotes, requested, ALLOW);
    expect(decisions).toEqual([
      expect.objectContaining({ name: 'constructor', accepted: false, reason: 'unknown remote' }),
    ]);
  });
});
