// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// A slow network: the rendered page at once, placeholders for client-side moves.
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { newShopper } from '../support/resilience';
import { expectRenderedPage } from '../support/shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a slow network', () => {
  test('throttled to a slow 3G line: the rendered page at once, placeholders for client-side moves', async () => {
    const { context, page } = await newShopper(browser);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400, // ms round trip
        downloadThroughput: (500 * 1024) / 8, // 500 kbit/s
        uploadThroughput: (500 * 1024) / 8,
      });
      await page.goto(`${SHELL_URL}/`, { waitUntil: 'commit' });
      // The page arrives rendered whole (decision 3701): its heading shows while scripts download,
      // with no placeholder in its place.
      await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.locator('main .boot, main .page-skeleton').count()).toBe(0);
      await expectRenderedPage(page, 110_000);

      // A page of remotes not loaded yet (checkout + cart): the skeleton shows while they load.
      const basket = page.locator('header a[href="/checkout"]').first();
      await basket.waitFor({ state: 'visible', timeout: 60_000 });
      await basket.click();
      await page.locator('.page-skeleton').first().waitFor({ state: 'visible', timeout: 10_000 });
      await expectRenderedPage(page, 110_000);
      expect(new URL(page.url()).pathname).toBe('/checkout');
    } finally {
      await context.close();
    }
  }, 300_000);
});
