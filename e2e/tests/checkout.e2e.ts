// The money path through the assembled shell, anonymous and signed in: basket review,
// discount codes, details with the §5 messages, one order per checkout (double click, reload,
// back button). A database or an order function that goes away mid-checkout is in
// checkout-outages.e2e.ts, which runs alone (decision 5002).
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { adminGet } from '../support/database';
import {
  allOrders,
  basketLoaded,
  fillTestCard,
  fillValidDetails,
  openDetails,
  ordersOfThisFile,
  type StoredOrderView,
} from '../support/checkout';
import {
  addToBasket,
  basketCount,
  type CatalogProduct,
  catalogProducts,
  closeBasketDrawer,
} from '../support/shop';

const SHIPMENT_FEE = 9.99;
const money = (n: number) => `$${n.toFixed(2)}`;
const cents = (n: number) => Math.round(n * 100) / 100;

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

const placedOrders = ordersOfThisFile();

/** The keys of the stored orders given with `email`. */
const ordersWith = (stored: Awaited<ReturnType<typeof allOrders>>, email: string) =>
  [...stored]
    .filter(([, { order }]) => order.personalInformation?.email === email)
    .map(([key]) => key);

async function expectSummary(page: Page, expected: Record<string, number>, discount = 0) {
  for (const [id, value] of Object.entries(expected)) {
    await expect(page.getByTestId(`summary-${id}`).textContent()).resolves.toBe(
      id === 'discount' && discount > 0 ? `−${money(value)}` : money(value),
    );
  }
}

