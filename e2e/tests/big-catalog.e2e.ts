// A catalog of real size (decision 3601). The shop with 2,000 products (the seed's 45 and derived
// ones, `npm run seed`), browsed as a shopper would: pages of a listing by link and by address, a
// filter with its count, sort kept across pages, the back button, the header's search, and a
// product from page 3 ordered. The catalog goes back to its 45 products afterwards.
import type { Browser, Page } from 'playwright-core';
import { LOCAL_URLS } from '../../scripts/lib/apps';
import { seedCatalog } from '../../scripts/lib/seedCatalog';
import { DATABASE_URL, SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { fillValidDetails, orderSentPage, allOrders } from '../support/checkout';
import { addToBasketHere, settle } from '../support/shop';

const SERVICE_URL = LOCAL_URLS.catalogService;
const PRODUCTS = 2_000;

interface Listing {
  total: number;
  pageCount: number;
  products: Array<{ id: string; name: string; discountedPrice: number }>;
  facets: { type: Array<{ value: string; count: number }> };
}

let browser: Browser;

/** Seeds `count` products and waits until the query service has indexed exactly that many. */
async function catalogOf(count: number): Promise<void> {
  await seedCatalog({ databaseUrl: DATABASE_URL, products: count });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const health = (await (await fetch(`${SERVICE_URL}/v1/health`)).json()) as {
      products: number;
    };
    if (health.products === count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the query service did not index ${count} products`);
}

const listing = async (address: string): Promise<Listing> =>
  (await (await fetch(`${SERVICE_URL}/v1/products?${address}`)).json()) as Listing;

const countText = (page: Page) =>
  page.locator('.catalog-result-count').first().textContent({ timeout: 15_000 });

const format = (n: number) => n.toLocaleString('en-US');

/** The ids of the product cards on the page, in order. */
const cardIds = (page: Page) =>
  page
    .locator('.catalog-grid a[href^="/products/"]')
    .evaluateAll((links) =>
      links.map((link) =>
        decodeURIComponent(link.getAttribute('href')!.slice('/products/'.length)),
      ),
    );

/**
 * Waits for the grid to show exactly `ids`, in order. A sort keeps the address's path and the
 * count, and the router changes the address a render before the list: only the whole list tells
 * the sorted one has come (its first card alone may be the unsorted list's first).
 */
const gridShows = (page: Page, ids: string[]) =>
  page.waitForFunction(
    (expected) =>
      Array.from(document.querySelectorAll('.catalog-grid a[href^="/products/"]'), (link) =>
        decodeURIComponent(link.getAttribute('href')!.slice('/products/'.length)),
      ).join('\n') === expected.join('\n'),
    ids,
  );

beforeAll(async () => {
  browser = await launchBrowser();
  await catalogOf(PRODUCTS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await catalogOf(45);
}, 120_000);

test('the server sends one page of a listing: its links, its count, never the catalog', async () => {
  const men = await listing('category=men');
  expect(men.total).toBeGreaterThan(500);
  const response = await fetch(`${SHELL_URL}/men?page=2`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`Showing 25–48 of ${format(men.total)}`);
  expect(html).toMatch(/<a[^>]+rel="prev"[^>]+href="\/men"|<a[^>]+href="\/men"[^>]+rel="prev"/);
  expect(html).toMatch(/href="\/men\?page=3"/);
  // One page's products, not the catalog: the HTML stays small whatever the catalog's size.
  expect(html.length).toBeLessThan(400 * 1024);
  const links = new Set(html.match(/href="\/products\/[^"]+"/g));
  expect(links.size).toBe(24);
});

test('bad page numbers and searches get a clear answer, the server unharmed', async () => {
  for (const address of ['/men?page=0', '/men?page=-1', '/men?page=abc', '/men?page=99999']) {
    const response = await fetch(`${SHELL_URL}${address}`);
    expect({ address, status: response.status }).toEqual({ address, status: 404 });
    expect(await response.text()).toContain('Page not found');
  }
  const long = await fetch(`${SHELL_URL}/search?q=${'x'.repeat(2_048)}`);
  expect(long.status).toBe(400);
  const unknown = await fetch(`${SHELL_URL}/men?type=kilts&size=99&collection=nope&sort=odd`);
  expect(unknown.status).toBe(200);
  expect((await fetch(`${SHELL_URL}/men`)).status).toBe(200);
});

test('/men: page 2 by its link and back, a filter with its count, the sort kept across pages', async () => {
  const men = await listing('category=men');
  const { page, context, pageErrors } = await openPage(browser, '/men');
  try {
    await settle(page, { interact: true });
    expect(await countText(page)).toContain(`Showing 1–24 of ${format(men.total)}`);
    const firstPage = await cardIds(page);
    expect(firstPage).toEqual(men.products.map((p) => p.id));

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.pathname === '/men' && url.searchParams.get('page') === '2');
    await page.getByText(`Showing 25–48 of ${format(men.total)}`).waitFor();
    const secondPage = await cardIds(page);
    expect(secondPage).toHaveLength(24);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

    // Back: page 1 again, where the shopper was on it.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/men' && !url.searchParams.has('page'));
    await page.getByText(`Showing 1–24 of ${format(men.total)}`).waitFor();
    expect(await cardIds(page)).toEqual(firstPage);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 50, scrolled);

    // A filter: its option shows how many it gives, and the list then shows that many.
    const sneakers = men.facets.type.find((f) => f.value === 'sneakers')!;
    const typeFilter = page.getByRole('combobox', { name: 'Type' });
    const option = typeFilter.locator('option[value="sneakers"]');
    expect(((await option.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(
      `(${format(sneakers.count)})`,
    );
    await typeFilter.selectOption('sneakers');
    await page.waitForURL((url) => url.searchParams.get('type') === 'sneakers');
    await page
      .getByText(new RegExp(`of ${format(sneakers.count)}$|^${sneakers.count} products`))
      .first()
      .waitFor();

    // Sorted by price, then page 2: the sort stays, and page 2 goes on where page 1 ended.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    const sorted = await listing('category=men&type=sneakers&sort=price-asc');
    await gridShows(
      page,
      sorted.products.map((p) => p.id),
    );
    await pagination.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('page') === '2' &&
        url.searchParams.get('sort') === 'price-asc' &&
        url.searchParams.get('type') === 'sneakers',
    );
    const sortedSecond = await listing('category=men&type=sneakers&sort=price-asc&page=2');
    await gridShows(
      page,
      sortedSecond.products.map((p) => p.id),
    );
    expect(sortedSecond.products[0]!.discountedPrice).toBeGreaterThanOrEqual(
      sorted.products.at(-1)!.discountedPrice,
    );
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the header search asks the server and pages its results', async () => {
  const found = await listing('q=sneaker');
  expect(found.total).toBeGreaterThan(24);
  const { page, context, pageErrors } = await openPage(browser, '/about');
  try {
    await settle(page, { interact: true });
    const field = page
      .getByRole('search', { name: 'Shop search' })
      .getByRole('searchbox', { name: 'Search all products' });
    await field.fill('sneaker');
    await field.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'sneaker',
    );
    await page.getByText(`Showing 1–24 of ${format(found.total)}`).waitFor();
    expect(await cardIds(page)).toEqual(found.products.map((p) => p.id));
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a product from page 3 of /men is added to the basket and ordered', async () => {
  const third = await listing('category=men&page=3');
  const { page, context, pageErrors } = await openPage(browser, '/men?page=3');
  try {
    await settle(page, { interact: true });
    await page.getByText(`Showing 49–72 of ${format(third.total)}`).waitFor();
    const product = third.products.find((p) => p.discountedPrice > 0)!;
    await page.locator(`.catalog-grid a[href="/products/${product.id}"]`).click();
    await page.waitForURL(`**/products/${product.id}`);
    await addToBasketHere(page);
    await page.waitForTimeout(800); // the basket's upload (300 ms debounce)
    await page.goto(`${SHELL_URL}/checkout`);
    await page.getByRole('link', { name: 'Continue to details' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await fillValidDetails(page, 'page3@example.com');
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    const key = await orderSentPage(page);
    const stored = (await allOrders()).get(key);
    const lines = (stored?.order.products ?? []) as Array<{ id: string }>;
    expect(lines.map((line) => line.id)).toEqual([product.id]);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
