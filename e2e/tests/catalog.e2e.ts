// The catalog remote in the assembled shop, against the real database seed; it reads only, so it
// runs beside other journeys (a collection added to the data: catalog-data.e2e.ts).
import { productImageAlt } from '../../shared/src/catalog/imageAlt';
import type { Browser } from 'playwright-core';
import {
  BROWSER_RENDERED_URL,
  DATABASE_URL,
  SHELL_URL,
  launchBrowser,
  openPage,
} from '../support/browser';
import { currentRelease } from '../support/releases';
import { pageHeading, pageIsLive, waitForHeading } from '../support/shop';
import { adminGet } from '../support/database';
import { appOrigin } from '../../scripts/lib/apps';

/** The fields of a stored product these journeys use (see `catalog/products/{id}`). */
interface Product {
  id: string;
  name: string;
  alt: string;
  collection: string;
  sizes?: string[];
  colours?: string[];
  createdAt: number;
}

let browser: Browser;
let products: Product[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = Object.values(await adminGet<Record<string, Product>>('catalog/products'));
});

afterAll(async () => {
  await browser?.close();
});

test('home → a collection → a product → add two of one size: the header count shows 2', async () => {
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    expect(await pageHeading(page)).toBe('New season, new favourites');
    const fall = page.locator('main a[href="/collections/fall"]').first();
    await fall.click();
    await page.waitForURL('**/collections/fall');
    const collection = await adminGet<{ title: string }>('catalog/collections/fall');
    await waitForHeading(page, collection.title);

    // A fall product that has sizes, reached from its card in the collection's grid.
    const product = products
      .filter((p) => p.collection === 'fall' && (p.sizes ?? []).length > 1)
      .sort((a, b) => b.createdAt - a.createdAt)[0]!;
    const card = page.locator(`.catalog-grid a[href="/products/${product.id}"]`);
    await card.scrollIntoViewIfNeeded();
    expect(await card.locator('img').getAttribute('alt')).toBe(
      productImageAlt(product.alt, product.colours ?? []),
    );
    await card.click();
    await page.waitForURL(`**/products/${product.id}`);
    await waitForHeading(page, product.name);

    const count = page.locator('[data-testid="basket-count"]').first();
    await count.waitFor({ state: 'visible' });
    expect((await count.textContent())?.trim()).toBe('0');

    const size = product.sizes![1]!;
    await page.locator('.catalog-size', { hasText: size }).first().click();
    await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
    await page.getByRole('button', { name: 'Add to basket' }).click();

    await page.waitForFunction(
      () => document.querySelector('[data-testid="basket-count"]')?.textContent?.trim() === '2',
      undefined,
      { timeout: 5_000 },
    );
    // The first colour is chosen until the shopper picks another (decision 1503).
    const colour = product.colours?.[0];
    const details = colour ? `size ${size}, ${colour}` : `size ${size}`;
    await page.getByText(`Added 2 × ${product.name} (${details}) to your basket.`).waitFor();
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('search finds a product by the start of its name, as you type', async () => {
  const product = products.find((p) => p.name.includes(' ')) ?? products[0]!;
  // The name's first word and the start of the next, in another case (search matches words and
  // the words they start, decision 1502; not any piece from inside a word).
  const [first, second] = product.name.split(' ') as [string, string];
  const part = `${first} ${second.slice(0, 2)}`.toUpperCase();
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await pageHeading(page);
    await page
      .getByRole('searchbox', { name: 'Search the shop' })
      .pressSequentially(part, { delay: 40 });
    const results = page.getByRole('list', { name: `Products matching ${part}` });
    // Failed once in a loaded side-by-side run (never alone): say what the page showed instead.
    await results
      .locator(`a[href="/products/${product.id}"]`)
      .waitFor({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        const field = await page.getByRole('searchbox', { name: 'Search the shop' }).inputValue();
        const lists = await page
          .getByRole('list')
          .evaluateAll((found) =>
            found.map((list) => list.getAttribute('aria-label')).filter(Boolean),
          );
        const status = await page.locator('.catalog-result-count').allInnerTexts();
        throw new Error(
          `${String(error)}\n  address: ${page.url()}\n  field: ${JSON.stringify(field)}` +
            `\n  lists: ${JSON.stringify(lists)}\n  result count: ${JSON.stringify(status)}`,
        );
      });
    expect(page.url()).toContain(`q=${encodeURIComponent(part).replace(/%20/g, '+')}`);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an unknown product id shows a not-found screen, not a crash', async () => {
  const { page, context, pageErrors } = await openPage(browser, '/products/no-such-product');
  try {
    expect(await pageHeading(page)).toBe("We couldn't find that product");
    expect(await page.locator('.error-screen').count()).toBe(0);
    expect(await page.locator('.remote-fallback').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a product page from the server suggests other products, none sold out', async () => {
  // A seed product with plenty to suggest: two other men's sneakers and ten men's fall pieces.
  const id = 'trail-runner-gtx';
  // The storefront's HTML as it is sent, no script run: the suggestions are rendered there.
  const response = await fetch(`${SHELL_URL}/products/${id}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const section = /<h2[^>]*>You may also like<\/h2>([\s\S]*?)<\/section>/.exec(html)?.[1];
  expect(section).toBeDefined();
  const linked = [
    ...new Set(
      [...(section ?? '').matchAll(/href="\/products\/([^"]+)"/g)].map(([, path]) =>
        decodeURIComponent(path!),
      ),
    ),
  ];
  expect(linked).not.toContain(id);
  expect(linked.length).toBeGreaterThanOrEqual(3);
  // Each one can be bought: a product that tracks stock has some left in at least one size.
  for (const other of linked) {
    const record = await adminGet<{ stock?: Record<string, number> } | null>(
      `catalog/products/${other}`,
    );
    expect({ other, exists: record !== null }).toEqual({ other, exists: true });
    const left = record?.stock ? Object.values(record.stock).some((count) => count > 0) : true;
    expect({ other, left }).toEqual({ other, left: true });
  }
});

/** The catalog site's pointer to its current release. */
const CATALOG_ORIGIN = appOrigin('catalog');
const POINTER = `${CATALOG_ORIGIN}/mf-manifest.json`;

const PAGE_LOADS = [
  // Decision 0503: the early script asks for the code and the data; the runtime and the loader
  // reuse them.
  { shop: 'rendered in the browser', base: BROWSER_RENDERED_URL, dataReads: 1 },
  // Decision 1302: the page carries its data (the browser reads none), its code comes after it.
  { shop: 'rendered on the server', base: SHELL_URL, dataReads: 0 },
];

test.each(PAGE_LOADS)(
  "a product page's code (and data) are asked for once, from the page's head, and all used ($shop)",
  async ({ base, dataReads }) => {
    const product = products[0]!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const asked: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    try {
      await page.goto(`${base}/products/${product.id}`);
      expect(await pageHeading(page)).toBe(product.name);
      await pageIsLive(page);
      const times = (url: string) => asked.filter((u) => u === url).length;
      const data = `${DATABASE_URL}/catalog/products/${product.id}.json`;
      expect(times(data)).toBe(dataReads);
      // The catalog's release (decision 4901): a page rendered on the server names it, and the
      // browser reads that release's own manifest; a page rendered in the browser reads the
      // site's pointer to it. Either way its code comes from the release's folder.
      const release = `${CATALOG_ORIGIN}/releases/${await currentRelease('catalog')}/`;
      const manifest = base === SHELL_URL ? `${release}mf-manifest.json` : POINTER;
      expect(times(manifest)).toBe(1);
      const catalogManifests = asked.filter(
        (url) => url.startsWith(`${CATALOG_ORIGIN}/`) && url.endsWith('mf-manifest.json'),
      );
      expect(catalogManifests).toEqual([manifest]);
      expect(times(`${release}remoteEntry.js`)).toBe(1);
      expect(times(`${base}/remotes.json`)).toBe(1);
      // ...and they came from the page's preloads, not from a later request of their own.
      const preloaded = [...(dataReads > 0 ? [data] : []), `${release}remoteEntry.js`];
      const initiators = await page.evaluate(
        (urls) =>
          urls.map(
            (url) =>
              (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)
                ?.initiatorType ?? '',
          ),
        preloaded,
      );
      expect(initiators).toEqual(preloaded.map(() => 'link'));
      // Chrome says so when a preload goes unused a few seconds after the load event.
      await page.waitForLoadState('load');
      await page.waitForTimeout(3_500);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
