// Shopper-level helpers shared by the quality suites (a11y, resilience): the route list of docs/product.md §2
// with the app that owns each, waiting for a page to settle, and the basket.
import type { Page } from 'playwright-core';
import { SHELL_URL } from './browser';
import { whatThePageShows } from './checkout';
import { adminGet } from './database';

export interface ShopRoute {
  path: string;
  owner: 'shell' | 'catalog' | 'cart' | 'checkout' | 'account';
  /** Needs a signed-in shopper to show its real content (else the account guard redirects). */
  signedIn?: boolean;
}

/**
 * Every route of docs/product.md §2 (as in foundation.e2e.ts), `/products/{id}` filled in at run time, and
 * the pages added since (search).
 */
export function shopRoutes(productId: string): ShopRoute[] {
  return [
    { path: '/', owner: 'catalog' },
    { path: `/products/${productId}`, owner: 'catalog' },
    { path: '/collections', owner: 'catalog' },
    { path: '/collections/fall', owner: 'catalog' },
    { path: '/collections/spring', owner: 'catalog' },
    { path: '/men', owner: 'catalog' },
    { path: '/women', owner: 'catalog' },
    // The search results page (decision 1502; not in docs/product.md §2), with and without a
    // search.
    { path: '/search?q=sneaker', owner: 'catalog' },
    { path: '/search', owner: 'catalog' },
    { path: '/about', owner: 'shell' },
    { path: '/contact', owner: 'shell' },
    { path: '/checkout', owner: 'cart' },
    { path: '/checkout/details', owner: 'checkout' },
    { path: '/account/myaccount', owner: 'account', signedIn: true },
    { path: '/account/orders', owner: 'account', signedIn: true },
    { path: '/account/orders/no-such-order', owner: 'account', signedIn: true },
    { path: '/account/credentials', owner: 'account', signedIn: true },
    { path: '/account/personal-information', owner: 'account', signedIn: true },
    { path: '/authentication', owner: 'account' },
    { path: '/authentication?mode=signin', owner: 'account' },
    { path: '/no/such/page', owner: 'shell' },
  ];
}

export interface CatalogProduct {
  id: string;
  name: string;
  description?: string;
  imageUrl: string;
  originalPrice: number;
  discountedPrice: number;
  sizes?: string[];
  colours?: string[];
}

export async function catalogProducts(): Promise<CatalogProduct[]> {
  const all = await adminGet<Record<string, CatalogProduct>>('catalog/products');
  return Object.values(all).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The page is React's: rendered in the browser, or taken over (hydrated) from the server's HTML
 * (after the shopper's first interaction, which it makes, for a page whose code waits for one),
 * its held presses released (shell/src/early/earlyInput.ts). A server-rendered page shows its
 * content long before that.
 */
export async function pageIsLive(
  page: Page,
  timeout = 30_000,
  { interact = true }: { interact?: boolean } = {},
): Promise<void> {
  // As a shopper does first: the pointer moves. A page whose code waits for the first interaction
  // (the home page, decision 1312) loads it now. Without it, only the layout is waited for.
  if (interact) {
    await page.mouse.move(2, 2);
    await page.mouse.move(1, 1);
  }
  await page.waitForFunction(
    (whole) => {
      const root = document.getElementById('root');
      return (
        (!whole || !('__SHOP_RELEASE_EARLY_INPUT__' in window)) &&
        root !== null &&
        Object.keys(root).some((key) => key.startsWith('__reactContainer'))
      );
    },
    interact,
    { timeout },
  );
}

/**
 * Waits for the page's heading to be `name`. After a click, a filter or a redirect the router
 * changes the address first and shows the new page in a later render, so right after the address
 * changes the page on screen may still be the last one: wait for what only the new page shows.
 */
export async function waitForHeading(page: Page, name: string, timeout = 30_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout });
}

/**
 * The page settled on real content: React's, an h1 in main, no skeleton, no fallback, no error
 * screen.
 */
export async function expectRenderedPage(page: Page, timeout = 30_000): Promise<string> {
  const heading = page.locator('main h1').first();
  await heading.waitFor({ state: 'visible', timeout });
  await pageIsLive(page, timeout);
  await page.locator('.page-skeleton').waitFor({ state: 'detached', timeout });
  expect(await page.locator('.remote-fallback').count()).toBe(0);
  expect(await page.locator('.error-screen').count()).toBe(0);
  return ((await heading.textContent()) ?? '').trim();
}

/**
 * Waits for the page to be React's, the session and the basket (the header badge is there) and a
 * quiet network. (A server-rendered page shows its badge and its controls before its scripts
 * run: a press there is held and made once the page is React's, so a `check()` made before would
 * see no change yet. ssr.e2e.ts covers such early presses.)
 */
