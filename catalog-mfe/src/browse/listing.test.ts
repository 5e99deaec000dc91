import { pageShopContext } from '@shop/shared';
import { CatalogUnavailableError } from '../catalog/catalogApi';
import { installFakeCatalog, uninstallFakeCatalog } from '../testing/fakeCatalog';
import { listingParams, loadListing, pageFromAddress, withPage } from './listing';

afterEach(uninstallFakeCatalog);

const url = (address: string) => new URL(address, 'http://shop.test');
const request = (address: string, init?: RequestInit) =>
  new Request(`http://shop.test${address}`, init);

describe('a page of a list, asked of the query service', () => {
  it('sends the address’s own parameters, the page’s fixed filter on top, and nothing else', () => {
    expect(
      listingParams(
        url('/men?utm=mail&q=run&sort=price-asc&category=women&size=M&min=&page=2&per=48'),
        { category: 'men' },
      ).toString(),
    ).toBe('q=run&sort=price-asc&category=men&size=M&page=2&per=48');
    // Page 1 and a size of page the service does not offer are not sent.
    expect(listingParams(url('/women?page=1&per=13'), { category: 'women' }).toString()).toBe(
      'category=women',
    );
  });

  it('reads the page number: none is 1; anything but a whole number up to MAX_PAGE is a 404', () => {
    expect(pageFromAddress(url('/men'))).toBe(1);
    expect(pageFromAddress(url('/men?page=10000'))).toBe(10_000);
    for (const page of ['0', '-1', 'abc', '1.5', '', '10001', '1e3', '02']) {
      expect(() => pageFromAddress(url(`/men?sort=newest&page=${page}`))).toThrow(
        expect.objectContaining({
          data: { title: 'Page not found', reason: 'page', firstPage: '/men?sort=newest' },
          init: { status: 404 },
        }) as Error,
      );
    }
  });

  it('writes page links: page 1 has no number, the rest is kept', () => {
    const params = new URLSearchParams('q=a&page=4&size=M');
    expect(withPage(params, 1).toString()).toBe('q=a&size=M');
    expect(withPage(params, 5).toString()).toBe('q=a&page=5&size=M');
  });

  it('answers a page past the last with a 404; an empty list still has its page 1', async () => {
    installFakeCatalog();
    await expect(
      loadListing(pageShopContext, request('/men?page=2'), { category: 'men' }),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(
      loadListing(pageShopContext, request('/men?q=nothing'), { category: 'men' }),
    ).resolves.toMatchObject({ total: 0, page: 1, products: [] });
  });

  it('refuses a search the service would not run with a 400, keeping the other filters', async () => {
    installFakeCatalog();
    await expect(
      loadListing(pageShopContext, request(`/men?size=M&q=${'x'.repeat(101)}`)),
    ).rejects.toMatchObject({
      data: { reason: 'search', withoutSearch: '/men?size=M' },
      init: { status: 400 },
    });
  });

  it('lets an unreachable service through (the pages offer to try again)', async () => {
    installFakeCatalog({ serviceDown: true });
    await expect(loadListing(pageShopContext, request('/men'))).rejects.toBeInstanceOf(
      CatalogUnavailableError,
    );
  });

  it('gives up with the navigation: an aborted request asks nothing', async () => {
    const fake = installFakeCatalog();
    const navigation = new AbortController();
    navigation.abort(new DOMException('A newer search', 'AbortError'));
    await expect(
      loadListing(pageShopContext, request('/search?q=sn', { signal: navigation.signal })),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.service).toEqual([]);
  });
});
