// "Search that finds things" (decision 1502): the header's search form on every page leads to the
// catalog's results page, which finds by type, forgives case, a plural and a typo; the search
// library loads on that page only. Real Chromium, the assembled shop, the real seed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { adminGet } from '../support/database';
import { expectRenderedPage, settle, waitForHeading } from '../support/shop';

interface SeedProduct {
  id: string;
  name: string;
  type?: string;
  category: string;
  /** The price paid, which the list sorts by. */
  discountedPrice: number;
}

let browser: Browser;
let sneakers: SeedProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  const products = Object.values(await adminGet<Record<string, SeedProduct>>('catalog/products'));
  sneakers = products.filter((p) => p.type === 'sneakers');
});

afterAll(async () => {
  await browser?.close();
});

async function newShopper(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

/** The product ids of the results list, in its order. */
async function resultIds(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Search results' });
  await list.waitFor({ timeout: 30_000 });
  const hrefs = await list
    .locator('a[href^="/products/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.replace('/products/', '')))];
}

/** Types `words` into the header's search field, sends it with Enter, waits for the results. */
async function headerSearch(page: Page, words: string): Promise<void> {
  const field = page
    .getByRole('search', { name: 'Shop search' })
    .getByRole('searchbox', { name: 'Search all products' });
  await field.fill(words);
  await field.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/about' && url.searchParams.get('q') === words);
  await waitForHeading(page, `Search results for “${words}”`);
}

/** Waits for the list to announce `count` (the address changes a render before the list). */
async function listAnnounces(page: Page, count: string): Promise<void> {
  await page.getByRole('status').getByText(count, { exact: true }).waitFor();
}

test('the seed has six sneakers (a high-top is one)', () => {
  expect(sneakers).toHaveLength(6);
});

describe('the header search, from another page, lists all six sneakers first', () => {
  test.each(['sneaker', 'SNEAKERS', 'sneakr'])('"%s"', async (words) => {
    const { context, page } = await newShopper();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    try {
      await page.goto(`${SHELL_URL}/about`);
      await expectRenderedPage(page);
      await headerSearch(page, words);
      expect(await expectRenderedPage(page)).toBe(`Search results for “${words}”`);
      const ids = await resultIds(page);
      expect(ids.slice(0, 6).sort()).toEqual(sneakers.map((p) => p.id).sort());
      // A forgiven typo says which spelling the results are for (decision 3601).
      const searched = words === 'sneakr' ? 'sneaker' : words;
      await page.getByText(`6 products for “${searched}”`).waitFor();
      if (words === 'sneakr') await page.getByText('Showing results for “sneaker”').waitFor();
      expect(await page.title()).toBe(`Search: ${words} · Threadline`);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test('the results page: the catalog sorting and Type filter in the address, clear texts for no search and no results', async () => {
  const { context, page } = await newShopper();
  try {
    await page.goto(`${SHELL_URL}/search?q=sneaker`);
    await expectRenderedPage(page);
    expect(await resultIds(page)).toHaveLength(6);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('women');
    await page.waitForURL(/category=women/);
    await listAnnounces(page, '3 products for “sneaker”');
    const women = sneakers.filter((p) => p.category === 'women');
    expect(women).toHaveLength(3);
    expect((await resultIds(page)).sort()).toEqual(women.map((p) => p.id).sort());
    // Highest price first: not the order the search ranks them in (the cheapest comes first).
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await page.waitForURL(/sort=price-desc/);
    // The same three are announced, so only their order tells the sorted list has come: its first
    // card is then the dearest (the search's first is the cheapest), and a list comes whole.
    const dearestFirst = [...women]
      .sort((a, b) => b.discountedPrice - a.discountedPrice)
      .map((p) => p.id);
    await page
      .getByRole('list', { name: 'Search results' })
      .locator('a[href^="/products/"]')
      .first()
      .and(page.locator(`a[href="/products/${dearestFirst[0]}"]`))
      .waitFor();
    expect(await resultIds(page)).toEqual(dearestFirst);

    await page.goto(`${SHELL_URL}/search?q=leather&type=boots`);
    await expectRenderedPage(page);
    expect(await resultIds(page)).toEqual(['leather-ankle-boot']);

    await page.goto(`${SHELL_URL}/search?q=submarine`);
    await page.getByText('No products match “submarine”.').waitFor({ timeout: 30_000 });

    await page.goto(`${SHELL_URL}/search`);
    expect(await expectRenderedPage(page)).toBe('Search the shop');
    await page.getByText('What are you looking for?').waitFor();
  } finally {
    await context.close();
  }
});

test('the browser never downloads a search engine: results come from the catalog service', async () => {
  const { context, page } = await newShopper();
  const scripts: string[] = [];
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    if (url.pathname === '/v1/products' && url.searchParams.has('q')) searches.push(url.search);
  });
  try {
    await page.goto(`${SHELL_URL}/`);
    await expectRenderedPage(page);
    await settle(page);
    await headerSearch(page, 'boots');
    expect(await resultIds(page)).toHaveLength(2);
    expect(scripts.filter((path) => /product-search|minisearch/.test(path))).toEqual([]);
    expect(searches.some((search) => new URLSearchParams(search).get('q') === 'boots')).toBe(true);
  } finally {
    await context.close();
  }
});

test('at 320 px the search is in the menu, and works', async () => {
  const { context, page } = await newShopper(320);
  try {
    await page.goto(`${SHELL_URL}/about`);
    await expectRenderedPage(page);
    const form = page.getByRole('search', { name: 'Shop search' });
    expect(await form.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await form.waitFor({ state: 'visible' });
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    await headerSearch(page, 'sneaker');
    expect((await resultIds(page)).slice(0, 6).sort()).toEqual(sneakers.map((p) => p.id).sort());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  } finally {
    await context.close();
  }
});

test('at 992 px the field is reached with the keyboard, shows its focus and widens to type in', async () => {
  // 992 px: the narrowest header with the full navigation, where the field may be only its button.
  const { context, page } = await newShopper(992);
  try {
    await page.goto(`${SHELL_URL}/about`);
    await expectRenderedPage(page);
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: 'Contact' })
      .focus();
    const field = page.getByRole('searchbox', { name: 'Search all products' });
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      if (await field.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await field.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    const box = await field.boundingBox();
    expect(box && box.width >= 200 && box.x >= 0 && box.x + box.width <= 992).toBe(true);
    await page.keyboard.type('sneakr');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?q=sneakr/);
    expect(await resultIds(page)).toHaveLength(6);
  } finally {
    await context.close();
  }
});
