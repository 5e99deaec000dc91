/**
 * @jest-environment node
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchCatalog } from './catalogClient';

// On the server the query service's answer is asked for uncompressed (issue 37): the shell's page
// server would only inflate it again. Over real HTTP, as the page server reads it.
describe('fetchCatalog on the server', () => {
  let server: Server;
  const seen: IncomingHttpHeaders[] = [];
  const saved = process.env.SHOP_CATALOG_SERVICE_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ products: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    process.env.SHOP_CATALOG_SERVICE_URL = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    process.env.SHOP_CATALOG_SERVICE_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for the answer as it is, not compressed, and reads it', async () => {
    await expect(fetchCatalog('/v1/products/p/related')).resolves.toEqual({ products: [] });
    expect(seen.at(-1)?.['accept-encoding']).toBe('identity');
  });
});
