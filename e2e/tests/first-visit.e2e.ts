// Decision 1308: a new visitor's first load carries neither the session (the identity SDK and the
// anonymous sign-in) nor the header's basket code (the cart remote); their first interaction
// starts both. A returning visitor's start once the first page has loaded, without waiting.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { AUTH_EMULATOR_URL } from '../support/identity';
import { sessionUid, settle } from '../support/shop';
import { appOrigin } from '../../scripts/lib/apps';

const CART_ORIGIN = appOrigin('cart');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Every request of the page from now on, by URL. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const signIns = (urls: string[]) => urls.filter((url) => url.startsWith(AUTH_EMULATOR_URL));
// Its manifest is read at start (the route lists come from there); its scripts are the code.
const cartCode = (urls: string[]) =>
  urls.filter((url) => url.startsWith(CART_ORIGIN) && new URL(url).pathname.endsWith('.js'));

test('a new visitor: no session and no basket code until they interact; then both; on the next page at once', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const urls = recordRequests(page);
    await page.goto(`${SHELL_URL}/`);
    await settle(page, { interact: false }); // the layout is live and the network idle
    await page.waitForTimeout(1_500); // well past the first page's load (4 s at most from the start)
    expect(signIns(urls)).toEqual([]);
    expect(cartCode(urls)).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContainEqual(
      expect.stringMatching(/^firebase:authUser:/),
    );
    // The header's plain basket link stands in meanwhile.
    await expect(page.getByTestId('basket-count').first().textContent()).resolves.toBe('0');

    await page.mouse.move(200, 200);
    const uid = await sessionUid(page); // the anonymous sign-in happened
    expect(signIns(urls).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(cartCode(urls).some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

    // Back as a returning visitor: the same session, started without any interaction.
    // Awaited together with the reload: their order is the page's business, not the test's.
    const wanted = (predicate: (url: string) => boolean) =>
      page.waitForRequest((request) => predicate(request.url()), { timeout: 15_000 });
    const cartEntry = wanted((url) => cartCode([url]).some((js) => js.endsWith('/remoteEntry.js')));
    const tokenCheck = wanted((url) => signIns([url]).length > 0); // the SDK checks the persisted user
    await Promise.all([cartEntry, tokenCheck, page.reload().then(() => settle(page))]);
    expect(await sessionUid(page)).toBe(uid);
  } finally {
    await context.close();
  }
});
