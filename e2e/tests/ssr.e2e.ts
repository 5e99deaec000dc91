// Server-rendered storefront (decision 1302): the shell server (the storefront, :8080) answers the
// public pages as HTML (no script run), with the right status, head tags and structured data;
// the browser takes the page over without a hydration error. What changes the stack (a deploy,
// a remote stopped, a price changed) is in ssr-deploys.e2e.ts, which runs alone (decision 5002).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCAL_URLS, appDir, appOrigin, appPort } from '../../scripts/lib/apps';
import { launchBrowser } from '../support/browser';
import { adminGet } from '../support/database';
import {
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  RENDER_CACHE_TTL_MS,
} from '../../shell/src/server/cacheRules';
import type { CatalogProduct } from '../support/shop';
import {
  PRODUCT_ID,
  PUBLIC_ORIGIN,
  SSR_URL,
  formatPrice,
  h1Of,
  html,
  metaOf,
  whenServerAnswers,
} from '../support/ssrPages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('public pages arrive as HTML, without running a script', () => {
  test('a product page: h1, prices, JSON-LD Product with its offer, title, canonical, Open Graph and Twitter tags', async () => {
    const product = await adminGet<CatalogProduct & { description: string }>(
      `catalog/products/${PRODUCT_ID}`,
    );
    const { status, text } = await html(`/products/${PRODUCT_ID}`);
    expect(status).toBe(200);
    expect(h1Of(text)).toBe(product.name);
    expect(text).toContain(formatPrice(product.discountedPrice));
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1];
    expect(JSON.parse(ld ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: product.name,
      offers: { '@type': 'Offer', priceCurrency: 'USD', price: product.discountedPrice.toFixed(2) },
    });
    expect(/<title>(.*?)<\/title>/.exec(text)?.[1]).toBe(`${product.name} · Threadline`);
    expect(text).toContain(
      `<link rel="canonical" href="${PUBLIC_ORIGIN}/products/${PRODUCT_ID}" />`,
    );
    expect(metaOf(text, 'property', 'og:title')).toBe(`${product.name} · Threadline`);
    expect(metaOf(text, 'property', 'og:image')).toBe(`${PUBLIC_ORIGIN}${product.imageUrl}`);
    expect(metaOf(text, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(text, 'name', 'description')).toBe(product.description);
    // One title and one description: the template's own were replaced, not added to.
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(text.match(/<meta name="description"/g)).toHaveLength(1);
  });

  test.each([
    ['/', 'New season, new favourites'],
    ['/collections/fall', 'Fall collection'],
    ['/men', "Men's clothing & sneakers"],
  ])('%s: its h1, its product names and $ prices', async (path, heading) => {
    const products = Object.values(
      await adminGet<Record<string, CatalogProduct & { category: string; collection: string }>>(
        'catalog/products',
      ),
    );
    const { status, text } = await html(path);
    expect(status).toBe(200);
    expect(h1Of(text)).toBe(heading);
    const listed = products.filter((p) =>
      path === '/men'
        ? p.category === 'men'
        : path === '/collections/fall'
          ? p.collection === 'fall'
          : true,
    );
    const shown = listed.filter((p) => text.includes(`>${p.name}<`));
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(4, listed.length));
    expect(text).toMatch(/\$\d+\.\d\d/);
    expect(metaOf(text, 'property', 'og:title')).toMatch(/· Threadline$/);
  });

  test.each([
    ['an unknown product', '/products/no-such-product', "We couldn't find that product"],
    ['an unknown address', '/no/such/page', "We couldn't find that page"],
  ])("%s answers 404 with the shop's not-found page", async (_name, path, heading) => {
    const { status, text } = await html(path);
    expect(status).toBe(404);
    expect(h1Of(text)).toBe(heading);
    expect(text).toContain('class="site-header"');
  });

  test("a public page of a remote whose other pages are private (checkout's order status) is rendered whole", async () => {
    const { status, text } = await html('/order-status?number=ABC123');
    expect(status).toBe(200);
    expect(h1Of(text)).toBe('Order status');
    expect(text).toContain('<title>Order status · Threadline</title>');
    // The form, its number taken from the address, with its labels.
    expect(text).toMatch(/<input[^>]*id="order-status-number"[^>]*value="ABC123"/);
    expect(text).toContain('for="order-status-email"');
    expect(text).not.toContain('class="page-skeleton"');
  });

  test.each([
    '/checkout',
    '/checkout/details',
    '/checkout-successful',
    '/authentication',
    '/account/myaccount',
  ])(
    'a private page (%s) arrives as the layout and its placeholder: its data loads in the browser',
    async (path) => {
      const { status, text } = await html(path);
      expect(status).toBe(200);
      expect(text).toContain('class="site-header"');
      expect(text).toContain('class="page-skeleton"');
      // The placeholder names the page (its route list's title), and nothing more of it.
      expect(text).toMatch(/<h1 class="page-skeleton__title">[^<]+<\/h1>/);
      expect(text.match(/<h1[ >]/g)).toHaveLength(1);
      expect(text).not.toContain('Your basket');
    },
  );
});

