// At checkout, a password for an email that already has an account is no dead end (sign in and come
// back to the checkout, or order as a guest), and "Sign in" from the header comes back to the page
// it was pressed on. Real Chromium, database server and Auth emulator.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { fillAuthForm } from '../support/account';
import { fillTestCard, fillValidDetails, orderSentPage } from '../support/checkout';
import { createAccount, uniqueEmail } from '../support/identity';
import { addToBasket, waitForHeading } from '../support/shop';
import { expectAccessible } from '../support/axe';

const BEANIE = { id: 'ribbed-beanie' };
const EMAIL_TAKEN = 'There is already an account assigned to this email!';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A guest's order with a password for an email that has an account: refused, with ways on. */
async function orderWithTakenEmail(page: Page, email: string) {
  await addToBasket(page, BEANIE);
  await page.goto(`${SHELL_URL}/checkout/details`);
  await fillValidDetails(page, email);
  await page.getByLabel('Password', { exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByText(EMAIL_TAKEN).waitFor();
  await page.getByRole('link', { name: 'Sign in and order' }).waitFor();
  await page.getByRole('link', { name: 'Order as a guest' }).waitFor();
  await expectAccessible(page, '/checkout-successful (email has an account)', 'checkout');
}

describe('a password for an email that has an account', () => {
  test('"Sign in and order" signs in and comes back to the checkout, which sends the order', async () => {
    const email = uniqueEmail('taken-sign-in');
    await createAccount(email, 'account-password');
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await orderWithTakenEmail(page, email);
      await page.getByRole('link', { name: 'Sign in and order' }).click();
      await page.waitForURL('**/authentication?mode=signin&next=%2Fcheckout%2Fdetails');
      await waitForHeading(page, 'Sign in');
      await fillAuthForm(page, email, 'account-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/checkout/details');
      await page.getByText(`Signed in as ${email}`).waitFor();
      // The details are kept; signed in, no password is asked for.
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      await fillTestCard(page);
      await page.getByRole('button', { name: 'Place order' }).click();
      await orderSentPage(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('"Order as a guest" goes back to the form without the password and sends the order', async () => {
    const email = uniqueEmail('taken-guest');
    await createAccount(email, 'account-password');
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await orderWithTakenEmail(page, email);
      await page.getByRole('link', { name: 'Order as a guest' }).click();
      await page.waitForURL('**/checkout/details');
      await page.getByText('Checking out as a guest').waitFor();
      expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await fillTestCard(page);
      await page.getByRole('button', { name: 'Place order' }).click();
      await orderSentPage(page);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('"Sign in" comes back to where the shopper was', () => {
  test('from the header on a filtered listing', async () => {
    const email = uniqueEmail('header-sign-in');
    await createAccount(email, 'account-password');
    const { page, context, pageErrors } = await openPage(browser, '/men?type=sneakers');
    try {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
      await page.waitForURL('**/authentication?mode=signin&next=%2Fmen%3Ftype%3Dsneakers');
      await waitForHeading(page, 'Sign in');
      await fillAuthForm(page, email, 'account-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${SHELL_URL}/men?type=sneakers`);
      await waitForHeading(page, "Men's clothing & sneakers");
      await page.getByRole('link', { name: 'My account' }).first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('from the checkout', async () => {
    const email = uniqueEmail('checkout-sign-in');
    await createAccount(email, 'account-password');
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await addToBasket(page, BEANIE);
      await page.goto(`${SHELL_URL}/checkout/details`);
      await page.getByText('Checking out as a guest').waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/authentication?mode=signin&next=%2Fcheckout%2Fdetails');
      await waitForHeading(page, 'Sign in');
      await fillAuthForm(page, email, 'account-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/checkout/details');
      await page.getByText(`Signed in as ${email}`).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