describe('checkout, anonymous shopper', () => {
  test('review → codes → details → double-click submit → one order, kept across reload and back', async () => {
    const [first, second] = products.filter((p) => p.discountedPrice > 0);
    if (!first || !second) throw new Error('the seed catalog needs two products');
    const email = `ada.anonymous.${Date.now()}@example.com`;
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await basketLoaded(page);
      await addToBasket(page, first);
      await addToBasket(page, second);

      // Review: change a quantity, then a percentage code, then a SHIPMENT code.
      await page.goto(`${SHELL_URL}/checkout`);
      await page.getByRole('heading', { name: /Your basket/ }).waitFor();
      await page.getByText(first.name, { exact: true }).first().waitFor();
      await page.getByLabel(new RegExp(`^Quantity of ${first.name}`)).selectOption('3');
      const products = cents(first.discountedPrice * 3 + second.discountedPrice);
      await expectSummary(page, {
        products,
        discount: 0,
        shipment: SHIPMENT_FEE,
        total: cents(products + SHIPMENT_FEE),
      });
      expect(await basketCount(page)).toBe(4);

      await page.getByLabel('Discount code').fill('nosuchcode');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('The discount code "NOSUCHCODE" doesn\'t exist.').waitFor();

      await page.getByLabel('Discount code').fill('save10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Code SAVE10 applied: 10% off.').waitFor();
      const discounted = cents(products * 0.9);
      await expectSummary(
        page,
        {
          products,
          discount: cents(products - discounted),
          shipment: SHIPMENT_FEE,
          total: cents(discounted + SHIPMENT_FEE),
        },
        1,
      );

      await page.getByLabel('Discount code').fill('FREESHIP');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Code FREESHIP applied: free shipment.').waitFor();
      // The code's saving is shown as the shipping saved, not as "Discount $0.00".
      await expectSummary(page, {
        products,
        'shipping-saved': SHIPMENT_FEE,
        shipment: 0,
        total: products,
      });
      await expect(page.getByTestId('summary-discount').count()).resolves.toBe(0);
      await page.screenshot({ path: 'e2e/artifacts/checkout-review-1280.png', fullPage: true });

      // Details: invalid input gives the exact §5 messages; the submit waits for valid input.
      await page.getByRole('link', { name: 'Continue to details' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      const submit = page.getByRole('button', { name: 'Place order' });
      const invalid: [string, string, string][] = [
        ['Name', 'Al', 'Name should be at least 3 characters long!'],
        ['Email address', 'ada@example', 'Please enter a valid email address!'],
        ['Phone number', '12', 'Please enter a valid phone number!'],
        ['Address', 'Elm', 'Your address should contain at least 4 characters!'],
        ['City', 'Rome', 'Your city should at least be 5 characters length!'],
        ['ZIP Code', '1', 'Your zip code should at least be 2 characters length!'],
        ['Password', 'short', 'Your password should be at least 8 characters long!'],
      ];
      for (const [label, value] of invalid)
        await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByLabel('Country').focus();
      await page.getByLabel('Name', { exact: true }).focus(); // blur the country untouched-empty
      for (const [, , message] of invalid) await page.getByText(message, { exact: true }).waitFor();
      await page.getByText('Please select a country!', { exact: true }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({
        path: 'e2e/artifacts/checkout-details-invalid-375.png',
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 900 });

      await fillValidDetails(page, email);
      await page.getByLabel('Password', { exact: true }).fill('');
      await page.getByLabel('Cash on delivery').check();
      await page.waitForTimeout(600);
      expect(await page.locator('.shop-field__error').count()).toBe(0);
      expect(await submit.isEnabled()).toBe(true);

      await submit.dblclick();
      const key = await placedOrders.placed(page);
      await page.getByText('Order sent successfuly!').first().waitFor();
      await page.getByText('Informations provided:').waitFor();
      await page.getByText('Payment method', { exact: true }).waitFor();
      await page.getByText('Cash on delivery', { exact: true }).waitFor();
      await page.getByText('4 products ordered:').waitFor();
      await page.getByText('Thank you for shopping with us!').waitFor();
      expect(
        await page.getByRole('link', { name: 'Return to the home page' }).getAttribute('href'),
      ).toBe('/');
      await expect(page.getByTestId('summary-total').textContent()).resolves.toBe(money(products));
      expect(await basketCount(page)).toBe(0);
      await page.screenshot({ path: 'e2e/artifacts/checkout-success-1280.png', fullPage: true });

      const after = await allOrders();
      // One order in the whole database for this checkout (other journeys order meanwhile).
      expect(ordersWith(after, email)).toEqual([key]);
      const stored = after.get(key);
      expect(stored?.path).toMatch(/^users\/anonymousTokens\/[^/]+\/anonymousOrders\//);
      expect(stored?.order).toMatchObject({
        id: key,
        totalQuantity: 4,
        shipment: 0,
        totalPrice: products,
      });
      expect(JSON.stringify(stored?.order)).not.toContain('password');

      // A reload reads the order back; the back button does not send it again.
      await page.reload();
      await placedOrders.placed(page);
      await page.getByText('4 products ordered:').waitFor();
      await page.goBack();
      await page.waitForLoadState('networkidle');
      expect(ordersWith(await allOrders(), email)).toEqual([key]);
      await page.goto(`${SHELL_URL}/checkout`);
      await page.getByText('Your basket is empty.').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('colours (decision 1503)', () => {
  test('two colours of one product are two basket lines with their colours, through to the stored order', async () => {
    const product = products.find((p) => (p.colours?.length ?? 0) >= 2 && p.discountedPrice > 0);
    if (!product?.colours) throw new Error('the seed catalog needs a product in two colours');
    const [first, second] = product.colours as [string, string];
    const { page, context, pageErrors } = await openPage(browser, `/products/${product.id}`);
    try {
      await basketLoaded(page);
      const size = product.sizes?.[0];
      if (size) await page.locator('.catalog-size', { hasText: size }).first().click();
      const colours = page.getByRole('group', { name: /^Colour/ });
      expect(await colours.getByRole('radio', { name: first }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await closeBasketDrawer(page); // the add opened it (decision 4001)
      await colours.getByRole('radio', { name: second }).check();
      // The picture's alt names the colour chosen (in its description, not appended).
      const escaped = second.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await page
        .getByRole('img', { name: new RegExp(`(: (an? )?${escaped} |, in ${escaped}$)`, 'i') })
        .waitFor();
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="basket-count"]')?.textContent?.trim() === '2',
      );

      // The basket: two lines, each naming its colour; the mini basket's preview too.
      await page.goto(`${SHELL_URL}/checkout`);
      await page.getByRole('heading', { name: /Your basket/ }).waitFor();
      const lines = page.locator('.cart-review__line');
      await lines.nth(1).waitFor();
      expect(await lines.count()).toBe(2);
      await lines.filter({ hasText: `Colour: ${first}` }).waitFor();
      await lines.filter({ hasText: `Colour: ${second}` }).waitFor();
      await page.getByRole('button', { name: /basket preview/i }).click();
      const preview = page.getByRole('region', { name: 'Basket preview' });
      await preview.getByText(new RegExp(`${product.name}.*${second}`)).waitFor();

      await page.getByRole('link', { name: 'Continue to details' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await fillValidDetails(page, 'colours@example.com');
      await page.getByLabel('Cash on delivery').check();
      await page.getByRole('button', { name: 'Place order' }).click();
      const key = await placedOrders.placed(page);
      await page.getByText(`Colour: ${first}`).waitFor();
      await page.getByText(`Colour: ${second}`).waitFor();

      const stored = (await allOrders()).get(key);
      const ordered = (stored?.order.products ?? []) as Array<{ id: string; colour?: string }>;
      expect(ordered.map((line) => [line.id, line.colour])).toEqual([
        [product.id, first],
        [product.id, second],
      ]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('checkout, signed-in shopper', () => {
  test('an account made with the order, then a second order with the details filled in', async () => {
    const [product] = products;
    if (!product) throw new Error('empty catalog');
    const email = `ada.${Date.now()}@example.com`;
    const { page, context, pageErrors } = await openPage(browser, '/');
    try {
      await basketLoaded(page);
      await addToBasket(page, product);
      await openDetails(page);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await fillValidDetails(page, email);
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await page.getByRole('button', { name: 'Place order' }).click();
      const firstKey = await placedOrders.placed(page);
      const firstOrder = (await allOrders()).get(firstKey);
      expect(firstOrder?.path).toMatch(/^users\/validated\/[^/]+\/userOrders\//);
      const accountUid = firstOrder?.path.split('/')[2] ?? '';
      const personal = await adminGet<Record<string, string>>(
        `users/validated/${accountUid}/personalInformation`,
      );
      expect(personal).toEqual({
        name: 'Ada Lovelace',
        email,
        tel: '+48 123 456 789',
        address: '12 Analytical Street',
        city: 'London',
        zipCode: 'N1 9GU',
        country: 'United Kingdom',
      });
      expect(JSON.stringify(await adminGet(`users/validated/${accountUid}`))).not.toContain(
        'correct horse',
      );

      // Signed in now: the second checkout starts filled in and asks for no password.
      await addToBasket(page, product);
      await openDetails(page);
      await page.getByText(`Signed in as ${email}`).waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Country').inputValue()).toBe('United Kingdom');
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      await fillTestCard(page);
      await page.getByRole('button', { name: 'Place order' }).dblclick();
      const secondKey = await placedOrders.placed(page);
      expect(secondKey).not.toBe(firstKey);
      const orders = await adminGet<Record<string, StoredOrderView>>(
        `users/validated/${accountUid}/userOrders`,
      );
      expect(Object.keys(orders).sort()).toEqual([firstKey, secondKey].sort());
      expect(orders[secondKey]).toMatchObject({
        totalQuantity: 1,
        products: [{ id: product.id, quantity: 1 }],
      });

      await page.reload();
      await placedOrders.placed(page);
      expect(Object.keys(await adminGet(`users/validated/${accountUid}/userOrders`))).toHaveLength(
        2,
      );
      // The account was created here, at checkout: its overview welcomes a new member.
      await page.goto(`${SHELL_URL}/account/myaccount`);
      await page.getByText(`Welcome, ${email}.`).waitFor();
      expect(await page.getByText(/Welcome back/).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('orders stored by these journeys', () => {
  test('each is numbered and placed, and its totals are the catalog and discount recomputed', async () => {
    await placedOrders.expectEachRecomputed(4);
  });
});
