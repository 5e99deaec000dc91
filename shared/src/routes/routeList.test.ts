import {
  composeRouteTree,
  isRoutePath,
  ownPaths,
  readRouteList,
  returningTo,
  routesFromList,
} from './routeList';
import type { OwnedRouteEntry } from './routeList';

const page = (entry: OwnedRouteEntry, nested: boolean) => ({
  id: `${entry.owner}${entry.path}${entry.parent ? '(child)' : ''}`,
  handle: { module: entry.module, nested },
});

describe('readRouteList', () => {
  it('keeps well-formed entries and says why it drops the others', () => {
    const { entries, rejected } = readRouteList([
      { path: '/a/:id', module: './a', reads: ['x/{id}', 3], title: 'A', file: './src/a.tsx' },
      { path: 'relative', module: './b' },
      { path: '/c', module: 'c' },
      { path: '/d', module: './d', parent: '/e' },
      { path: '/e/f', module: './f', parent: '/e' },
      { path: '/g/../h', module: './g' },
      null,
    ]);
    expect(entries).toEqual([
      { path: '/a/:id', module: './a', reads: ['x/{id}'], title: 'A' },
      { path: '/e/f', module: './f', parent: '/e' },
    ]);
    expect(rejected).toHaveLength(5);
    expect(rejected[2]).toBe('/d: not under its parent /e');
    expect(readRouteList({}).rejected).toEqual(['the route list is not a list']);
  });

  it("keeps a page's title and label in the shop's other languages, nothing else", () => {
    const { entries } = readRouteList([
      {
        path: '/women',
        module: './women',
        title: 'Women',
        nav: { label: 'Women', order: 1 },
        texts: {
          de: { title: 'Damen', label: 'Damen', other: 1 },
          fr: { title: 'Femmes' },
          en: null,
        },
      },
    ]);
    expect(entries[0]?.texts).toEqual({ de: { title: 'Damen', label: 'Damen' } });
  });

  it('keeps a private mark only when it is true (anything else is a page the server may render)', () => {
    const { entries } = readRouteList([
      { path: '/mine', module: './mine', private: true },
      { path: '/also', module: './also', private: 'yes' },
      { path: '/open', module: './open', private: false },
    ]);
    expect(entries.map((e) => e.private)).toEqual([true, undefined, undefined]);
  });

  it('keeps a hydration mark only when it is "on-interaction" (anything else loads with the page)', () => {
    const { entries } = readRouteList([
      { path: '/', module: './home', hydrate: 'on-interaction' },
      { path: '/a', module: './a', hydrate: 'later' },
      { path: '/b', module: './b', hydrate: true },
    ]);
    expect(entries.map((e) => e.hydrate)).toEqual(['on-interaction', undefined, undefined]);
  });

  it('accepts absolute paths of static segments, parameters and a splat only', () => {
    expect(['/', '/a', '/a/:b', '/a/*', '/a-b_c.d'].every(isRoutePath)).toBe(true);
    expect(['', 'a', '//a', '/a/../b', '/a?b', '/:', 42].some(isRoutePath)).toBe(false);
  });

  it('keeps the link roles the layout knows (search included), on their own page only', () => {
    const { entries, rejected } = readRouteList([
      { path: '/find', module: './find', roles: { search: '/find', shopping: '/find' } },
      { path: '/look', module: './look', roles: { search: '/elsewhere' } },
    ]);
    expect(entries.map((e) => e.roles)).toEqual([{ search: '/find' }, undefined]);
    expect(rejected).toEqual([
      '/find: link role shopping → "/find" ignored',
      '/look: link role search → "/elsewhere" ignored',
    ]);
  });

  it('keeps a role of a page with parameters as its path, to be filled by hrefFor', () => {
    const { entries, rejected } = readRouteList([
      { path: '/p/:id', module: './p', roles: { product: '/p/:id' } },
      { path: '/q/:id', module: './q', roles: { product: '/q/:id?x=1' } },
    ]);
    expect(entries.map((e) => e.roles)).toEqual([{ product: '/p/:id' }, undefined]);
    expect(rejected).toEqual(['/q/:id: link role product → "/q/:id?x=1" ignored']);
  });
});

