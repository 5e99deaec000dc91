// The catalog is data: a collection added to the database, with no build, is in the shop
// (docs/product.md §2).
// It writes the catalog every journey reads, so it runs alone (decision 5002).
import { PUBLIC_READ_TTL_MS } from '../../shell/src/server/publicReads';
import type { Browser } from 'playwright-core';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { adminPut } from '../support/database';
import { pageHeading, waitForHeading } from '../support/shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('a collection added to the data, with no build, is listed, on the home page and at its address with its products', async () => {
  const slug = `winter-${Date.now().toString(36)}`;
  const productId = `${slug}-scarf`;
  await adminPut(`catalog/collections/${slug}`, {
    id: slug,
    title: 'Winter Warmers',
    description: 'Scarves and thick wool for the cold months.',
    imageUrl: '/images/collections/fall.svg',
    order: 3,
  });
  await adminPut(`catalog/products/${productId}`, {
    id: productId,
    name: 'Lambswool Winter Scarf',
    alt: 'A grey lambswool scarf',
    annotation: 'Lambswool',
    originalPrice: 59,
    discountedPrice: 49,
    description: 'A long, soft scarf.',
    category: 'women',
    collection: slug,
    sizes: ['One size'],
    colours: ['Grey'],
    createdAt: 1700000000000,
    imageUrl: '/images/products/canvas-tote.svg',
  });
  // The storefront's server reuses public reads for a few seconds (decision 1302): the new
  // collection is on the pages asked for after that.
  await new Promise((resolve) => setTimeout(resolve, PUBLIC_READ_TTL_MS + 250));
  const { page, context, pageErrors } = await openPage(browser, '/collections');
  try {
    await page.getByRole('link', { name: /Winter Warmers/ }).waitFor();
    await page.goto(`${SHELL_URL}/`);
    await page.getByRole('link', { name: /Winter Warmers/ }).waitFor();
    await page.getByRole('link', { name: /Winter Warmers/ }).click();
    await page.waitForURL(`**/collections/${slug}`);
    await waitForHeading(page, 'Winter Warmers');
    await page
      .getByRole('link', { name: /Lambswool Winter Scarf/ })
      .first()
      .waitFor();
    // The seasons keep their addresses and texts.
    await page.goto(`${SHELL_URL}/collections/spring`);
    await page.getByText('Spring collection', { exact: true }).first().waitFor();
    // An unknown slug: the not-found screen.
    await page.goto(`${SHELL_URL}/collections/no-such-collection`);
    expect(await pageHeading(page)).toBe("We couldn't find that collection");
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
    await adminPut(`catalog/products/${productId}`, null);
    await adminPut(`catalog/collections/${slug}`, null);
  }
});
