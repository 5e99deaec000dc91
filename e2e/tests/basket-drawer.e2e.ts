// "Add to basket" opens the basket drawer (cart-mfe/src/drawer/, decision 4001), a modal dialog:
// the lines linked to their products, quantities, the subtotal and "Go to checkout"; focus in and
// back, Escape and the backdrop close it, the page behind is inert and does not move; at 320 px
// too; a press before the page is live opens it once live; axe finds nothing serious. And "Complete
// the look" in the basket: products to go with it, none of its own, none sold out.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { adminGet } from '../support/database';
import {
  basketDrawer,
  catalogProducts,
  pageIsLive,
  settle,
  waitForBasketCount,
  type CatalogProduct,
} from '../support/shop';

let browser: Browser;
let product: CatalogProduct;

interface StockedProduct extends CatalogProduct {
  stock?: Record<string, number>;
}

/** Some size (or its one size) can still be bought: untracked stock counts as available. */
const available = (p: StockedProduct) =>
  p.stock === undefined || Object.values(p.stock).some((left) => left > 0);

beforeAll(async () => {
  browser = await launchBrowser();
  const products = (await catalogProducts()) as StockedProduct[];
  const found = products.find(
    (p) =>
      p.discountedPrice > 0 &&
      (p.sizes?.length ?? 0) > 0 &&
      p.sizes!.every((size) => p.stock === undefined || (p.stock[size] ?? 0) > 3),
  );
  if (!found) throw new Error('the seed catalog needs a product with every size in stock');
  product = found;
});

afterAll(async () => {
  await browser?.close();
});

async function shopper(
  width: number,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** The product page, live, with the cart's own mini basket in the header (the drawer's code). */
async function productPage(page: Page): Promise<void> {
  await page.goto(`${SHELL_URL}/products/${product.id}`);
  await settle(page);
  await page.locator('.cart-mini').waitFor();
}

async function chooseSize(page: Page): Promise<void> {
  await page.locator('input[name="size"]:not(:disabled)').first().check();
}

/** Where focus is: inside the open drawer, the page's body (the browser's own controls), or elsewhere. */
const focusIsIn = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return active.closest('dialog.cart-drawer') ? 'drawer' : (active.textContent ?? '').trim();
  });

/** What would move if the page shifted: the heading's box, the page's width and scroll. */
const pageGeometry = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('main h1')!.getBoundingClientRect();
    return {
      x: box.x,
      y: box.y,
      width: box.width,
      clientWidth: document.documentElement.clientWidth,
      scrollY: window.scrollY,
    };
  });

test('"Add to basket" opens the drawer: lines, quantity, subtotal, "Go to checkout"; Escape closes it and focus goes back', async () => {
  const { context, page } = await shopper(1280);
  try {
    await productPage(page);
    await chooseSize(page);
    const before = await pageGeometry(page);
    const add = page.getByRole('button', { name: 'Add to basket' });
    await add.click();
    const drawer = page.getByRole('dialog', { name: 'Your basket (1)' });
    await drawer.waitFor();
    // A modal dialog: the browser makes the rest of the page inert.
    expect(await basketDrawer(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await focusIsIn(page)).toBe('drawer');
    await expect(
      drawer.getByRole('link', { name: new RegExp(`^${product.name}`) }).getAttribute('href'),
    ).resolves.toBe(`/products/${product.id}`);
    await drawer.getByText('x1', { exact: true }).waitFor();
    await expect(drawer.getByTestId('drawer-subtotal').textContent()).resolves.toBe(
      `$${product.discountedPrice.toFixed(2)}`,
    );
    await expect(
      drawer.getByRole('link', { name: 'Go to checkout' }).getAttribute('href'),
    ).resolves.toBe('/checkout');
    // Nothing on the page moved (no scroll lock hiding the scrollbar, nothing pushed down).
    expect(await pageGeometry(page)).toEqual(before);
    await expectAccessible(page, 'basket drawer at 1280 px', 'cart');

    await page.keyboard.press('Escape');
    await basketDrawer(page).waitFor({ state: 'hidden' });
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);

    // Again, and a press on the backdrop (left of the drawer) closes it.
    await add.click();
    await page.getByRole('dialog', { name: 'Your basket (2)' }).waitFor();
    await page.mouse.click(100, 450);
    await basketDrawer(page).waitFor({ state: 'hidden' });
    await expect(page.getByTestId('basket-count').first().textContent()).resolves.toBe('2');
  } finally {
    await context.close();
  }
});

