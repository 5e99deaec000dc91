import {
  RELEASE_COOKIE,
  chooseReleases,
  heldReleases,
  pointerOf,
  releaseCookieValue,
  releaseHeaders,
} from './canary';

describe('canary releases', () => {
  const pointers = {
    catalog: { current: 'a1', canary: { id: 'b2', share: 10 } },
    cart: { current: 'c3' },
  };

  test("a site's pointer with a canary; a malformed canary is none", () => {
    const pointer = (canary: unknown) => pointerOf({ metaData: { release: { id: 'a1' }, canary } });
    expect(pointer({ id: 'b2', share: 10 })).toEqual({
      current: 'a1',
      canary: { id: 'b2', share: 10 },
    });
    for (const canary of [
      { id: 'b2', share: 0 },
      { id: 'b2', share: 100 },
      { id: 'b2', share: 2.5 },
      { id: 'a1', share: 10 }, // the current release itself
      { id: '../x', share: 10 },
      null,
    ]) {
      expect(pointer(canary)).toEqual({ current: 'a1' });
    }
    expect(pointerOf({ metaData: {} })).toBeNull();
  });

  test('a new shopper is drawn by the share, and the cookie keeps the draw', () => {
    const low = chooseReleases(pointers, {}, () => 0.05);
    expect(low).toEqual({ chosen: { catalog: 'b2' }, onCanary: ['catalog'], cookie: 'catalog:b2' });
    const high = chooseReleases(pointers, {}, () => 0.5);
    expect(high).toEqual({ chosen: { catalog: 'a1' }, onCanary: [], cookie: 'catalog:a1' });
    // The same shopper again: whatever the draw would say, the cookie's release, no new cookie.
    expect(chooseReleases(pointers, { catalog: 'b2' }, () => 0.99)).toEqual({
      chosen: { catalog: 'b2' },
      onCanary: ['catalog'],
      cookie: null,
    });
  });

  test('a cookie naming a release that is neither current nor canary is drawn again', () => {
    const choice = chooseReleases(pointers, { catalog: 'old' }, () => 0.99);
    expect(choice.chosen).toEqual({ catalog: 'a1' });
    expect(choice.cookie).toBe('catalog:a1');
  });

  test('no canary left: the cookie is cleared, nobody is drawn', () => {
    const none = { catalog: { current: 'a1' } };
    expect(chooseReleases(none, { catalog: 'b2' })).toEqual({
      chosen: {},
      onCanary: [],
      cookie: '',
    });
    expect(chooseReleases(none, {})).toEqual({ chosen: {}, onCanary: [], cookie: null });
  });

  test("the cookie's value read back from a Cookie header among others", () => {
    const value = releaseCookieValue({ catalog: 'b2', cart: 'c3' });
    expect(value).toBe('cart:c3~catalog:b2');
    expect(heldReleases(`theme=dark; ${RELEASE_COOKIE}=${value}; other=1`)).toEqual({
      catalog: 'b2',
      cart: 'c3',
    });
    expect(heldReleases('theme=dark')).toEqual({});
    expect(heldReleases(undefined)).toEqual({});
  });
});

describe("what a page's answer says of the shopper's releases", () => {
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
});