export async function settle(page: Page, options: { interact?: boolean } = {}): Promise<void> {
  await pageIsLive(page, 30_000, options);
  await page.getByTestId('basket-count').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

export async function basketCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('basket-count').first().textContent());
}

export async function waitForBasketCount(page: Page, atLeast: number): Promise<void> {
  await page
    .waitForFunction(
      (n) => Number(document.querySelector('[data-testid="basket-count"]')?.textContent) >= n,
      atLeast,
      { timeout: 15_000 },
    )
    .catch(async (error: Error) => {
      // Say what the page showed (an error screen, a form message, the bus's basket), so a
      // failure explains itself.
      throw new Error(`${error.message}\n${await whatThePageShows(page)}`);
    });
}

/** The basket drawer that "Add to basket" opens (decision 4001, cart-mfe/src/drawer/). */
export const basketDrawer = (page: Page) => page.locator('dialog.cart-drawer');

/**
 * Closes the basket drawer an add opened (Escape, as a shopper does), so the page behind is no
 * longer inert. Waits for it to open first: its code may still be loading.
 */
export async function closeBasketDrawer(page: Page): Promise<void> {
  const drawer = basketDrawer(page);
  await drawer.waitFor({ state: 'visible', timeout: 15_000 });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

/**
 * Adds one product to the basket with the catalog's form on its product page (the current page).
 * When the header's basket is the cart remote's, the drawer the add opens is closed again, so the
 * journey goes on on the page; with the cart remote down there is no drawer.
 */
export async function addToBasketHere(page: Page): Promise<void> {
  // The form first: the header (and its basket count) is there before the page's content, and a
  // size looked for before the form has rendered is "none" (the add then asks for a size).
  const add = page.getByRole('button', { name: 'Add to basket' });
  await add.waitFor();
  await pageIsLive(page); // (see settle)
  // The cart's mini basket, or the fallback that says the cart remote is down.
  await page.locator('.cart-mini, .mini-basket-fallback button').first().waitFor();
  const drawer = (await page.locator('.cart-mini').count()) > 0;
  const before = await basketCount(page);
  const size = page.locator('input[name="size"]:not(:disabled)').first();
  if (await size.count()) await size.check();
  await add.click();
  await waitForBasketCount(page, before + 1);
  if (drawer) await closeBasketDrawer(page);
}

/** Opens the product page, adds the product and waits for the basket upload (300 ms debounce). */
export async function addToBasket(page: Page, product: Pick<CatalogProduct, 'id'>): Promise<void> {
  await page.goto(`${SHELL_URL}/products/${product.id}`);
  await settle(page);
  await addToBasketHere(page);
  await page.waitForTimeout(800);
}

/**
 * The session's uid (the anonymous token id) as the Firebase SDK persisted it (localStorage,
 * shared/src/firebase/firebaseBackend.ts). Waits for it: a new visitor's session starts with
 * their first interaction (decision 1308), so it may still be signing in.
 */
export async function sessionUid(page: Page): Promise<string> {
  const found = await page
    .waitForFunction(
      () =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('firebase:authUser:') && key.endsWith(':[DEFAULT]'))
          .map((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { uid?: string }).uid)
          .find(Boolean) ?? null,
      undefined,
      { timeout: 15_000 },
    )
    .catch(async (error: Error) => {
      throw new Error(
        `no anonymous session found in the page: ${error.message}\n${await whatThePageShows(page)}`,
      );
    });
  return (await found.jsonValue()) as string;
}

/** The page's own heading (a loading placeholder shows the page's title as its h1 too). */
export async function pageHeading(page: Page): Promise<string> {
  const h1 = page.locator('main h1:not(.page-skeleton__title)').first();
  await h1.waitFor({ state: 'visible', timeout: 30_000 });
  return ((await h1.textContent()) ?? '').trim();
}

/**
 * Which cart build runs this page's basket service, once it has loaded the session's basket
 * (the basket channel of @shop/shared, `__SHOP_BASKET__`: one per page). Waits for it.
 */
export async function basketLoadedByBuild(page: Page, timeout = 30_000): Promise<string> {
  const build = await page.waitForFunction(
    () => {
      type Channels = {
        service$: { getValue(): { build: string } | null };
        loaded$: { getValue(): boolean };
      };
      const channels = (globalThis as { __SHOP_BASKET__?: Channels }).__SHOP_BASKET__;
      const service = channels?.service$.getValue();
      return service && channels?.loaded$.getValue() ? service.build : null;
    },
    undefined,
    { timeout },
  );
  return (await build.jsonValue()) as string;
}
