import { hrefFor, publishRouteLists } from './links';

describe('links by role (CONTRACT §9)', () => {
  beforeEach(() =>
    publishRouteLists({
      catalog: [
        { path: '/', roles: {} },
        { path: '/items/:id', roles: { product: '/items/:id' } },
      ],
      checkout: [{ path: '/till', roles: { basket: '/till' } }],
      account: [{ path: '/enter', roles: { 'sign-in': '/enter?mode=signin' } }],
    }),
  );

  it("gives the address the page's owner publishes, its parameters filled and encoded", () => {
    expect(hrefFor('basket')).toBe('/till');
    expect(hrefFor('sign-in')).toBe('/enter?mode=signin');
    expect(hrefFor('product', { id: 'linen shirt/2' })).toBe('/items/linen%20shirt%2F2');
  });

  it('follows the page when its owner moves it', () => {
    publishRouteLists({ checkout: [{ path: '/basket', roles: { basket: '/basket' } }] });
    expect(hrefFor('basket')).toBe('/basket');
  });

  it('links home for a role no list composed now names (its remote is down)', () => {
    publishRouteLists({ catalog: undefined, checkout: [] });
    expect(hrefFor('product', { id: 'x' })).toBe('/');
    expect(hrefFor('basket')).toBe('/');
  });

  it('takes the first list that names a role', () => {
    publishRouteLists({
      catalog: [{ path: '/a', roles: { search: '/a' } }],
      account: [{ path: '/b', roles: { search: '/b' } }],
    });
    expect(hrefFor('search')).toBe('/a');
  });
});
