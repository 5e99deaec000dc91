/**
 * @jest-environment node
 */
import { marketById, pageShopContext, shopContext, type Market } from '@shop/shared';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchCatalog } from './catalogClient';
import { CatalogQueryRefusedError, CatalogUnavailableError } from './catalogQuery';

// The one client of the catalog's query service, over real HTTP as the loaders use it.
describe('fetchCatalog', () => {
  let server: Server;
  let answer: (req: IncomingMessage) => { status: number; body: string };
  const asked: string[] = [];
  const saved = process.env.SHOP_CATALOG_SERVICE_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const { status, body } = answer(req);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    process.env.SHOP_CATALOG_SERVICE_URL = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    process.env.SHOP_CATALOG_SERVICE_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  it("asks the service's path with the page's parameters and reads its answer", async () => {
    answer = () => ({ status: 200, body: '{"products":[]}' });
    const params = new URLSearchParams({ category: 'men', page: '2' });
    await expect(fetchCatalog(pageShopContext, '/v1/products', params)).resolves.toEqual({
      products: [],
    });
    expect(asked.at(-1)).toBe('/v1/products?category=men&page=2');
  });

  it("asks in the page's market: its id added, the root market's addresses as they were", async () => {
    answer = () => ({ status: 200, body: '{"products":[]}' });
    const inGermany = shopContext({
      fetchPublic: (input, init) => pageShopContext.fetchPublic(input, init),
      links: new Map(),
      market: marketById('de') as Market,
    });
    await fetchCatalog(inGermany, '/v1/products', new URLSearchParams({ category: 'men' }));
    expect(asked.at(-1)).toBe('/v1/products?category=men&market=de');
    await fetchCatalog(inGermany, '/v1/home');
    expect(asked.at(-1)).toBe('/v1/home?market=de');
    await fetchCatalog(pageShopContext, '/v1/home');
    expect(asked.at(-1)).toBe('/v1/home');
  });

  it('a refused query (400) is refused with the service’s own message', async () => {
    answer = () => ({ status: 400, body: '{"error":"Searches are at most 8 words long"}' });
    await expect(fetchCatalog(pageShopContext, '/v1/products')).rejects.toEqual(
      new CatalogQueryRefusedError('Searches are at most 8 words long'),
    );
  });

  it('a service that fails (503) or answers what is not JSON is unavailable: "Try again"', async () => {
    answer = () => ({ status: 503, body: '{"error":"starting"}' });
    await expect(fetchCatalog(pageShopContext, '/v1/home')).rejects.toBeInstanceOf(
      CatalogUnavailableError,
    );
    answer = () => ({ status: 200, body: '<html>a proxy page</html>' });
    await expect(fetchCatalog(pageShopContext, '/v1/home')).rejects.toBeInstanceOf(
      CatalogUnavailableError,
    );
  });

  it('a service that cannot be reached is unavailable', async () => {
    process.env.SHOP_CATALOG_SERVICE_URL = 'http://127.0.0.1:9';
    try {
      await expect(fetchCatalog(pageShopContext, '/v1/home')).rejects.toBeInstanceOf(
        CatalogUnavailableError,
      );
    } finally {
      const { port } = server.address() as AddressInfo;
      process.env.SHOP_CATALOG_SERVICE_URL = `http://127.0.0.1:${port}`;
    }
  });
});
