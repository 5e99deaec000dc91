// Account journeys through the assembled shell: sign up / in / out with the basket following the
// account, the §8 messages, credential and personal-information edits, and the order history.
// Real Chromium, real database server and Auth emulator; nothing is mocked.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { fillAuthForm, signIn, signOutFromAccountNavigation, signUp } from '../support/account';
import { adminGet } from '../support/database';
import { signInWithPassword, uniqueEmail } from '../support/identity';
import { fillTestCard, orderSentPage, whatThePageShows } from '../support/checkout';
import { eventually } from '../support/eventually';

/** Products of the seed catalog without a size choice (one click adds them). */
const BEANIE = 'ribbed-beanie';
const CAP = 'six-panel-cap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The basket as the page's bus holds it (what every remote shows). */
async function basket(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    type Bus = { cart$: { getValue(): { products: { id: string; quantity: number }[] } } };
    const bus = (window as unknown as { __SHOP_BUS__: Bus }).__SHOP_BUS__;
    return Object.fromEntries(bus.cart$.getValue().products.map((l) => [l.id, l.quantity]));
  });
}

async function addToBasket(page: Page, productId: string) {
  await page.goto(`${SHELL_URL}/products/${productId}`);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await eventually(
    () => basket(page),
    (value) => expect(value).toMatchObject({ [productId]: expect.any(Number) }),
  );
}

