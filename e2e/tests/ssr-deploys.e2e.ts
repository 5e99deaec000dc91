// Server-rendered storefront (decision 1302), what changes it for every journey: a
// catalog deploy shows on the next request with the server still running; a tampered server
// container is refused; the catalog stopped costs only its region; a price change shows within
// 3 s. Runs alone (decision 5002); the read-only checks are in ssr.e2e.ts.
import { existsSync, mkdtempSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { siteDirOf } from '../../scripts/lib/releases';
import { catalogVariant } from '../support/catalogVariant';
import { currentRelease, releaseFolder } from '../support/releases';
import { launchBrowser } from '../support/browser';
import { startService, stopService } from '../support/stackState';
import { adminGet, adminPut } from '../support/database';
import { PUBLIC_READ_TTL_MS } from '../../shell/src/server/publicReads';
import { SIGNATURE_PREFIX } from '../../shell/src/server/serverContainers';
import type { CatalogProduct } from '../support/shop';
import { PRODUCT_ID, SSR_URL, h1Of, html, whenServerAnswers } from '../support/ssrPages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the catalog deploys alone, the shell server keeps running', () => {
  test('a rebuilt catalog (browser and server) is rendered by the running shell server on the next request', async () => {
    const { folder, label } = await catalogVariant();
    expect((await html('/')).text).not.toContain(label);
    // The catalog team's release (decision 4901): its site points at the new build.
    const released = await releaseFolder('catalog', folder);
    try {
      // The server re-reads the remotes' pointers after a few seconds (decision 1302).
      const deadline = Date.now() + 15_000;
      let text = '';
      while (Date.now() < deadline && !text.includes(label)) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        text = (await html('/')).text;
      }
      expect(text).toContain(label);
      expect(text).toContain(`catalog:${released.id}`);
    } finally {
      await released.undo();
    }
  });
});

describe("a remote's server code runs only when signed by its key (decision 4402)", () => {
  test("a deploy whose server container was changed after signing: refused, the region's fallback, none of its code run; the signed one back, the page back", async () => {
    const path = `/products/${PRODUCT_ID}`;
    const product = await adminGet<CatalogProduct>(`catalog/products/${PRODUCT_ID}`);
    expect(h1Of(await whenServerAnswers(path, 200))).toBe(product.name);
    // The current release's files, changed after signing, released as a new build would be.
    const tampered = mkdtempSync(join(tmpdir(), 'catalog-tampered-'));
    // What the tampered code would leave if it ran in the shell server.
    const marker = join(mkdtempSync(join(tmpdir(), 'tampered-container-')), 'ran');
    await cp(join(siteDirOf('catalog'), 'releases', await currentRelease('catalog')), tampered, {
      recursive: true,
    });
    const entryFile = join(tampered, 'server/remoteEntry.js');
    const signedBytes = await readFile(entryFile, 'latin1');
    const at = signedBytes.lastIndexOf(SIGNATURE_PREFIX);
    expect(at).toBeGreaterThan(0);
    // Code put in before the signature line, which stays as the build wrote it.
    await writeFile(
      entryFile,
      `${signedBytes.slice(0, at)}\n;require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');${signedBytes.slice(at)}`,
      'latin1',
    );
    const released = await releaseFolder('catalog', tampered);
    try {
      const text = await whenServerAnswers(path, 503);
      expect(text).toContain('class="site-header"');
      expect(text).toMatch(/<section class="remote-fallback"[^>]*data-remote="catalog"/);
      expect(text).toContain('Try again');
      expect(text).not.toContain(`>${product.name}<`);
    } finally {
      await released.undo();
    }
    expect(h1Of(await whenServerAnswers(path, 200))).toBe(product.name);
    expect(existsSync(marker)).toBe(false);
    await rm(tampered, { recursive: true, force: true });
  });
});

describe('a remote that is down costs only its region, on the server too', () => {
  test('the catalog stopped: 503 with the layout and the catalog\'s fallback; "Try again" recovers after the restart', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) hydration.push(message.text());
    });
    try {
      await stopService('catalog');
      try {
        const text = await whenServerAnswers(`/products/${PRODUCT_ID}`, 503);
        // The shell's layout is there, with the catalog's region as its fallback.
        expect(text).toContain('class="site-header"');
        expect(text).toMatch(/<section class="remote-fallback"[^>]*data-remote="catalog"/);
        expect(text).toContain('Try again');
        await page.goto(`${SSR_URL}/products/${PRODUCT_ID}`);
        const fallback = page.locator('.remote-fallback[data-remote="catalog"]');
        await fallback.waitFor();
        await page.locator('[data-testid="basket-count"]').first().waitFor();
        // The header's own links work meanwhile.
        await page.locator('header').getByRole('link', { name: 'About' }).first().click();
        await page.getByRole('heading', { level: 1, name: 'About Threadline' }).waitFor();
        await page.goBack();
        await fallback.waitFor();
      } finally {
        await startService('catalog');
      }
      await page
        .locator('.remote-fallback[data-remote="catalog"]')
        .getByRole('button', { name: 'Try again' })
        .click();
      const product = await adminGet<CatalogProduct>(`catalog/products/${PRODUCT_ID}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      expect(await whenServerAnswers(`/products/${PRODUCT_ID}`, 200)).toContain(product.name);
      expect({ pageErrors, hydration }).toEqual({ pageErrors: [], hydration: [] });
    } finally {
      await context.close();
    }
  });
});

describe('pages a CDN can keep (decision 3701)', () => {
  test('a price change is on the page at the next load after at most 3 s', async () => {
    const product = await adminGet<CatalogProduct & { discountedPrice: number }>(
      `catalog/products/${PRODUCT_ID}`,
    );
    const page = () => fetch(`${SSR_URL}/products/${PRODUCT_ID}`).then((r) => r.text());
    await page(); // kept now, with the old price
    const price = Math.round(product.discountedPrice * 100 - 123) / 100;
    const shown = `$${price.toFixed(2)}`;
    try {
      await adminPut(`catalog/products/${PRODUCT_ID}/discountedPrice`, price);
      await new Promise((resolve) => setTimeout(resolve, PUBLIC_READ_TTL_MS));
      expect(await page()).toContain(shown);
    } finally {
      await adminPut(`catalog/products/${PRODUCT_ID}/discountedPrice`, product.discountedPrice);
    }
  });
});
