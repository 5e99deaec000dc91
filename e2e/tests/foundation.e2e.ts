// The assembled storefront, composed at runtime (decision 0001). It changes nothing, so it runs
// beside other journeys. (Each team's deploy alone: deploy-catalog.e2e.ts, deploy-cart.e2e.ts; the
// catalog stopped from the first page on: resilience-catalog.e2e.ts.)
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expectRenderedPage } from '../support/shop';
import { ROOT, appDir, appOrigin } from '../../scripts/lib/apps';
import {
  SHELL_URL,
  launchBrowser,
  loadedCopies,
  loadedReactCopies,
  openPage,
} from '../support/browser';
import { firstProductId } from '../support/database';

let browser: Browser;
const SHARED_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8')) as { version: string }
).version;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('every route of docs/product.md §2 renders through the shell', () => {
  const staticRoutes = [
    '/',
    '/collections',
    '/collections/fall',
    '/collections/spring',
    '/men',
    '/women',
    '/about',
    '/contact',
    '/checkout',
    '/checkout/details',
    '/checkout-successful',
    '/account',
    '/account/myaccount',
    '/account/orders',
    '/account/orders/no-such-order',
    '/account/credentials',
    '/account/personal-information',
    '/authentication',
    '/authentication?mode=signin',
  ];

  test.each(staticRoutes)('%s', async (path) => {
    const { page, context, pageErrors } = await openPage(browser, path);
    try {
      const heading = await expectRenderedPage(page);
      expect(heading.trim().length).toBeGreaterThan(0);
      expect(await loadedReactCopies(page)).toBe(1);
      // A shell page may not need @shop/shared's main module; when loaded, it is the shell's.
      for (const copy of await loadedCopies(page, '@shop/shared')) expect(copy).toMatch(/@shell$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('/products/{id} with a real product, and an unknown address shows the 404 page', async () => {
    const id = await firstProductId();
    const { page, context, pageErrors } = await openPage(browser, `/products/${id}`);
    try {
      await expectRenderedPage(page);
      expect(await loadedReactCopies(page)).toBe(1);
      // The remote's code runs with the shell's copy, the one whose modules the shell's first
      // render used (decision 5102).
      expect(await loadedCopies(page, '@shop/shared')).toEqual([`${SHARED_VERSION}@shell`]);
      await page.goto(`${SHELL_URL}/no/such/page`);
      await expect(page.locator('main h1').first().textContent()).resolves.toContain(
        "couldn't find",
      );
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('/checkout-successful without query parameters redirects to /', async () => {
    const { page, context } = await openPage(browser, '/checkout-successful');
    try {
      await page.waitForURL(`${SHELL_URL}/`, { timeout: 15_000 });
      await expectRenderedPage(page);
    } finally {
      await context.close();
    }
  });
});

describe('QA remote overrides', () => {
  test('an override to a stranger origin is refused and the normal catalog loads', async () => {
    const evil = encodeURIComponent('catalog@https://evil.example.com/mf-manifest.json');
    const { page, context } = await openPage(browser, `/?remote-override=${evil}`);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await expectRenderedPage(page);
      await expect(page.locator('.override-notice').textContent()).resolves.toContain('refused');
      expect(requested.filter((url) => url.includes('evil.example.com'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an override to an allow-listed origin is used', async () => {
    const manifest = `${appOrigin('catalog', '127.0.0.1')}/mf-manifest.json`;
    const local = encodeURIComponent(`catalog@${manifest}`);
    const { page, context } = await openPage(browser, `/?remote-override=${local}`);
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(request.url());
    });
    try {
      await page.reload();
      await expectRenderedPage(page);
      await expect(page.locator('.override-notice').textContent()).resolves.toContain('active');
      expect(manifests).toContain(manifest);
    } finally {
      await context.close();
    }
  });
});

describe("the shell's build names no remote page (decision 0001)", () => {
  test('no address of a remote route list is in the built scripts or the page', async () => {
    const addresses = new Set<string>();
    for (const app of ['catalog', 'cart', 'checkout', 'account'] as const) {
      const list = JSON.parse(
        await readFile(join(appDir(app), 'src/routes/routes.json'), 'utf8'),
      ) as Array<{ path: string }>;
      for (const { path } of list) addresses.add(path.split('/:')[0] ?? path);
    }
    addresses.delete('/');
    expect(addresses.size).toBeGreaterThan(10);
    const dist = join(appDir('shell'), 'dist');
    const files = (await readdir(dist)).filter((f) => /\.(js|html)$/.test(f));
    expect(files.length).toBeGreaterThan(3);
    const found: string[] = [];
    for (const file of files) {
      const text = await readFile(join(dist, file), 'utf8');
      for (const address of addresses) {
        if (new RegExp(`["'\`]${address}(?![\\w-])`).test(text)) found.push(`${file}: ${address}`);
      }
    }
    expect(found).toEqual([]);
  });
});