/** The field whose label is exactly `label` ("Address" is not "Email address", listed before it). */
const row = (page: Page, label: string) =>
  page
    .locator('.account-field')
    .filter({
      has: page.locator('dt', {
        hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`),
      }),
    })
    .first();

async function editField(
  page: Page,
  label: string,
  value: string,
  expectedToast: string,
  currentPassword?: string,
) {
  const field = row(page, label);
  await field.getByRole('button', { name: 'Edit', exact: false }).click();
  const input = field.locator('input, select').first();
  if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
  else await input.fill(value);
  // Credentials ask for the current password first (decision 1501).
  if (currentPassword !== undefined) {
    await field.getByLabel('Current password', { exact: true }).fill(currentPassword);
  }
  await field.getByRole('button', { name: 'Accept' }).click();
  await page.getByText(expectedToast).first().waitFor();
  await field.getByRole('button', { name: 'Edit', exact: false }).waitFor();
}

describe('accounts', () => {
  test('sign up, the basket follows the account, sign out, sign in from a fresh browser', async () => {
    const email = uniqueEmail('journey');
    const password = 'first-password';
    const { page, context } = await openPage(browser, `/products/${BEANIE}`);
    try {
      // A basket built before signing up is kept.
      await addToBasket(page, BEANIE);
      await signUp(page, email, password);
      // The page renders after the redirect; wait for it rather than sampling once.
      await page
        .getByRole('heading', { level: 1, name: 'My account' })
        .waitFor({ state: 'visible' });
      await addToBasket(page, CAP);
      const { uid } = await signInWithPassword(email, password);
      await eventually(
        () => adminGet<{ totalQuantity: number } | null>(`users/validated/${uid}/userCart`),
        (value) => expect(value).toMatchObject({ totalQuantity: 2 }),
      );
      // The database keeps the email only.
      const record = await adminGet<Record<string, unknown>>(`users/validated/${uid}`);
      expect(record.credentials).toEqual({ email });
      expect(JSON.stringify(record)).not.toContain(password);

      await signOutFromAccountNavigation(page);
      await eventually(
        () => basket(page),
        (value) => expect(value).toEqual({}),
      );
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await addToBasket(page, BEANIE); // the session's own basket again
    } finally {
      await context.close();
    }

    const fresh = await openPage(browser, '/');
    try {
      await signIn(fresh.page, email, password);
      await fresh.page.waitForURL('**/account/myaccount');
      await fresh.page.getByText('Signed in successfuly!').waitFor();
      await eventually(
        () => basket(fresh.page),
        (value) => expect(value).toEqual({ [BEANIE]: 1, [CAP]: 1 }),
      );
    } finally {
      await fresh.context.close();
    }
  });

  test('the exact messages for an unknown email and a wrong password', async () => {
    const email = uniqueEmail('known');
    const { page, context } = await openPage(browser, '/');
    try {
      await signUp(page, email, 'right-password');
      await signOutFromAccountNavigation(page);

      await signIn(page, uniqueEmail('nobody'), 'whatever-password');
      await eventually(
        () => page.getByRole('alert').filter({ hasText: 'exist' }).textContent(),
        (value) => expect(value).toBe("User doesn't exist! Please make an account first."),
      );

      await signIn(page, email, 'wrong-password');
      await eventually(
        () => page.getByRole('alert').filter({ hasText: 'password' }).textContent(),
        (value) => expect(value).toBe('Invalid password!'),
      );
      expect(new URL(page.url()).pathname).toBe('/authentication');
    } finally {
      await context.close();
    }
  });

  test('a visitor is sent to sign in and comes back to the page asked for', async () => {
    const email = uniqueEmail('guard');
    const { page, context } = await openPage(browser, '/');
    try {
      await signUp(page, email, 'guard-password');
      await signOutFromAccountNavigation(page);
      await page.goto(`${SHELL_URL}/account/personal-information`);
      await page.waitForURL('**/authentication?mode=signin&next=%2Faccount%2Fpersonal-information');
      await fillAuthForm(page, email, 'guard-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/account/personal-information');
      await page.getByRole('heading', { level: 1, name: 'Personal information' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('change email and password, then sign in with the new ones', async () => {
    const email = uniqueEmail('before');
    const newEmail = uniqueEmail('after');
    const { page, context } = await openPage(browser, '/');
    try {
      await signUp(page, email, 'old-password');
      await page.goto(`${SHELL_URL}/account/credentials`);
      await page.getByText('Loading credentials...').or(row(page, 'Email')).first().waitFor();
      await editField(
        page,
        'Email',
        newEmail,
        'Your email has been changed successfuly!',
        'old-password',
      );
      await editField(
        page,
        'Password',
        'new-password',
        'Your password has been changed successfuly!',
        'old-password',
      );
      const { uid } = await signInWithPassword(newEmail, 'new-password');
      expect(await adminGet(`users/validated/${uid}/credentials`)).toEqual({ email: newEmail });

      await signOutFromAccountNavigation(page);
      await signIn(page, newEmail, 'new-password');
      await page.waitForURL('**/account/myaccount');
      await page.getByText(newEmail).first().waitFor();
    } finally {
      await context.close();
    }
  });

  test('personal information is saved, filled in at checkout, and the order appears in the history', async () => {
    const email = uniqueEmail('orders');
    const { page, context } = await openPage(browser, '/');
    try {
      await signUp(page, email, 'orders-password');
      await page.goto(`${SHELL_URL}/account/personal-information`);
      expect(await row(page, 'Name').textContent()).toContain('Yet to be filled!');
      const info = {
        Name: 'Jane Doe',
        'Email address': email,
        'Phone number': '+48 123 456 789',
        Address: '12 Rua Augusta',
        City: 'Lisbon',
        'ZIP Code': '1100',
        Country: 'Portugal',
      };
      const spoken: Record<string, string> = {
        'Email address': 'email',
        'Phone number': 'phone number',
        'ZIP Code': 'ZIP code',
      };
      for (const [label, value] of Object.entries(info)) {
        const name = spoken[label] ?? label.toLowerCase();
        await editField(page, label, value, `Your ${name} has been changed successfuly!`);
      }
      const { uid } = await signInWithPassword(email, 'orders-password');
      expect(await adminGet(`users/validated/${uid}/personalInformation`)).toMatchObject({
        name: 'Jane Doe',
        city: 'Lisbon',
        country: 'Portugal',
      });

      await addToBasket(page, BEANIE);
      await page.goto(`${SHELL_URL}/checkout/details`);
      const name = page.getByLabel('Name', { exact: true });
      await name.waitFor().catch(async (error: Error) => {
        // This step failed 1 run in 3 of the whole suite in CI and never alone: say what the page
        // showed instead, so the next failure explains itself.
        throw new Error(`${error.message}\n${await whatThePageShows(page)}`);
      });
      await eventually(
        () => name.inputValue(),
        (value) => expect(value).toBe('Jane Doe'),
      );
      expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Lisbon');
      expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('Portugal');

      await page.locator('input[type="radio"][name]').first().check();
      await fillTestCard(page);
      await page.getByRole('button', { name: 'Place order' }).click();
      await orderSentPage(page);
      const number = (await page.locator('.checkout-confirmation__number').textContent()) ?? '';
      expect(number).toMatch(/^TL-[2-9A-HJKMNP-TW-Z]{6}$/);

      // The account names the order by the number the confirmation gave (decision 1401).
      await page.goto(`${SHELL_URL}/account/orders`);
      const list = page.getByRole('list', { name: 'All orders, newest first' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      expect(await items.count()).toBe(1);
      expect(await items.first().textContent()).toContain('1 item');
      expect(await items.first().textContent()).toContain(number);
      await items.first().getByRole('link').click();
      await page.waitForURL('**/account/orders/*');
      await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      // Paid by card: authorised, taken when it ships (decision 5301).
      await page.getByText('Status: paid').waitFor();
      await page
        .getByRole('region', { name: 'Card payment' })
        .getByText('Held on your card; taken when the order ships', { exact: false })
        .waitFor();
      await page.getByText('Personal information sent').waitFor();
      expect(await page.locator('.account-order__info').textContent()).toContain('12 Rua Augusta');
      expect(await page.locator('.account-order__lines').textContent()).toContain('x1');

      await page.goto(`${SHELL_URL}/account/orders/-NoSuchOrder`);
      await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
