import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { addNewPages, storefrontRoutes } from '../routes';
import { matchPage, neededAtOnce, type RemoteModuleRef, type RouteLists } from './pageModules';

// Made-up route lists: the shell knows no remote's real paths; these only have their shapes
// (a page with a parameter, a static page beside it, a layout owned by one remote whose index
// page comes from another, a layout with pages of its own).
const LISTS: RouteLists = {
  catalog: [
    { path: '/', module: './home', reads: ['catalog/products'] },
    { path: '/things/:slug', module: './thing', reads: ['catalog/things/{slug}'] },
    { path: '/things/special', module: './special' },
  ],
  cart: [{ path: '/pay', parent: '/pay', module: './review' }],
  checkout: [
    { path: '/pay', module: './pay-layout' },
    { path: '/pay/step', parent: '/pay', module: './step' },
  ],
  account: [
    { path: '/me', module: './me-layout' },
    { path: '/me/:tab', parent: '/me', module: './tab' },
  ],
};

// The route lists the registry holds now (index slots look their page up there).
let registryLists: RouteLists = {};
jest.mock('./registry', () => ({
  ...jest.requireActual<object>('./registry'),
  getRegistry: () => ({ routeLists: registryLists, missing: [] }),
}));

/** What the composed router renders for `path`: the remote modules of every matched route. */
function routedModules(routes: RouteObject[], path: string): RemoteModuleRef[] {
  return (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
    const handle = route.handle as Partial<RemoteModuleRef> | undefined;
    return handle?.remote && handle.exposed
      ? [{ remote: handle.remote, exposed: handle.exposed }]
      : [];
  });
}

describe('the first page, from the remotes route lists', () => {
  it.each([
    ['/', [['catalog', './home']]],
    ['/things/abc/', [['catalog', './thing']]],
    ['/things/special', [['catalog', './special']]],
    [
      '/pay',
      [
        ['checkout', './pay-layout'],
        ['cart', './review'],
      ],
    ],
    [
      '/pay/step',
      [
        ['checkout', './pay-layout'],
        ['checkout', './step'],
      ],
    ],
    [
      '/me/orders',
      [
        ['account', './me-layout'],
        ['account', './tab'],
      ],
    ],
  ])('%s: the modules the composed router renders, layout first', (path, expected) => {
    const modules = expected.map(([remote, exposed]) => ({ remote, exposed }));
    expect(matchPage(path, LISTS).modules).toEqual(modules);
    expect(routedModules(storefrontRoutes(LISTS), path)).toEqual(modules);
  });

  it.each(['/about', '/contact', '/no-such-page'])(
    '%s: no remote page, nothing to preload',
    (path) => {
      expect(matchPage(path, LISTS).modules).toEqual([]);
      expect(routedModules(storefrontRoutes(LISTS), path)).toEqual([]);
    },
  );

  it('inside a layout, an unknown address keeps the layout around the 404', () => {
    const matched = matchRoutes(storefrontRoutes(LISTS), '/pay/nowhere') ?? [];
    expect(matched.map((m) => m.route.id)).toEqual(['root', 'checkout:>/pay', 'checkout:>/pay:*']);
  });

  it('has the parameters the router passes (decoded) and the reads the remote lists', () => {
    expect(matchPage('/things/knit%20sweater/', LISTS)).toMatchObject({
      params: { slug: 'knit sweater' },
      reads: { catalog: ['catalog/things/{slug}'] },
    });
    expect(matchPage('/', LISTS).params).toEqual({});
  });

  it('is nothing for an address with a malformed escape', () => {
    for (const path of ['/things/%E0%A4%A', '/things/%', '/me/%zz']) {
      expect(matchPage(path, LISTS)).toEqual({ modules: [], params: {}, reads: {} });
    }
  });

  it.each([
    '/things/a%00b',
    '/things/a%0Ab',
    '/things/a%7Fb',
    '/things/.x',
    '/things/a%2Eb',
    '/things/a%24b',
    '/things/a%5Bb',
    '/things/a%2Fb',
    `/things/${'%C3%A9'.repeat(385)}`,
  ])('is nothing for %s: an id no record can have', (path) => {
    expect(matchPage(path, LISTS)).toEqual({ modules: [], params: {}, reads: {} });
  });

  it('keeps ids any record may have', () => {
    for (const id of [
      'knit-sweater',
      'knit_sweater',
      'Knit%20Sweater',
      '%C3%A9t%C3%A9',
      'a'.repeat(768),
    ]) {
      expect(matchPage(`/things/${id}`, LISTS).modules).not.toEqual([]);
    }
  });

  it('is nothing for a page two remotes claim, or one whose layout is not known', () => {
    const claimed: RouteLists = { ...LISTS, cart: [{ path: '/things/special', module: './x' }] };
    expect(matchPage('/things/special', claimed).modules).toEqual([]);
    expect(routedModules(storefrontRoutes(claimed), '/things/special')).toEqual([]);
    const { checkout: _down, ...withoutCheckout } = LISTS;
    expect(matchPage('/pay', withoutCheckout).modules).toEqual([]);
  });
});

