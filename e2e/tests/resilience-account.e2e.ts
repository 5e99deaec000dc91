// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// The account remote stopped (its regions show the fallback, "Try again" recovers), and the Auth
// emulator stopped (a clear message, never a blank page).
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { describeRemoteStopped, newShopper, withServiceCutOff } from '../support/resilience';
import { expectRenderedPage } from '../support/shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeRemoteStopped('account', () => browser);

describe('the identity service unreachable', () => {
  test('a new visitor gets the shop with a clear message, never a blank page', async () => {
    const { context, page } = await newShopper(browser);
    try {
      await withServiceCutOff('auth', async () => {
        await page.goto(`${SHELL_URL}/about`);
        await expectRenderedPage(page);
        // A new visitor's session starts with their first interaction (decision 1308); it
        // cannot start: the shop says so in plain words.
        await page.keyboard.press('Tab');
        const message = page.locator('.global-error, [role="alert"]').filter({
          hasText: /unable|couldn't|could not|sign-in failed|network|try again/i,
        });
        await message.first().waitFor({ state: 'visible', timeout: 45_000 });
        expect(((await message.first().textContent()) ?? '').trim().length).toBeGreaterThan(10);
        // The catalog is public: browsing still works.
        await page.goto(`${SHELL_URL}/`);
        await expectRenderedPage(page);
        expect(await page.locator('header nav').first().isVisible()).toBe(true);
        const text = (await page.locator('body').innerText()).trim();
        expect(text.length).toBeGreaterThan(100);
      });
    } finally {
      await context.close();
    }
  });
});