test('with the keyboard only: add, focus stays in the drawer, "Go to checkout" leads to the basket', async () => {
  const { context, page } = await shopper(1280);
  try {
    await productPage(page);
    await page.locator('input[name="size"]:not(:disabled)').first().focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Add to basket' }).focus();
    await page.keyboard.press('Enter');
    await basketDrawer(page).waitFor();
    await expect(focusIsIn(page)).resolves.toBe('drawer');
    // Tab goes round the drawer (and the browser's own controls), never to the page behind.
    const stops: string[] = [];
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focusIsIn(page));
    }
    expect(stops.filter((stop) => stop !== 'drawer' && stop !== 'body')).toEqual([]);
    for (let presses = 0; presses < 10; presses += 1) {
      const name = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (name === 'Go to checkout') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${SHELL_URL}/checkout`);
    await page
      .getByRole('heading', { name: /Your basket/ })
      .first()
      .waitFor();
    await basketDrawer(page).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Continue to details' }).waitFor();
  } finally {
    await context.close();
  }
});

test('at 320 px the drawer takes the screen, its buttons in view, and the page does not scroll sideways', async () => {
  const { context, page } = await shopper(320, 640);
  try {
    await productPage(page);
    await chooseSize(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    const drawer = basketDrawer(page);
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBeLessThanOrEqual(320);
    expect(box.width).toBeGreaterThan(300);
    for (const control of [
      drawer.getByRole('button', { name: 'Close basket' }),
      drawer.getByRole('link', { name: 'Go to checkout' }),
    ]) {
      const rect = (await control.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(320);
      expect(rect.y + rect.height).toBeLessThanOrEqual(640);
    }
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await expectAccessible(page, 'basket drawer at 320 px', 'cart');
    await drawer.getByRole('button', { name: 'Close basket' }).click();
    await drawer.waitFor({ state: 'hidden' });
  } finally {
    await context.close();
  }
});

test('a press on "Add to basket" before the page is live opens the drawer once it is', async () => {
  const { context, page } = await shopper(1280);
  try {
    // As soon as the server's HTML is there: the presses are held and made once the page is
    // React's (shell/src/early/earlyInput.ts); the drawer's code loads after that.
    await page.goto(`${SHELL_URL}/products/${product.id}`, { waitUntil: 'commit' });
    await page.locator('label.catalog-size').first().click();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await waitForBasketCount(page, 1);
    await page.getByRole('dialog', { name: 'Your basket (1)' }).waitFor({ timeout: 30_000 });
    await pageIsLive(page);
  } finally {
    await context.close();
  }
});

test('"Complete the look" in the basket: a few products, none of the basket\'s own, none sold out', async () => {
  const { context, page } = await shopper(1280);
  try {
    await productPage(page);
    await chooseSize(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await basketDrawer(page).waitFor();
    await page.goto(`${SHELL_URL}/checkout`);
    const section = page.getByRole('region', { name: 'Complete the look' });
    await section.waitFor({ timeout: 30_000 });
    const hrefs = await section
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(1);
    expect(hrefs.length).toBeLessThanOrEqual(4);
    expect(hrefs).not.toContain(`/products/${product.id}`);
    for (const href of hrefs) {
      const id = decodeURIComponent(href.replace('/products/', ''));
      const suggested = await adminGet<StockedProduct>(`catalog/products/${id}`);
      expect({ id, available: available(suggested) }).toEqual({ id, available: true });
    }
    await expectAccessible(page, 'basket with "Complete the look"', 'cart');
  } finally {
    await context.close();
  }
});

test("the mini basket and the basket list the lines in the same order, the mini basket's as links, each line with its total", async () => {
  const { context, page } = await shopper(1280);
  try {
    const others = ((await catalogProducts()) as StockedProduct[]).filter(
      (p) => p.id !== product.id && p.discountedPrice > 0 && available(p),
    );
    const second = others.find((p) => (p.sizes?.length ?? 0) === 0) ?? others[0];
    if (!second) throw new Error('the seed catalog needs a second product');
    await productPage(page);
    await chooseSize(page);
    await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await basketDrawer(page).waitFor();
    await page.goto(`${SHELL_URL}/products/${second.id}`);
    await settle(page);
    await page.locator('.cart-mini').waitFor();
    const size = page.locator('input[name="size"]:not(:disabled)').first();
    if (await size.count()) await size.check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByRole('dialog', { name: 'Your basket (3)' }).waitFor();

    await page.goto(`${SHELL_URL}/checkout`);
    const lines = page.locator('.cart-review__line');
    await lines.nth(1).waitFor();
    const reviewOrder = await lines.evaluateAll((items) =>
      items.map((item) => item.querySelector('a')?.getAttribute('href')),
    );
    expect(reviewOrder).toEqual([`/products/${product.id}`, `/products/${second.id}`]);
    await expect(page.getByTestId('line-total').first().textContent()).resolves.toBe(
      `$${(product.discountedPrice * 2).toFixed(2)}`,
    );
    // The basket's quantities go from 1 (a line has its Remove button).
    const quantity = page.getByRole('combobox', {
      name: new RegExp(`^Quantity of ${product.name}`),
    });
    expect(await quantity.locator('option').first().textContent()).toBe('1');

    await page.getByRole('button', { name: 'Show basket preview' }).click();
    const preview = page.getByRole('region', { name: 'Basket preview' });
    await preview.getByRole('link', { name: new RegExp(`^${second.name}`) }).waitFor();
    const previewOrder = await preview
      .locator('.cart-mini__product')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(previewOrder).toEqual(reviewOrder);
  } finally {
    await context.close();
  }
});
