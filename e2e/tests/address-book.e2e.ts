// The address book through checkout (docs/decisions/4202-address-book.md): a shopper saves two
// addresses and makes the second the default; at checkout the default is chosen, they choose the
// other and order; then they type a new one, save it with the order, and find it in the book. axe
// finds nothing serious on the address book page, wide and at 320 px.
// Real Chromium, database server and Auth emulator; nothing is mocked.
import type { Browser, Page } from 'playwright-core';
import { signUp } from '../support/account';
import { expectAccessible } from '../support/axe';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { fillTestCard, orderSentPage } from '../support/checkout';
import { adminGet } from '../support/database';
import { signInWithPassword, uniqueEmail } from '../support/identity';

/** A product of the seed catalog without a size choice (one click adds it). */
const BEANIE = 'ribbed-beanie';

const LISBON = {
  Name: 'Jane Doe',
  'Phone number': '+48 123 456 789',
  Address: '12 Rua Augusta',
  City: 'Lisbon',
  'ZIP Code': '1100-048',
  Country: 'Portugal',
};
const PORTO = { ...LISBON, Address: '5 Rua das Flores', City: 'Porto', 'ZIP Code': '4050-262' };
const NEW_ONE = {
  ...LISBON,
  Name: 'John Doe',
  Address: '7 Avenida da Liberdade',
  'ZIP Code': '1250-096',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fill(page: Page, scope: ReturnType<Page['locator']>, values: typeof LISBON) {
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Country') await scope.getByLabel('Country').selectOption(value);
    else await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

async function addToBasket(page: Page) {
  await page.goto(`${SHELL_URL}/products/${BEANIE}`);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  // The drawer opens on the add (decision 4001), named with the basket's count.
  await page.getByRole('dialog', { name: 'Your basket (1)' }).waitFor();
}

async function toDetails(page: Page) {
  await page.goto(`${SHELL_URL}/checkout/details`);
  await page.getByRole('group', { name: 'Deliver to' }).waitFor();
}

const savedAddresses = (page: Page) => page.getByRole('list', { name: 'Saved addresses' });

test('two addresses, the second the default, chosen at checkout; another chosen; a new one saved', async () => {
  const email = uniqueEmail('address-book');
  const { page, context } = await openPage(browser, '/');
  try {
    await signUp(page, email, 'address-password');
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Address book' })
      .click();
    await page.waitForURL('**/account/address-book');
    await page.getByRole('heading', { name: 'No saved addresses yet' }).waitFor();

    for (const [values, count] of [
      [LISBON, 1],
      [PORTO, 2],
    ] as const) {
      await page.getByRole('button', { name: 'Add an address' }).click();
      const form = page.getByRole('region', { name: 'New address' });
      await fill(page, form, values);
      await form.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('heading', { name: `${count} of 10 addresses saved` }).waitFor();
    }
    const cards = savedAddresses(page).getByRole('listitem');
    expect(await cards.nth(0).textContent()).toContain('Default address');
    await page.getByRole('button', { name: /^Set as default: Jane Doe, 5 Rua das Flores/ }).click();
    await cards.nth(1).getByText('Default address').waitFor();
    expect(await cards.nth(0).textContent()).not.toContain('Default address');

    const { uid } = await signInWithPassword(email, 'address-password');
    const stored = await adminGet<{
      addresses: Record<string, { address: string }>;
      defaultKey: string;
    }>(`users/validated/${uid}/addressBook`);
    expect(stored.addresses[stored.defaultKey]?.address).toBe('5 Rua das Flores');

    // axe: nothing serious, wide and at the narrowest phone width.
    await expectAccessible(page, 'address book at 1280 px', 'account');
    await page.setViewportSize({ width: 320, height: 640 });
    await expectAccessible(page, 'address book at 320 px', 'account');
    // One form at a time: the edit form in its card, then the new address's.
    await page.getByRole('button', { name: /^Edit Jane Doe, 12 Rua Augusta/ }).click();
    await page.getByRole('heading', { name: 'Edit address' }).waitFor();
    await expectAccessible(page, 'address book, editing, at 320 px', 'account');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByRole('region', { name: 'New address' }).waitFor();
    await expectAccessible(page, 'address book, adding, at 320 px', 'account');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('region', { name: 'New address' }).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // At checkout the default is chosen and fills the delivery details.
    await addToBasket(page);
    await toDetails(page);
    const deliverTo = page.getByRole('group', { name: 'Deliver to' });
    expect(await deliverTo.getByRole('radio', { name: /5 Rua das Flores/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('5 Rua das Flores');
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(email);
    await expectAccessible(page, 'checkout details with saved addresses', 'checkout');

    // The other one is chosen, and the order goes there.
    await deliverTo.getByRole('radio', { name: /12 Rua Augusta/ }).check();
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('12 Rua Augusta');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Lisbon');
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await orderSentPage(page);
    const orders = await adminGet<Record<string, { personalInformation: Record<string, string> }>>(
      `users/validated/${uid}/userOrders`,
    );
    expect(Object.values(orders).map((o) => o.personalInformation)).toEqual([
      {
        name: 'Jane Doe',
        email,
        tel: '+48 123 456 789',
        address: '12 Rua Augusta',
        city: 'Lisbon',
        zipCode: '1100-048',
        country: 'Portugal',
      },
    ]);

    // A new address, typed and saved with the order.
    await addToBasket(page);
    await toDetails(page);
    expect(await deliverTo.getByRole('radio', { name: /5 Rua das Flores/ }).isChecked()).toBe(true);
    await deliverTo.getByRole('radio', { name: 'A new address' }).check();
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('');
    await fill(page, page.locator('form.checkout-details__form'), NEW_ONE);
    await page.getByRole('checkbox', { name: 'Save this address to my address book' }).check();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await orderSentPage(page);

    await page.goto(`${SHELL_URL}/account/address-book`);
    await page.getByRole('heading', { name: '3 of 10 addresses saved' }).waitFor();
    expect(await cards.nth(2).textContent()).toContain('7 Avenida da Liberdade');
    expect(await cards.nth(1).textContent()).toContain('Default address');
  } finally {
    await context.close();
  }
});
