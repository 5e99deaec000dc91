import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headersOf, hostingSite } from './hosting';
import { startStaticServer } from './staticServer';

/** The catalog's Hosting site's headers (firebase.json). */
const headers = headersOf(hostingSite('catalog'));

let server: Server;
let base: string;
const root = mkdtempSync(join(tmpdir(), 'static-'));

beforeAll(async () => {
  mkdirSync(join(root, 'images'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(root, 'main.js'), 'console.log("entry");'.repeat(100));
  writeFileSync(join(root, '464.f8b08c27be.js'), 'console.log("chunk");'.repeat(100));
  writeFileSync(join(root, 'mf-manifest.json'), '{"id":"catalog"}');
  writeFileSync(join(root, 'images', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(tmpdir(), 'secret.txt'), 'outside the root');
  server = await startStaticServer({
    root,
    port: 0,
    host: '127.0.0.1',
    headers,
    spaFallback: true,
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((done) => server.close(done)));

test('serves files with CORS, type and cache headers, compressed when asked', async () => {
  const response = await fetch(`${base}/464.f8b08c27be.js`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect(response.headers.get('cache-control')).toContain('immutable');
  expect(await response.text()).toBe('console.log("chunk");'.repeat(100));
});

test("every answer carries the Hosting site's headers: a page, a manifest, a 404", async () => {
  const page = await fetch(`${base}/products/abc`);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const manifest = await fetch(`${base}/mf-manifest.json`);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(manifest.headers.get('x-content-type-options')).toBe('nosniff');
  const missing = await fetch(`${base}/999.0123456789.js`);
  expect(missing.status).toBe(404);
  // A hashed address that is not there (yet) must not be kept for a year.
  expect(missing.headers.get('cache-control')).toBe('no-cache');
  expect(missing.headers.get('x-frame-options')).toBe('DENY');
});

test('client routes fall back to index.html; missing files are 404', async () => {
  const page = await fetch(`${base}/products/abc`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>shell</title>');
  expect((await fetch(`${base}/missing.js`)).status).toBe(404);
});

test.each(['/products/%', '/products/%E0%A4%A', '/%zz', '/products/%25%'])(
  'a client route with a malformed escape (%s) still gets index.html, so the shop shows its 404',
  async (path) => {
    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>shell</title>');
  },
);

test('a file that appears (a deploy) is served at once; a folder serves its index.html', async () => {
  expect((await fetch(`${base}/late.js`)).status).toBe(404);
  writeFileSync(join(root, 'late.js'), 'console.log("deployed");');
  const late = await fetch(`${base}/late.js`);
  expect(late.status).toBe(200);
  expect(await late.text()).toBe('console.log("deployed");');
  mkdirSync(join(root, 'guide'));
  writeFileSync(join(root, 'guide', 'index.html'), '<!doctype html><title>guide</title>');
  expect(await (await fetch(`${base}/guide`)).text()).toContain('<title>guide</title>');
});

test('a path no file can have (a NUL byte) is the fallback page, not an error', async () => {
  const page = await fetch(`${base}/products/a%00b`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>shell</title>');
  expect((await fetch(`${base}/a%00b.js`)).status).toBe(404);
});

test('a file name with a malformed escape is still a plain 404', async () => {
  expect((await fetch(`${base}/main%.js`)).status).toBe(404);
  expect((await fetch(`${base}/images/%E0%A4%A.svg`)).status).toBe(404);
});

test('never serves files outside its root', async () => {
  const response = await fetch(`${base}/..%2fsecret.txt`);
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain('outside the root');
});

test('answers only GET, HEAD and OPTIONS', async () => {
  expect((await fetch(`${base}/main.js`, { method: 'POST' })).status).toBe(405);
  expect((await fetch(`${base}/main.js`, { method: 'OPTIONS' })).status).toBe(204);
});

test('serves a mounted directory under its prefix, and nothing outside it', async () => {
  const shared = mkdtempSync(join(tmpdir(), 'static-mount-'));
  writeFileSync(join(shared, 'b.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="b"/>');
  const mounted = await startStaticServer({
    root,
    port: 0,
    host: '127.0.0.1',
    headers,
    mounts: { '/pictures': shared },
  });
  const url = `http://127.0.0.1:${(mounted.address() as AddressInfo).port}`;
  try {
    const picture = await fetch(`${url}/pictures/b.svg`);
    expect(picture.status).toBe(200);
    expect(await picture.text()).toContain('id="b"');
    expect((await fetch(`${url}/images/a.svg`)).status).toBe(200); // the root still serves
    expect((await fetch(`${url}/pictures/..%2F..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${url}/pictures/missing.svg`)).status).toBe(404);
  } finally {
    await new Promise((done) => mounted.close(done));
  }
});

test("a rendered page: the app's named page is the fallback, the site's headers win over the handler's", async () => {
  writeFileSync(join(root, 'page.html'), '<!doctype html><title>template</title>');
  const siteHeaders = (path: string) => ({
    ...headers(path),
    'Content-Security-Policy': "frame-ancestors 'none'",
  });
  const rendered = await startStaticServer({
    root,
    port: 0,
    host: '127.0.0.1',
    headers: siteHeaders,
    page: 'page.html',
    spaFallback: true,
    pages: async (req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'content-security-policy': "script-src 'nonce-abc'",
        'Server-Timing': 'render;dur=1',
      });
      res.end(`<title>rendered ${req.url}</title>`);
    },
  });
  const url = `http://127.0.0.1:${(rendered.address() as AddressInfo).port}`;
  try {
    const page = await fetch(`${url}/products/abc`);
    expect(await page.text()).toBe('<title>rendered /products/abc</title>');
    // As Hosting answers a rewrite: a header both name is the site's, the others pass.
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(page.headers.get('server-timing')).toBe('render;dur=1');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // index.html is not this app's page: a file like any other.
    expect(await (await fetch(`${url}/index.html`)).text()).toContain('<title>shell</title>');
  } finally {
    await new Promise((done) => rendered.close(done));
  }
});
