// The account's pages through the accessibility and SEO gates (support/a11yGates.ts, decision
// 0801): sign-in and sign-up, every account page signed in, at 1280 px and 375 px, and the
// sign-in form with field errors and after a failed sign-in.
import type { Browser } from 'playwright-core';
import {
  describeShopperCases,
  describeSignedInRoutes,
  describeVisitorRoutes,
  visit,
} from '../support/a11yGates';
import { expectAccessible, renderedH1s } from '../support/axe';
import { launchBrowser } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeVisitorRoutes('account', () => browser);
describeSignedInRoutes('account', () => browser);

describeShopperCases('account: forms with errors showing', () => browser, {
  '/authentication with field errors, then a failed sign-in': async (page, width) => {
    await visit(page, '/authentication?mode=signin');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Email address').focus();
    await page.getByText('Please enter a valid email address!').waitFor();
    await page.getByText('Your password should be at least 8 characters long!').waitFor();
    await expectAccessible(page, `/authentication field errors @${width}px`, 'account');

    await page.getByLabel('Email address').fill(`nobody.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('long enough password');
    await page.waitForTimeout(600);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /doesn't exist|Invalid/ })
      .waitFor({
        timeout: 30_000,
      });
    await expectAccessible(page, `/authentication failed sign-in @${width}px`, 'account');
    expect(await renderedH1s(page)).toHaveLength(1);
  },
});