describe('pages of a remote that was down at the start', () => {
  afterEach(() => {
    registryLists = {};
  });

  it('are added to the running router (its index page through the slot), and nothing else changes', () => {
    const { catalog: _down, ...withoutCatalog } = LISTS;
    registryLists = withoutCatalog;
    const router = createMemoryRouter(storefrontRoutes(withoutCatalog), {
      initialEntries: ['/about'],
    });
    const routes = () => router.routes as RouteObject[];
    expect(routedModules(routes(), '/things/a')).toEqual([]);
    expect(routedModules(routes(), '/')).toEqual([]);

    registryLists = LISTS; // "Try again" read the catalog's list
    expect(addNewPages(router, LISTS)).toBe(2);
    expect(routedModules(routes(), '/things/a')).toEqual([
      { remote: 'catalog', exposed: './thing' },
    ]);
    expect(routedModules(routes(), '/')).toEqual([{ remote: 'catalog', exposed: './home' }]);
    expect(addNewPages(router, LISTS)).toBe(0);
    router.dispose();
  });

  it("fill a layout's index through its slot when only the index page was missing", () => {
    const { cart: _down, ...withoutCart } = LISTS;
    registryLists = withoutCart;
    const router = createMemoryRouter(storefrontRoutes(withoutCart), { initialEntries: ['/'] });
    const routes = () => router.routes as RouteObject[];
    expect(routedModules(routes(), '/pay')).toEqual([
      { remote: 'checkout', exposed: './pay-layout' },
    ]);
    registryLists = LISTS;
    expect(addNewPages(router, LISTS)).toBe(0);
    expect(routedModules(routes(), '/pay')).toEqual([
      { remote: 'checkout', exposed: './pay-layout' },
      { remote: 'cart', exposed: './review' },
    ]);
    router.dispose();
  });
});

describe('a page whose code waits for an interaction (decision 1312)', () => {
  const lists: RouteLists = {
    catalog: [{ path: '/', module: './home', hydrate: 'on-interaction' }],
    checkout: [
      { path: '/pay', module: './pay-layout' },
      { path: '/pay/step', parent: '/pay', module: './step', hydrate: 'on-interaction' },
    ],
  };

  it('is marked in the match, module by module', () => {
    expect(matchPage('/', lists).modules).toEqual([
      { remote: 'catalog', exposed: './home', onInteraction: true },
    ]);
    expect(matchPage('/pay/step', lists).modules).toEqual([
      { remote: 'checkout', exposed: './pay-layout' },
      { remote: 'checkout', exposed: './step', onInteraction: true },
    ]);
  });

  it('needs no code at once when the server rendered it, all of it when the browser renders it', () => {
    const { modules } = matchPage('/pay/step', lists);
    expect(neededAtOnce(modules, true)).toEqual([{ remote: 'checkout', exposed: './pay-layout' }]);
    expect(neededAtOnce(modules, false)).toEqual(modules);
  });

  it('carries the mark into the composed route, for the bootstrap to leave its code for later', () => {
    const handles = (matchRoutes(storefrontRoutes(lists), '/pay/step') ?? []).map(
      ({ route }) => route.handle as { exposed?: string; onInteraction?: boolean } | undefined,
    );
    expect(handles.filter((h) => h?.exposed).map((h) => [h?.exposed, h?.onInteraction])).toEqual([
      ['./pay-layout', false],
      ['./step', true],
    ]);
  });
});
