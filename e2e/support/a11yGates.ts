// The accessibility and SEO gates of every page (docs/decisions/0801 and the a11y-*.e2e.ts
// journeys): axe (WCAG 2.2 A/AA + best practices) with zero serious or critical violations, one
// h1, its own title and a description, at 1280 px and 375 px. One journey file per team owns its
// pages' gates (e2e/tests/owners.json), so a team's pipeline checks its own pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/apps';
import { expectAccessible, renderedH1s } from './axe';
import { SHELL_URL } from './browser';
import { expectRenderedPage, settle, shopRoutes, type ShopRoute } from './shop';

export const WIDTHS = [1280, 375] as const;
const DEFAULT_TITLE = 'Threadline — clothing & sneakers';

/** The first product of the seed (the same one the bundle and Lighthouse benchmarks use). */
export const SEED_PRODUCT_ID = Object.keys(
  (
    JSON.parse(readFileSync(join(ROOT, 'database/seed/catalog.json'), 'utf8')) as {
      catalog: { products: Record<string, unknown> };
    }
  ).catalog.products,
).sort()[0] as string;

export async function newShopper(
  browser: Browser,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 800 : 900 },
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(SHELL_URL + path);
  await expectRenderedPage(page);
  await settle(page);
}

/** The gates every page passes: axe, one h1, its own title and a description. */
async function expectGoodPage(page: Page, route: ShopRoute, label: string): Promise<void> {
  await expectAccessible(page, label, route.owner);
  expect({ label, h1: await renderedH1s(page) }).toEqual({ label, h1: [expect.any(String)] });
  const title = await page.title();
  expect(title).toMatch(/ · Threadline$/);
  expect(title).not.toBe(DEFAULT_TITLE);
  const description = await page
    .locator('meta[name="description"]')
    .getAttribute('content', { timeout: 5_000 });
  expect(description?.trim().length ?? 0).toBeGreaterThan(20);
  expect(description?.length ?? 0).toBeLessThanOrEqual(160);
}

/** docs/product.md §2's routes of `owner` a visitor sees (`signedIn`: those of an account). */
const routesOf = (owner: ShopRoute['owner'], signedIn: boolean) =>
  shopRoutes(SEED_PRODUCT_ID).filter(
    (route) => route.owner === owner && Boolean(route.signedIn) === signedIn,
  );

/** Every route of `owner` a visitor sees, at each width, through the gates. */
export function describeVisitorRoutes(owner: ShopRoute['owner'], browser: () => Browser): void {
  const routes = routesOf(owner, false);
  describe.each(WIDTHS)(`every ${owner} route of docs/product.md §2 at %i px`, (width) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await newShopper(browser(), width));
    });

    afterAll(async () => {
      await context?.close();
    });

    test.each(routes.map((route) => [route.path, route] as const))('%s', async (path, route) => {
      await visit(page, path);
      await expectGoodPage(page, route, `${path} @${width}px`);
    });
  });
}

/** Every route of `owner` an account sees, signed in as a new account, at each width. */
export function describeSignedInRoutes(owner: ShopRoute['owner'], browser: () => Browser): void {
  const routes = routesOf(owner, true);
  describe.each(WIDTHS)(`signed in, the ${owner} pages at %i px`, (width) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ({ context, page } = await newShopper(browser(), width));
      await visit(page, '/authentication?mode=signup');
      await page.getByLabel('Email address').fill(`a11y.${width}.${Date.now()}@example.com`);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.waitForTimeout(600);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL(/\/account\/myaccount/, { timeout: 30_000 });
    });

    afterAll(async () => {
      await context?.close();
    });

    test.each(routes.map((route) => [route.path, route] as const))('%s', async (path, route) => {
      await visit(page, path);
      expect(new URL(page.url()).pathname).toBe(path);
      await expectGoodPage(page, route, `${path} signed in @${width}px`);
    });
  });
}

/**
 * A team's own cases (forms with errors showing, a basket with items…), each with a new shopper,
 * at each width: `cases` maps a test's name to what it does with the shopper's page.
 */
export function describeShopperCases(
  title: string,
  browser: () => Browser,
  cases: Record<string, (page: Page, width: number) => Promise<void>>,
): void {
  describe.each(WIDTHS)(`${title}, at %i px`, (width) => {
    let context: BrowserContext;
    let page: Page;

    beforeEach(async () => {
      ({ context, page } = await newShopper(browser(), width));
    });

    afterEach(async () => {
      await context?.close();
    });

    test.each(Object.entries(cases))('%s', async (_name, run) => {
      await run(page, width);
    });
  });
}
