// The catalog's pages through the accessibility and SEO gates (support/a11yGates.ts, decision
// 0801): every catalog route of docs/product.md §2 at 1280 px and 375 px, and a product page's
// structured data.
import type { Browser } from 'playwright-core';
import { describeVisitorRoutes, newShopper, SEED_PRODUCT_ID, visit } from '../support/a11yGates';
import { launchBrowser } from '../support/browser';
import { catalogProducts, type CatalogProduct } from '../support/shop';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

describeVisitorRoutes('catalog', () => browser);

describe('SEO: product structured data', () => {
  test('/products/{id} has a JSON-LD Product with offers, its own title and description', async () => {
    const product = products.find((p) => p.id === SEED_PRODUCT_ID);
    if (!product) throw new Error(`${SEED_PRODUCT_ID} is not in the catalog`);
    const { context, page } = await newShopper(browser, 1280);
    try {
      await visit(page, `/products/${product.id}`);
      await expect(page.title()).resolves.toBe(`${product.name} · Threadline`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toContain((product.description ?? product.name).slice(0, 40));

      const blocks = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
      const data = blocks.flatMap((text) => {
        const parsed = JSON.parse(text) as unknown; // must be valid JSON
        return Array.isArray(parsed) ? parsed : [parsed];
      }) as Record<string, unknown>[];
      const ld = data.find((item) => item['@type'] === 'Product');
      expect(ld).toMatchObject({
        '@context': expect.stringMatching(/^https?:\/\/schema\.org\/?$/),
        '@type': 'Product',
        name: product.name,
        sku: product.id,
        image: expect.anything(),
        description: expect.any(String),
      });
      const offers = (Array.isArray(ld?.offers) ? ld.offers : [ld?.offers]) as Record<
        string,
        unknown
      >[];
      expect(offers[0]).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: expect.anything(),
        availability: expect.stringMatching(/^https?:\/\/schema\.org\/(InStock|OutOfStock)$/),
        url: expect.stringContaining(`/products/${product.id}`),
      });
      expect(Number(offers[0]?.price)).toBeCloseTo(product.discountedPrice, 2);
      const image = ld?.image;
      const firstImage = String(Array.isArray(image) ? image[0] : image);
      expect(firstImage).toMatch(/^https?:\/\//); // absolute URL, as search engines require
    } finally {
      await context.close();
    }
  });
});
