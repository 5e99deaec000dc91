// A guest's order is claimed into the account made with its email, once that email is verified
// (decision 4401). A guest places an order with email X through the assembled shell; an account is
// made with X: before verification its orders list is empty; the overview sends the verification
// email, whose code the Auth emulator "mailed" is applied; the overview then claims the order (the
// real `claimGuestOrders` function in the emulator) and the orders list shows it once, after a
// reload too. A second account, with another email, never sees it.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { signUp } from '../support/account';
import { placeGuestOrder } from '../support/checkout';
import { uniqueEmail, verifyEmailWithMailedCode } from '../support/identity';
import { addToBasket, catalogProducts, settle } from '../support/shop';

const PASSWORD = 'claim-guest-orders-1';
const VERIFY_TEXT =
  'Verify your email address to see here the orders you placed as a guest with it.';
const NO_ORDERS = "You haven't placed an order yet.";
const CLAIMED_ONE =
  '1 order you placed as a guest with this email address was added to your orders.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A guest (a fresh browser, no account) orders with `email`; answers the order's number. */
async function guestOrder(email: string): Promise<string> {
  const product = (await catalogProducts()).find((p) => p.discountedPrice > 0);
  if (!product) throw new Error('the seed catalog needs a product');
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await settle(page);
    await addToBasket(page, product);
    const number = await placeGuestOrder(page, email);
    expect(pageErrors).toEqual([]);
    return number;
  } finally {
    await context.close();
  }
}

/** The order numbers the account's orders page lists (after it has loaded). */
async function listedOrders(page: Page): Promise<string[]> {
  await page.goto(`${SHELL_URL}/account/orders`);
  await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
  const list = page.getByRole('list', { name: 'All orders, newest first' });
  await Promise.race([list.waitFor(), page.getByText(NO_ORDERS).waitFor()]);
  if ((await list.count()) === 0) return [];
  return (await list.locator('.account-orders__key').allTextContents()).map((t) => t.trim());
}

test('a guest order appears in the account once its email is verified, once, and in no other account', async () => {
  const email = uniqueEmail('guest.claim');
  const number = await guestOrder(email);
  expect(number).toMatch(/^TL-[2-9A-Z]{6}$/);

  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await signUp(page, email, PASSWORD);
    // Not verified: the overview says why to verify, and the orders list does not show it.
    await page.getByText(VERIFY_TEXT).waitFor();
    await expectAccessible(page, '/account/myaccount, email not verified', 'account');
    await page.setViewportSize({ width: 320, height: 800 });
    await page.screenshot({ path: 'e2e/artifacts/verify-email-320.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await listedOrders(page)).toEqual([]);

    await page.goto(`${SHELL_URL}/account/myaccount`);
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await page.getByRole('status').getByText('We have sent you an email').waitFor();
    await verifyEmailWithMailedCode(email);
    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await page.getByRole('status').getByText(CLAIMED_ONE).waitFor({ timeout: 30_000 });
    await page.setViewportSize({ width: 320, height: 800 });
    await page.screenshot({ path: 'e2e/artifacts/claim-guest-orders-320.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    expect(await listedOrders(page)).toEqual([`Order ${number}`]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
    expect(await listedOrders(page)).toEqual([`Order ${number}`]);
    // The overview again (a new page load in the session): no second claim, no second copy.
    await page.goto(`${SHELL_URL}/account/myaccount`);
    await page.getByRole('list', { name: 'Recent orders' }).waitFor();
    expect(await listedOrders(page)).toEqual([`Order ${number}`]);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }

  // Another account, verified too, with another email: nothing of the guest's.
  const other = await openPage(browser, '/');
  try {
    const otherEmail = uniqueEmail('other.claim');
    await signUp(other.page, otherEmail, PASSWORD);
    await other.page.getByRole('button', { name: 'Send verification email' }).click();
    await other.page.getByRole('status').getByText('We have sent you an email').waitFor();
    await verifyEmailWithMailedCode(otherEmail);
    await other.page.getByRole('button', { name: 'I have verified my email' }).click();
    await other.page.getByText(VERIFY_TEXT).waitFor({ state: 'detached' });
    await other.page.getByText(NO_ORDERS).waitFor();
    expect(await listedOrders(other.page)).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  } finally {
    await other.context.close();
  }
});
