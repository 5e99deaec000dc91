import { linkAddresses, linkTo } from './links';

describe('links by role (CONTRACT §9)', () => {
  const addresses = linkAddresses({
    catalog: [
      { path: '/', roles: {} },
      { path: '/items/:id', roles: { product: '/items/:id' } },
    ],
    checkout: [{ path: '/till', roles: { basket: '/till' } }],
    account: [{ path: '/enter', roles: { 'sign-in': '/enter?mode=signin' } }],
  });

  it("gives the address the page's owner publishes, its parameters filled and encoded", () => {
    expect(linkTo(addresses, 'basket')).toBe('/till');
    expect(linkTo(addresses, 'sign-in')).toBe('/enter?mode=signin');
    expect(linkTo(addresses, 'product', { id: 'linen shirt/2' })).toBe('/items/linen%20shirt%2F2');
  });

  it('follows the page when its owner moves it', () => {
    const moved = linkAddresses({ checkout: [{ path: '/basket', roles: { basket: '/basket' } }] });
    expect(linkTo(moved, 'basket')).toBe('/basket');
  });

  it('links home for a role no list composed now names (its remote is down)', () => {
    const down = linkAddresses({ catalog: undefined, checkout: [] });
    expect(linkTo(down, 'product', { id: 'x' })).toBe('/');
    expect(linkTo(down, 'basket')).toBe('/');
  });

  it('takes the first list that names a role', () => {
    const both = linkAddresses({
      catalog: [{ path: '/a', roles: { search: '/a' } }],
      account: [{ path: '/b', roles: { search: '/b' } }],
    });
    expect(linkTo(both, 'search')).toBe('/a');
  });
});
