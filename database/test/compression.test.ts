import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ADMIN, client, startTestServer, type TestServer } from './helpers';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(); // seeded: the catalog's products are well over 1 kB
});
afterAll(() => t.stop());

/** A GET over a real socket that keeps the body's bytes as they came. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, t.server.url), { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compressed answers', () => {
  let plain: Buffer;
  beforeAll(async () => {
    plain = (await rawGet('/catalog/products.json', {})).body;
  });

  test('a client that accepts nothing gets the JSON as it is', async () => {
    const reply = await rawGet('/catalog/products.json', {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(plain.length).toBeGreaterThan(1024);
    expect(Object.keys(JSON.parse(plain.toString('utf8')) as object).length).toBeGreaterThan(10);
    expect(reply.headers.vary).toBe('Accept-Encoding');
  });

  test('gzip when the client accepts it, the same JSON, several times smaller', async () => {
    const reply = await rawGet('/catalog/products.json', { 'Accept-Encoding': 'gzip, deflate' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(gunzipSync(reply.body).equals(plain)).toBe(true);
    expect(reply.body.length).toBeLessThan(plain.length / 3);
  });

  test('brotli first when the client accepts both; a refused encoding (q=0) is not used', async () => {
    const both = await rawGet('/catalog/products.json', { 'Accept-Encoding': 'gzip, br' });
    expect(both.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(both.body).equals(plain)).toBe(true);
    const noBrotli = await rawGet('/catalog/products.json', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
  });

  test('a changed answer is compressed afresh, never served from an older copy', async () => {
    const db = client(t.server.url);
    const big = (n: number) => ({ text: `${n}`.repeat(3000) });
    await db.put('/compression/changing.json', big(1), { token: ADMIN });
    const asAdmin = { 'Accept-Encoding': 'gzip', Authorization: `Bearer ${ADMIN}` };
    const first = await rawGet('/compression/changing.json', asAdmin);
    const again = await rawGet('/compression/changing.json', asAdmin);
    expect(JSON.parse(gunzipSync(again.body).toString('utf8'))).toEqual(big(1));
    expect(again.body.equals(first.body)).toBe(true);
    await db.put('/compression/changing.json', big(2), { token: ADMIN });
    const changed = await rawGet('/compression/changing.json', asAdmin);
    expect(JSON.parse(gunzipSync(changed.body).toString('utf8'))).toEqual(big(2));
  });

  test('small answers and writes stay uncompressed; the ETag is the one of the data', async () => {
    const small = await rawGet('/catalog/collections/fall/id.json', { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toBe('fall');
    const headers = { 'Accept-Encoding': 'gzip', 'X-Firebase-ETag': 'true' };
    const compressed = await rawGet('/catalog/products.json', headers);
    const identity = await rawGet('/catalog/products.json', { 'X-Firebase-ETag': 'true' });
    expect(compressed.headers.etag).toBe(identity.headers.etag);
    const db = client(t.server.url);
    const written = await db.put(
      '/compression/a.json',
      { text: 'x'.repeat(4000) },
      { token: ADMIN },
    );
    expect(written.headers['content-encoding']).toBeUndefined();
    expect(written.json).toEqual({ text: 'x'.repeat(4000) });
  });
});
