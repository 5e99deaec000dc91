/**
 * @jest-environment node
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { RenderCache, cachedPage, type Rendered } from './renderCache';

const page = (html: string, at = 0): Rendered => ({
  kind: 'page',
  page: cachedPage(200, html, "script-src 'sha256-x='", at),
  shared: true,
});

test('a shared page is rendered once and served from memory while fresh', async () => {
  let now = 1_000;
  // (No refresh ahead of expiry here: the next test is about that.)
  const cache = new RenderCache({ ttlMs: 3_000, refreshAfterMs: 3_000, now: () => now });
  const render = jest.fn(() => Promise.resolve(page('<p>one</p>', now)));
  const first = await cache.page('k', render);
  now += 2_999;
  const second = await cache.page('k', render);
  expect(render).toHaveBeenCalledTimes(1);
  expect(first).not.toHaveProperty('hit');
  expect(second).toEqual({ ...first, hit: true });
  now += 1;
  await cache.page('k', render);
  expect(render).toHaveBeenCalledTimes(2);
});

test('a page near its expiry is rendered again in the background while the kept one is served', async () => {
  let now = 0;
  const cache = new RenderCache({ ttlMs: 1_500, now: () => now });
  let html = '<p>old</p>';
  let finish: () => void = () => undefined;
  let renders = 0;
  const render = jest.fn((): Promise<Rendered> =>
    (renders += 1) === 1
      ? Promise.resolve(page(html, now))
      : new Promise<Rendered>((resolve) => (finish = () => resolve(page(html, now)))),
  );
  await cache.page('k', render);
  html = '<p>new</p>';
  now = 999;
  expect(await cache.page('k', render)).toMatchObject({ hit: true });
  expect(render).toHaveBeenCalledTimes(1);
  // From two thirds of its life on, a hit starts one refresh and is answered with the kept page.
  now = 1_000;
  const during = await Promise.all([cache.page('k', render), cache.page('k', render)]);
  expect(during.map((a) => (a.kind === 'page' ? a.page.html : ''))).toEqual([
    '<p>old</p>',
    '<p>old</p>',
  ]);
  expect(render).toHaveBeenCalledTimes(2);
  finish();
  await new Promise((resolve) => setImmediate(resolve));
  now = 1_600; // the old page has expired; the refreshed one (rendered at 1,000) serves
  const after = await cache.page('k', render);
  expect(after).toMatchObject({ hit: true, page: { html: '<p>new</p>' } });
  expect(render).toHaveBeenCalledTimes(2);
});

test('a failed refresh leaves the kept page until it expires; then the request sees the failure', async () => {
  let now = 0;
  const refreshErrors: [string, unknown][] = [];
  const cache = new RenderCache({
    ttlMs: 1_500,
    now: () => now,
    onRefreshError: (key, error) => refreshErrors.push([key, error]),
  });
  const render = jest
    .fn<Promise<Rendered>, []>()
    .mockResolvedValueOnce(page('<p>kept</p>', 0))
    .mockRejectedValue(new Error('database down'));
  await cache.page('k', render);
  for (const at of [1_200, 1_400]) {
    now = at;
    // Each hit past two thirds of the page's life tries one refresh; its failure is not the shopper's.
    expect(await cache.page('k', render)).toMatchObject({
      hit: true,
      page: { html: '<p>kept</p>' },
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(render).toHaveBeenCalledTimes(3);
  // Each failure in the background is told (the server logs it), with the page's key.
  expect(refreshErrors.map(([key, error]) => [key, String(error)])).toEqual([
    ['k', 'Error: database down'],
    ['k', 'Error: database down'],
  ]);
  now = 1_500;
  await expect(cache.page('k', render)).rejects.toThrow('database down');
  expect(render).toHaveBeenCalledTimes(4);
});

test('requests that arrive while a page renders wait for that one render', async () => {
  const cache = new RenderCache({ ttlMs: 3_000 });
  let finish: (value: Rendered) => void = () => undefined;
  const render = jest.fn(() => new Promise<Rendered>((resolve) => (finish = resolve)));
  const waiting = Promise.all([1, 2, 3].map(() => cache.page('k', render)));
  finish(page('<p>once</p>', Date.now()));
  const answers = await waiting;
  expect(render).toHaveBeenCalledTimes(1);
  expect(new Set(answers.map((a) => (a.kind === 'page' ? a.page.html : '')))).toEqual(
    new Set(['<p>once</p>']),
  );
});

test('pages that are not shared, redirects and failed renders are never kept', async () => {
  const cache = new RenderCache({ ttlMs: 3_000 });
  const privatePage: Rendered = {
    kind: 'page',
    page: cachedPage(200, '<p>mine</p>', 'policy', Date.now()),
    shared: false,
  };
  const render = jest.fn(() => Promise.resolve(privatePage));
  await cache.page('private', render);
  await cache.page('private', render);
  expect(render).toHaveBeenCalledTimes(2);
  const redirect = jest.fn(() =>
    Promise.resolve<Rendered>({ kind: 'response', response: new Response(null, { status: 302 }) }),
  );
  await cache.page('moved', redirect);
  await cache.page('moved', redirect);
  expect(redirect).toHaveBeenCalledTimes(2);
  const failing = jest.fn(() => Promise.reject(new Error('down')));
  await expect(cache.page('broken', failing)).rejects.toThrow('down');
  await expect(cache.page('broken', failing)).rejects.toThrow('down');
  expect(failing).toHaveBeenCalledTimes(2);
  expect(cache.stats().entries).toBe(0);
});

test('the cache is bounded: the least recently used page goes first', async () => {
  const cache = new RenderCache({ ttlMs: 60_000, maxEntries: 2 });
  const render = (html: string) => () => Promise.resolve(page(html, Date.now()));
  await cache.page('a', render('a'));
  await cache.page('b', render('b'));
  await cache.page('a', render('a again')); // a hit: 'a' is now the most recent
  await cache.page('c', render('c'));
  expect(cache.get('a')?.html).toBe('a');
  expect(cache.get('b')).toBeUndefined();
  expect(cache.stats().entries).toBe(2);
  const bytes = new RenderCache({ ttlMs: 60_000, maxBytes: 2_500 });
  await bytes.page('x', render('x'.repeat(1_000)));
  await bytes.page('y', render('y'.repeat(1_000)));
  expect(bytes.get('x')).toBeUndefined();
  expect(bytes.stats().bytes).toBeLessThanOrEqual(2_500);
});

test('with no freshness every page is rendered', async () => {
  const cache = new RenderCache({ ttlMs: 0 });
  const render = jest.fn(() => Promise.resolve(page('<p>x</p>', Date.now())));
  await cache.page('k', render);
  await cache.page('k', render);
  expect(render).toHaveBeenCalledTimes(2);
});

test('a kept page: one ETag for its bytes and policy, each encoding made once', () => {
  const html = '<p>hello</p>'.repeat(50);
  const kept = cachedPage(200, html, 'policy-a', 0);
  expect(kept.etag).toMatch(/^"[\w-]{27}"$/);
  expect(cachedPage(200, html, 'policy-a', 5).etag).toBe(kept.etag);
  expect(cachedPage(200, html, 'policy-b', 0).etag).not.toBe(kept.etag);
  expect(gunzipSync(kept.encoded('gzip')).toString()).toBe(html);
  expect(brotliDecompressSync(kept.encoded('br')).toString()).toBe(html);
  expect(kept.encoded('br')).toBe(kept.encoded('br'));
});

test("a page's ETag with its shared beginning digested once: any changed byte changes it", () => {
  const beginning = `<head><style>${'.x{color:red}'.repeat(400)}</style>`;
  const html = `${beginning}<title>A</title></head><body><p>9,99 €</p></body>`;
  const etag = (text: string, shared = beginning.length) =>
    cachedPage(200, text, 'policy', 0, shared).etag;
  expect(etag(html)).toBe(etag(html));
  expect(etag(html)).toMatch(/^"[\w-]{27}"$/);
  expect(etag(html.replace('9,99', '8,99'))).not.toBe(etag(html));
  expect(etag(html.replace('color:red}', 'color:blue}'))).not.toBe(etag(html));
  // The same bytes cut elsewhere, or not at all, are still one page each time.
  expect(etag(html, 0)).toBe(etag(html, 0));
  expect(etag(html, 0)).not.toBe(etag(html.replace('<p>', '<p >'), 0));
});

test("a kept page's brotli is made once the render's answer is on its way; an unkept page's never", async () => {
  const cache = new RenderCache({ ttlMs: 60_000 });
  const kept = await cache.page('k', () => Promise.resolve(page('<p>kept</p>', Date.now())));
  const unkept = await cache.page('mine', () =>
    Promise.resolve({
      kind: 'page',
      page: cachedPage(200, '<p>mine</p>', 'policy', Date.now()),
      shared: false,
    } as const),
  );
  if (kept.kind !== 'page' || unkept.kind !== 'page') throw new Error('pages expected');
  // The answer that rendered it is sent in this turn, before brotli is made.
  expect(kept.page.isEncoded('br')).toBe(false);
  await new Promise((resolve) => setImmediate(resolve));
  expect(kept.page.isEncoded('br')).toBe(true);
  expect(brotliDecompressSync(kept.page.encoded('br')).toString()).toBe('<p>kept</p>');
  expect(unkept.page.isEncoded('br')).toBe(false);
});