describe('composeRouteTree', () => {
  const entries: OwnedRouteEntry[] = [
    { owner: 'one', path: '/', module: './home' },
    { owner: 'one', path: '/shop/:id', module: './item' },
    { owner: 'two', path: '/pay', module: './layout' },
    { owner: 'two', path: '/pay/step', parent: '/pay', module: './step' },
    { owner: 'three', path: '/pay', parent: '/pay', module: './review' },
    { owner: 'three', path: '/lost', parent: '/nowhere', module: './lost' },
  ];

  it('nests pages in their layout (index for the layout path), the rest at the root', () => {
    const tree = composeRouteTree(entries, { page });
    expect(tree.conflicts).toEqual([]);
    expect(tree.orphans.map((o) => o.path)).toEqual(['/lost']);
    expect(tree.routes).toEqual([
      { id: 'one/', handle: { module: './home', nested: false }, index: true },
      { id: 'one/shop/:id', handle: { module: './item', nested: false }, path: 'shop/:id' },
      {
        id: 'two/pay',
        handle: { module: './layout', nested: false },
        path: 'pay',
        children: [
          { id: 'two/pay/step(child)', handle: { module: './step', nested: true }, path: 'step' },
          { id: 'three/pay(child)', handle: { module: './review', nested: true }, index: true },
        ],
      },
    ]);
  });

  it('serves neither of two remotes claiming one page, and says so', () => {
    const claimed = [...entries, { owner: 'three', path: '/shop/:id', module: './other' }];
    const tree = composeRouteTree(claimed, {
      page,
      conflict: (c) => ({ id: `conflict ${c.path}`, handle: { owners: c.owners } }),
    });
    expect(tree.conflicts).toEqual([{ path: '/shop/:id', owners: ['one', 'three'] }]);
    const ids = tree.routes.map((r) => r.id);
    expect(ids).not.toContain('one/shop/:id');
    expect(ids).toContain('conflict /shop/:id');
  });

  it("builds a remote's own routes from its list and modules, and names a missing module", () => {
    const home = { handle: { title: 'Home' } };
    expect(routesFromList([{ path: '/', module: './home' }], { './home': home })).toEqual([
      { handle: { title: 'Home' }, index: true },
    ]);
    expect(() => routesFromList([{ path: '/x', module: './x' }], {})).toThrow(
      'Route modules missing: ./x',
    );
  });
});

describe('returningTo (sign in comes back to where the shopper was)', () => {
  const SIGN_IN = '/authentication?mode=signin';

  it('adds the path and its query as `next`', () => {
    expect(returningTo(SIGN_IN, '/checkout/details')).toBe(
      '/authentication?mode=signin&next=%2Fcheckout%2Fdetails',
    );
    expect(returningTo(SIGN_IN, '/men?type=sneakers&size=46')).toBe(
      '/authentication?mode=signin&next=%2Fmen%3Ftype%3Dsneakers%26size%3D46',
    );
    expect(returningTo('/sign-in', '/')).toBe('/sign-in?next=%2F');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'checkout', ''])(
    'passes no %p on',
    (here) => expect(returningTo(SIGN_IN, here)).toBe(SIGN_IN),
  );

  it('does not send the sign-in page back to itself', () => {
    expect(returningTo(SIGN_IN, '/authentication')).toBe(SIGN_IN);
    expect(returningTo(SIGN_IN, '/authentication?mode=signup')).toBe(SIGN_IN);
  });
});

describe("ownPaths: a team's own addresses from its route list", () => {
  const LIST = [
    { path: '/checkout', module: './checkout-layout' },
    { path: '/checkout/details', module: './details' },
    { path: '/order-status', module: './order-status' },
  ];

  it('gives the path of the entry each module serves', () => {
    expect(ownPaths(LIST, { basket: './checkout-layout', details: './details' })).toEqual({
      basket: '/checkout',
      details: '/checkout/details',
    });
  });

  it('follows a page the list moves', () => {
    const moved = LIST.map((entry) =>
      entry.module === './details' ? { ...entry, path: '/checkout/your-details' } : entry,
    );
    expect(ownPaths(moved, { details: './details' })).toEqual({
      details: '/checkout/your-details',
    });
  });

  it('throws, naming the module, when the list has no page for it', () => {
    expect(() => ownPaths(LIST, { confirmation: './checkout-successful' })).toThrow(
      'The route list has no page served by ./checkout-successful (confirmation).',
    );
  });
});
