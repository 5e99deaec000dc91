// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// The catalog remote stopped: its regions show the fallback, the rest works, "Try again" recovers.
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { describeRemoteStopped } from '../support/resilience';
import { expectRenderedPage, waitForHeading } from '../support/shop';
import { startService, stopService } from '../support/stackState';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeRemoteStopped('catalog', () => browser);

// (From the foundation journey: the shop's first page with the catalog already down.)
describe('a remote that is down costs only its own region', () => {
  afterAll(async () => {
    // Leave the catalog running for the next tests even if this one failed midway.
    await startService('catalog');
  });

  test('catalog stopped: /about and /account work, / shows the fallback; "Try again" recovers without a reload', async () => {
    await stopService('catalog');
    const { page, context } = await openPage(browser, '/about');
    try {
      await expect(expectRenderedPage(page)).resolves.toBe('About Threadline');
      await page.locator('header').getByRole('link', { name: 'Sign in' }).click();
      await waitForHeading(page, 'Sign in');
      await expectRenderedPage(page);
      await page.goto(`${SHELL_URL}/account`);
      await expectRenderedPage(page);

      await page.goto(`${SHELL_URL}/`);
      const fallback = page.locator('.remote-fallback');
      await fallback.waitFor({ state: 'visible', timeout: 30_000 });
      await expect(fallback.locator('h1').textContent()).resolves.toContain('taking a break');
      // Header and footer keep working.
      await expect(page.locator('header nav').isVisible()).resolves.toBe(true);
      await expect(page.locator('footer').isVisible()).resolves.toBe(true);

      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      await startService('catalog');
      await page.getByRole('button', { name: 'Try again' }).click();
      await fallback.waitFor({ state: 'detached', timeout: 30_000 });
      await expectRenderedPage(page);
      const sameDocument = await page.evaluate(
        () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
      );
      expect(sameDocument).toBe(true);
    } finally {
      await context.close();
    }
  });
});
