// The basket's pages through the accessibility and SEO gates (support/a11yGates.ts, decision
// 0801): the basket review at 1280 px and 375 px, empty and with two items, and the header's
// quick view.
import type { Browser } from 'playwright-core';
import { describeShopperCases, describeVisitorRoutes, visit } from '../support/a11yGates';
import { expectAccessible, renderedH1s } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { addToBasket, catalogProducts, type CatalogProduct } from '../support/shop';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

describeVisitorRoutes('cart', () => browser);

describeShopperCases('cart: the basket with items', () => browser, {
  'the basket with two items (review page and the header quick view)': async (page, width) => {
    const [first, second] = products;
    if (!first || !second) throw new Error('the seed catalog needs two products');
    await visit(page, '/');
    await addToBasket(page, first);
    await addToBasket(page, second);
    await visit(page, '/checkout');
    await page.getByText(first.name, { exact: true }).first().waitFor();
    await expectAccessible(page, `/checkout with items @${width}px`, 'cart');
    expect(await renderedH1s(page)).toHaveLength(1);

    const preview = page.getByRole('button', { name: 'Show basket preview' });
    await preview.click();
    await page.getByRole('region', { name: 'Basket preview' }).waitFor();
    await expectAccessible(page, `mini basket quick view @${width}px`, 'cart');
  },
});