/** Console errors and warnings of a page, except the browser's note of the document's own 404. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text().includes('status of 404')) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The answer's page policy allows its inline scripts by their hashes, nothing per answer (decision
 * 3701): every inline script of the page (JSON-LD data blocks never run) is named, no nonce.
 * Returns the policy's hashes.
 */
function expectHashedScripts(policy: string, text: string): string[] {
  expect(policy).toMatch(/script-src ('sha256-[A-Za-z0-9+/=]{44}' )+'strict-dynamic'/);
  expect(policy).not.toContain("'nonce-");
  expect(text).not.toMatch(/<script\b[^>]*\bnonce=/);
  const inline = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes = '', body = '']) =>
      body !== '' && !attributes.includes('application/ld+json') && !attributes.includes('src='),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , body = ''] of inline) {
    const hash = createHash('sha256').update(body, 'utf8').digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
  }
  return [...policy.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]!);
}

/** A desktop page that records the policy violations it meets ("directive blocked-URI"). */
async function pageRecordingViolations(): Promise<{
  context: BrowserContext;
  page: Page;
  violations: () => Promise<string[]>;
}> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as { __violations?: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const violations = () =>
    page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []);
  return { context, page, violations };
}

describe('the shell server as a Cloud Function (decision 1305), run by the Functions emulator', () => {
  /** As Hosting's rewrite asks it: the site's address in X-Forwarded-Host and -Proto. */
  const viaRewrite = (path: string) =>
    fetch(`${LOCAL_URLS.functions}/shellServer${path}`, {
      headers: { 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' },
    });

  test('answers a product page as the storefront does, addressed as the site', async () => {
    const product = await adminGet<CatalogProduct>(`catalog/products/${PRODUCT_ID}`);
    const response = await viaRewrite(`/products/${PRODUCT_ID}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    const text = await response.text();
    expect(h1Of(text)).toBe(product.name);
    expect(text).toContain(formatPrice(product.discountedPrice));
    // The site's configured address, never the forwarded one (decision 3701).
    expect(text).toContain(
      `<link rel="canonical" href="${PUBLIC_ORIGIN}/products/${PRODUCT_ID}" />`,
    );
    expect(text).not.toContain('shop.example');
  });

  test('answers an unknown address with the not-found page and 404', async () => {
    const response = await viaRewrite('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1');
  });
});

describe("the shell's Hosting site as firebase.json deploys it, served by the Hosting emulator", () => {
  const SITE = LOCAL_URLS.hostingEmulator;

  test("`/` and a product page are the shell server's (rewrite), each with its own page policy", async () => {
    const product = await adminGet<CatalogProduct>(`catalog/products/${PRODUCT_ID}`);
    for (const path of ['/', `/products/${PRODUCT_ID}`]) {
      const response = await fetch(SITE + path);
      expect(response.status).toBe(200);
      const text = await response.text();
      // Rendered on the server, not the template published beside the files.
      expect(text).toContain('data-rendered="server"');
      expect(text).toContain('<h1');
      // The page's own policy, not replaced by a site-wide header (decision 1304).
      const policy = response.headers.get('content-security-policy') ?? '';
      expectHashedScripts(policy, text);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      if (path !== '/') {
        expect(h1Of(text)).toBe(product.name);
        expect(text).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}${path}" />`);
      }
    }
  });

  test('an unknown product is the not-found page with 404, through the rewrite', async () => {
    const response = await fetch(`${SITE}/products/no-such-product`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expect(await response.text()).toContain('<h1');
  });

  test("the site's files: hashed ones kept a year, the ones naming others revalidated", async () => {
    const hashed = readdirSync(join(appDir('shell'), 'dist')).find((name) =>
      /^[\w-]+\.[0-9a-f]{10}\.js$/.test(name),
    );
    expect(hashed).toBeDefined();
    const file = await fetch(`${SITE}/${hashed}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const name of ['/remotes.json', '/main.js']) {
      const answer = await fetch(SITE + name);
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('a shopper on the site: the page is taken over without a problem and "Add to basket" works', async () => {
    const { context, page, violations } = await pageRecordingViolations();
    const problems = watchConsole(page);
    try {
      await page.goto(`${SITE}/products/${PRODUCT_ID}`);
      await page.locator('label.catalog-size', { hasText: /^42$/ }).click();
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
      );
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await violations()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the Hosting site's headers (firebase.json) on the storefront's answers", () => {
  test('a page: compressed, kept briefly by shared caches, not framable, no sniffing, a strict referrer', async () => {
    // An address of its own: the first answer is a render, which goes out in gzip rather than
    // wait for brotli; the kept page's next answers are brotli (decision 3702).
    // The product page's code loaded on the server first: a render that waits for a remote's code
    // (the first after that remote restarted, as the resilience-*.e2e.ts journeys do) is sent but not kept
    // (decision 3703), and its next answer would be a render again.
    await whenServerAnswers(`/products/${PRODUCT_ID}`, 200);
    const url = `${SSR_URL}/products/${PRODUCT_ID}?compressed=${Date.now()}`;
    const ask = () => fetch(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    const first = await ask();
    expect(first.headers.get('server-timing')).toMatch(/^render;/);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    await first.text();
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/^cache;desc=hit/);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await response.text()).toContain('</html>');
  });

  test("a remote's pointer is revalidated on every load (a release shows at once); a release's files are immutable", async () => {
    const manifest = await fetch(`${appOrigin('catalog')}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const { metaData } = (await manifest.json()) as {
      metaData: { publicPath: string; remoteEntry: { name: string }; release: { id: string } };
    };
    const release = `${appOrigin('catalog')}/releases/${metaData.release.id}/`;
    expect(metaData.publicPath).toBe(release);
    for (const file of [metaData.remoteEntry.name, 'mf-manifest.json']) {
      const answer = await fetch(`${release}${file}`);
      expect([file, answer.status, answer.headers.get('cache-control')]).toEqual([
        file,
        200,
        'public, max-age=31536000, immutable',
      ]);
    }
  });
});

describe('odd addresses are the not-found page, with the page policy', () => {
  // Ids no database key can be (control characters, a leading dot), in each page with an id, and
  // pages whose last segment starts with a dot: the shop's 404, never a 500 or the files' policy.
  const ODD = [
    '/products/a%00b',
    '/products/a%0Ab',
    '/products/a%7Fb',
    '/products/.x',
    '/collections/a%00b',
    '/collections/a%0Ab',
    '/collections/.x',
    '/.well',
    '/products/.well-known',
  ];

  test.each([
    ['the storefront', SSR_URL],
    ['the Hosting site', LOCAL_URLS.hostingEmulator],
  ])('%s answers each with 404, the not-found page and its hashed scripts', async (_name, site) => {
    for (const path of ODD) {
      const response = await fetch(site + path);
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect({ path, h1: h1Of(text) }).toEqual({ path, h1: "We couldn't find that page" });
      const policy = response.headers.get('content-security-policy') ?? '';
      expectHashedScripts(policy, text);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('a Content-Security-Policy per page (decisions 1304, 3701)', () => {
  test('scripts are allowed by their hashes; the same page, the same policy for every answer', async () => {
    const policies = await Promise.all(
      [1, 2].map(async () => {
        const response = await fetch(`${SSR_URL}/products/${PRODUCT_ID}`);
        const policy = response.headers.get('content-security-policy') ?? '';
        expect(policy).not.toContain("'unsafe-eval'");
        expect(policy).not.toContain("'unsafe-inline' 'strict-dynamic'");
        expectHashedScripts(policy, await response.text());
        return policy;
      }),
    );
    expect(policies[0]).toBe(policies[1]);
  });

  test('the shop breaks no rule on the way to checkout; injected handlers, eval and javascript: links do not run', async () => {
    const { context, page, violations } = await pageRecordingViolations();
    try {
      await page.goto(SSR_URL + `/products/${PRODUCT_ID}`);
      await page.locator('label.catalog-size', { hasText: /^42$/ }).click();
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
      );
      // The basket and the details step: private pages, their data read in the browser.
      await page.goto(SSR_URL + '/checkout');
      await page.getByRole('link', { name: 'Continue to details' }).click();
      await page.getByLabel('Email').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);

      // What an injection would try: markup with an event handler, eval, a javascript: link.
      // (Run from a task of the page's own: code evaluated by the test driver is exempt.)
      // Scripts that scripts create are trusted ('strict-dynamic': how remotes load).
      await page.evaluate(() =>
        setTimeout(() => {
          const win = window as { __injected?: number; __evalError?: string };
          document.body.insertAdjacentHTML(
            'beforeend',
            '<img src="/images/no-such-image.png" onerror="window.__injected = 1">',
          );
          try {
            eval('window.__injected = 2');
          } catch (error) {
            win.__evalError = String(error);
          }
          const link = document.createElement('a');
          link.href = 'javascript:window.__injected = 3';
          document.body.append(link);
          link.click();
        }, 0),
      );
      await page.waitForFunction(
        () => ((window as { __violations?: string[] }).__violations ?? []).length >= 3,
      );
      expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBe(
        undefined,
      );
      expect((await violations()).sort()).toEqual([
        'script-src eval',
        'script-src-attr inline',
        'script-src-elem inline',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('the browser takes the server-rendered page over', () => {
  test.each([375, 1280])(
    'no hydration error or warning on the public pages at %i px',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        for (const path of [
          '/',
          `/products/${PRODUCT_ID}`,
          '/collections/fall',
          '/men',
          '/women',
          '/about',
          '/contact',
          '/no/such/page',
          '/order-status?number=ABC123',
          '/checkout',
          '/authentication',
        ]) {
          const page = await context.newPage();
          const problems = watchConsole(page);
          await page.goto(SSR_URL + path);
          // Hydrated: the mini basket (a remote module loaded after the first paint) is there.
          await page.locator('[data-testid="basket-count"]').first().waitFor();
          await page.waitForLoadState('networkidle');
          expect({ path, problems }).toEqual({ path, problems: [] });
          await page.close();
        }
      } finally {
        await context.close();
      }
    },
  );

  test('"Add to basket" clicked as soon as it is visible adds the line', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      // As soon as the HTML is there, long before the scripts have run: the presses are held
      // and made once the page is React's (shell/src/early/earlyInput.ts).
      await page.goto(SSR_URL + `/products/${PRODUCT_ID}`, { waitUntil: 'commit' });
      await page.locator('label.catalog-size', { hasText: /^42$/ }).click();
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) === 1,
      );
      await expect(page.getByRole('radio', { name: '42' }).isChecked()).resolves.toBe(true);
      expect(await page.getByText('Please choose a size.').count()).toBe(0);
      expect(page.url()).toBe(`${SSR_URL}/products/${PRODUCT_ID}`);
    } finally {
      await context.close();
    }
  });
});

describe("the home page's code waits for the shopper's first interaction (decision 1312)", () => {
  test('no catalog code before it; then the page is taken over without a hydration problem, and its search answers words typed at once', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    try {
      const problems = watchConsole(page);
      const catalogScripts: string[] = [];
      page.on('request', (request) => {
        if (
          request.resourceType() === 'script' &&
          new URL(request.url()).port === String(appPort('catalog'))
        ) {
          catalogScripts.push(request.url());
        }
      });
      await page.goto(SSR_URL + '/', { waitUntil: 'networkidle' });
      await page.locator('[data-testid="basket-count"]').first().waitFor();
      expect(catalogScripts).toEqual([]);
      // The page is whole without them: its heading, its products, its links.
      await expect(page.locator('main h1').textContent()).resolves.toBe(
        'New season, new favourites',
      );
      expect(await page.locator('main a[href^="/products/"]').count()).toBeGreaterThan(0);
      // The first interaction: a press in the hero's search, and words typed at once.
      await page.locator('main input[type="search"]').first().click();
      await page.keyboard.type('sneak');
      await page
        .getByRole('status')
        .filter({ hasText: /products? for “sneak”/ })
        .waitFor();
      expect(catalogScripts.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
      // Taken over, not rendered again: the words typed are still there.
      await expect(page.locator('main input[type="search"]').first().inputValue()).resolves.toBe(
        'sneak',
      );
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('pages a CDN can keep (decision 3701)', () => {
  const sites = [
    ['the storefront', SSR_URL],
    ['the Hosting site', LOCAL_URLS.hostingEmulator],
  ] as const;

  test.each(sites)(
    '%s: a public page is public, validated by its ETag; a private one is never kept',
    async (_name, site) => {
      const page = await fetch(`${site}/products/${PRODUCT_ID}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
      expect(page.headers.get('vary')).toContain('Accept-Encoding');
      expect(page.headers.get('access-control-allow-origin')).toBeNull();
      const etag = page.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      expectHashedScripts(page.headers.get('content-security-policy') ?? '', await page.text());
      const again = await fetch(`${site}/products/${PRODUCT_ID}`, {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');

      for (const path of ['/checkout', '/account/myaccount', '/authentication']) {
        const privatePage = await fetch(site + path);
        expect({ path, cache: privatePage.headers.get('cache-control') }).toEqual({
          path,
          cache: PRIVATE_CACHE_CONTROL,
        });
        expect(privatePage.headers.get('etag')).toBeNull();
        expect(privatePage.headers.get('access-control-allow-origin')).toBeNull();
      }
    },
  );

  test('a page from the cache is the bytes of a fresh render of the same state', async () => {
    const path = `${SSR_URL}/men?sort=price-asc`;
    const first = await fetch(path);
    // A hit even when the server read the remotes' manifests again in between (they arrive in any
    // order; the cache's key must not change with it).
    const cached = await fetch(path);
    expect(cached.headers.get('server-timing')).toMatch(/^cache;desc=hit/);
    const firstText = await first.text();
    expect(await cached.text()).toBe(firstText);
    // Once the kept page has expired, the server renders it again: the same bytes, the same tag.
    await new Promise((resolve) => setTimeout(resolve, RENDER_CACHE_TTL_MS + 100));
    const fresh = await fetch(path);
    expect(fresh.headers.get('server-timing')).toMatch(/^render/);
    expect(await fresh.text()).toBe(firstText);
    expect(fresh.headers.get('etag')).toBe(first.headers.get('etag'));
  });
  test("a page's own addresses are the configured origin's, whatever Host, forwarded host or path says", async () => {
    const { port } = new URL(SSR_URL);
    const ask = (path: string, headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        }).on('error', reject);
      });
    const product = `/products/${PRODUCT_ID}`;
    const asked = [
      [product, await ask(product, { Host: 'evil.example' })],
      [
        product,
        await ask(product, { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }),
      ],
      // Repeated slashes are one: this is our own page /evil.example/products/… (not found).
      [`/evil.example${product}`, await ask(`//evil.example${product}`, {})],
    ] as const;
    for (const [path, text] of asked) {
      expect(h1Of(text)).toBeTruthy();
      expect(text).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}${path}" />`);
      expect(text).not.toMatch(/(https?:)?\/\/evil\.example/);
    }
  });
});
