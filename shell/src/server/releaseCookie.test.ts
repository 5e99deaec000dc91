import { releaseHeaders } from './releaseCookie';

const withCanary = { catalog: { current: 'a1', canary: { id: 'b2', share: 10 } } };
const without = { catalog: { current: 'a1' } };

test('no canary, no cookie: the page is kept as always, nothing added', () => {
  expect(releaseHeaders(without, undefined, null, false)).toEqual({ headers: {}, shared: true });
});

test("a shopper's first page while a canary runs: the cookie set, the answer not kept", () => {
  expect(releaseHeaders(withCanary, undefined, 'catalog:b2', true)).toEqual({
    headers: {
      Vary: 'Accept-Encoding, Cookie',
      'Set-Cookie': '__session=catalog:b2; Path=/; SameSite=Lax; Secure',
    },
    shared: false,
  });
});

test('a shopper who has the cookie: a page kept per cookie', () => {
  expect(releaseHeaders(withCanary, '__session=catalog:b2', null, false)).toEqual({
    headers: { Vary: 'Accept-Encoding, Cookie' },
    shared: true,
  });
});

test('the canary ended: the cookie cleared, that answer not kept', () => {
  const { headers, shared } = releaseHeaders(without, '__session=catalog:b2', '', false);
  expect(headers['Set-Cookie']).toBe('__session=; Path=/; SameSite=Lax; Max-Age=0');
  expect(shared).toBe(false);
});
