// The checkout's pages through the accessibility and SEO gates (support/a11yGates.ts, decision
// 0801): the details step at 1280 px and 375 px, with every field in error, and a checkout done
// with the keyboard only, from a product page to the confirmation.
import type { Browser, Page } from 'playwright-core';
import {
  describeShopperCases,
  describeVisitorRoutes,
  newShopper,
  visit,
} from '../support/a11yGates';
import { expectAccessible } from '../support/axe';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { cardFrame, orderSentPage } from '../support/checkout';
import {
  addToBasket,
  catalogProducts,
  closeBasketDrawer,
  type CatalogProduct,
} from '../support/shop';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

describeVisitorRoutes('checkout', () => browser);

describeShopperCases('checkout: forms with errors showing', () => browser, {
  '/checkout/details with every field in error': async (page, width) => {
    const [product] = products;
    if (!product) throw new Error('empty catalog');
    await visit(page, '/');
    await addToBasket(page, product);
    await visit(page, '/checkout/details');
    const invalid: [string, string][] = [
      ['Name', 'Al'],
      ['Email address', 'ada@example'],
      ['Phone number', '12'],
      ['Address', 'Elm'],
      ['City', 'Rome'],
      ['ZIP Code', '1'],
    ];
    for (const [label, value] of invalid) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Country').focus();
    await page.getByLabel('Name', { exact: true }).focus();
    await page.getByText('Please select a country!', { exact: true }).waitFor();
    await page.getByText('Name should be at least 3 characters long!').waitFor();
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(6);
    await expectAccessible(page, `/checkout/details with errors @${width}px`, 'checkout');
  },
});

/** Presses Tab (or Shift+Tab) until the focused element matches, like a keyboard user would. */
async function tabTo(page: Page, selector: string, name?: RegExp, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    const matches = await page.evaluate(
      ({ selector, source }) => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || !element.matches(selector)) return false;
        if (!source) return true;
        const labels = (element as HTMLInputElement).labels;
        const text = [
          element.getAttribute('aria-label') ?? '',
          labels ? Array.from(labels, (label) => label.textContent ?? '').join(' ') : '',
          element.textContent ?? '',
          (element as HTMLInputElement).value ?? '',
        ].join(' ');
        return new RegExp(source).test(text);
      },
      { selector, source: name?.source ?? '' },
    );
    if (matches) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(
    `Tab never reached ${selector} ${name ?? ''} (focus is on ${focused}; ${await formState(page)})`,
  );
}

/**
 * What the details step looked like when Tab missed its target (a disabled "Place order" is no
 * Tab stop): the button, the fields marked invalid and the card frame's fields, so a failure says
 * which part was not ready.
 */
async function formState(page: Page): Promise<string> {
  const outer = await page.evaluate(() => ({
    placeOrderDisabled: [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Place order',
    )?.disabled,
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((field) => field.id),
  }));
  const card = await page
    .frameLocator('iframe[title="Card details"]')
    .locator('input')
    .evaluateAll((inputs) =>
      inputs.map((input) => `${input.id}="${(input as HTMLInputElement).value}"`),
    )
    .catch(() => 'no card frame');
  return `details: ${JSON.stringify(outer)}, card: ${JSON.stringify(card)}`;
}

async function typeInto(page: Page, label: RegExp, text: string): Promise<void> {
  await tabTo(page, 'input, textarea', label);
  await page.keyboard.type(text);
}

describe('keyboard only', () => {
  test('from a product page to the order confirmation with Tab, Enter, Space and arrow keys', async () => {
    const product = products.find((p) => (p.sizes?.length ?? 0) > 1) ?? products[0];
    if (!product) throw new Error('empty catalog');
    const { context, page } = await newShopper(browser, 1280);
    try {
      await visit(page, `/products/${product.id}`);
      // Start from the top of the document like a fresh page load.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
        'Skip to content',
      );
      await page.keyboard.press('Enter'); // skip the header

      if ((product.sizes?.length ?? 0) > 0) {
        await tabTo(page, 'input[type="radio"][name="size"]');
        await page.keyboard.press('Space');
        await page.keyboard.press('ArrowRight'); // arrow keys move within the size group
        expect(await page.locator('input[name="size"]:checked').getAttribute('value')).toBeTruthy();
      }
      await tabTo(page, 'select', /Quantity/);
      await page.keyboard.press('ArrowDown'); // 1 → 2 (Linux Chromium changes a closed select)
      const quantity = Number(await page.getByLabel('Quantity', { exact: true }).inputValue());
      expect(quantity).toBeGreaterThanOrEqual(1);
      await tabTo(page, 'button', /Add to basket/);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (n) => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) >= n,
        quantity,
      );
      // The add opened the basket drawer (decision 4001): Escape closes it, focus is back on the
      // button.
      await closeBasketDrawer(page);

      await tabTo(page, 'a', /Review basket/);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${SHELL_URL}/checkout`);
      // The address changes a render before the page: the product page also shows its name.
      await page.getByRole('link', { name: 'Continue to details' }).waitFor();
      await page.getByText(product.name, { exact: true }).first().waitFor();

      await tabTo(page, 'a', /Continue to details/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Your details' }).waitFor();

      await typeInto(page, /^\s*Name/, 'Ada Lovelace');
      await typeInto(page, /Email address/, `ada.keyboard.${Date.now()}@example.com`);
      await typeInto(page, /Phone number/, '+48 123 456 789');
      await typeInto(page, /Address/, '12 Analytical Street');
      await typeInto(page, /City/, 'London');
      await typeInto(page, /ZIP Code/, 'N1 9GU');
      await tabTo(page, 'select', /Country/);
      await page.keyboard.type('France'); // type-ahead on the focused select
      expect(await page.getByLabel('Country').inputValue()).toBe('France');
      await tabTo(page, 'input[type="radio"]');
      await page.keyboard.press('Space');
      expect(await page.locator('input[type="radio"]:checked').count()).toBe(1);
      // The card, in the provider's frame (decision 5301): the next Tab stops are its fields, once
      // the frame shows them (a frame still loading takes the focus and drops the keys).
      await cardFrame(page).getByLabel('Card number').waitFor();
      await tabTo(page, 'iframe[title="Card details"]');
      await page.keyboard.type('4242424242424242');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1234');
      await page.keyboard.press('Tab');
      await page.keyboard.type('123');
      // "Place order" is no Tab stop until the frame has said the card is complete.
      const placeOrder = page.getByRole('button', { name: 'Place order' });
      await placeOrder.and(page.locator(':enabled')).waitFor();

      await tabTo(page, 'button[type="submit"]', /Place order/);
      expect(
        await page.evaluate(() => (document.activeElement as HTMLButtonElement).disabled),
      ).toBe(false);
      await page.keyboard.press('Enter');
      await orderSentPage(page);
      await page.getByText('Thank you for shopping with us!').waitFor();
      await expectAccessible(page, 'order confirmation (keyboard journey)', 'checkout');
    } finally {
      await context.close();
    }
  });
});
