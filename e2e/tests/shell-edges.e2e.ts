// Rough edges of the shell that only a real browser shows: the header on one line at the widths
// just above the mobile breakpoint, the shop's 404 for an address with a malformed escape, and the
// Tab order past a toast.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp } from '../support/account';
import { SHELL_URL, launchBrowser } from '../support/browser';
import {
  addToBasketHere,
  catalogProducts,
  expectRenderedPage,
  settle,
  waitForHeading,
  type CatalogProduct,
} from '../support/shop';

let browser: Browser;
let products: CatalogProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = await catalogProducts();
});

afterAll(async () => {
  await browser?.close();
});

async function newShopper(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

interface HeaderLayout {
  width: number;
  scrollWidth: number;
  innerWidth: number;
  headerHeight: number;
  /** Visible parts of the header that reach past the window's right edge. */
  pastRightEdge: string[];
  /** Visible parts of the header whose text wrapped onto a second line. */
  wrapped: string[];
}

async function headerLayout(page: Page, width: number): Promise<HeaderLayout> {
  await page.setViewportSize({ width, height: 800 });
  // Two frames: the media queries and the layout have caught up with the new width.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.evaluate((viewport) => {
    const header = document.querySelector('.site-header') as HTMLElement;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim()}"`;
    const parts = [...header.querySelectorAll('a, button, .badge')].filter(visible);
    return {
      width: viewport,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      headerHeight: header.getBoundingClientRect().height,
      pastRightEdge: parts
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
        .map(describe),
      // A text that wrapped has more than one line box (visually hidden texts do not count).
      wrapped: [...header.querySelectorAll('*')]
        .filter((el) => visible(el) && el.closest('.shop-visually-hidden') === null)
        .flatMap((el) =>
          [...el.childNodes].filter(
            (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          ),
        )
        .filter((text) => {
          const range = document.createRange();
          range.selectNodeContents(text);
          const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
          return new Set(tops).size > 1;
        })
        .map((text) => describe(text.parentElement as Element)),
    };
  }, width);
}

/** The header's height on a wide screen, where everything surely fits on one line. */
async function oneLineHeight(page: Page): Promise<number> {
  return (await headerLayout(page, 1440)).headerHeight;
}

const EDGE_WIDTHS = [992, 1024, 1088];
const OTHER_WIDTHS = [320, 375, 768, 991, 1280, 1920];

async function expectHeaderFits(page: Page, label: string): Promise<void> {
  const oneLine = await oneLineHeight(page);
  expect(oneLine).toBeLessThan(80);
  for (const width of [...EDGE_WIDTHS, ...OTHER_WIDTHS]) {
    const layout = await headerLayout(page, width);
    const expected: HeaderLayout = {
      ...layout,
      scrollWidth: Math.min(layout.scrollWidth, layout.innerWidth),
      pastRightEdge: [],
      wrapped: [],
      // Desktop widths: the one line of the wide screen. Phones: the menu button's row, no taller.
      headerHeight: width >= 992 ? oneLine : Math.min(layout.headerHeight, oneLine),
    };
    expect({ label, ...layout }).toEqual({ label, ...expected });
  }
}

describe('the header stays on one line and the page never scrolls sideways', () => {
  test('signed out', async () => {
    const { context, page } = await newShopper();
    try {
      await page.goto(`${SHELL_URL}/`);
      await expectRenderedPage(page);
      await settle(page);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      await expectHeaderFits(page, 'signed out');
    } finally {
      await context.close();
    }
  });

  test('signed in, with products in the basket', async () => {
    const { context, page } = await newShopper();
    try {
      await signUp(page, `header.${Date.now()}@example.com`, 'correct horse battery');
      await settle(page);
      // A two-digit count: the widest badge a shopper commonly sees.
      const [product] = products;
      if (!product) throw new Error('the seed catalog is empty');
      await page.goto(`${SHELL_URL}/products/${product.id}`);
      await settle(page);
      for (let i = 0; i < 10; i += 1) await addToBasketHere(page);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await expectHeaderFits(page, 'signed in');
    } finally {
      await context.close();
    }
  });
});

describe("the header's Sign out", () => {
  test('loads the account functions on the press, signs out and goes home', async () => {
    const { context, page } = await newShopper();
    const accountCode: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === SHELL_URL && /\/accounts\.[0-9a-f]+\.js$/.test(url.pathname)) {
        accountCode.push(url.pathname);
      }
    });
    try {
      await signUp(page, `sign.out.${Date.now()}@example.com`, 'correct horse battery');
      // A server-rendered page of another team: only the shell's header can sign out here.
      const [product] = products;
      if (!product) throw new Error('the seed catalog is empty');
      await page.goto(`${SHELL_URL}/products/${product.id}`);
      await settle(page);
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await signOut.waitFor();
      expect(accountCode).toEqual([]);
      await signOut.click();
      await page.getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
      await page.getByText('You are signed out.').waitFor();
      // Home comes once its page's code and data are here; the toast may show before (its own
      // small script), so the address is awaited, not read at the toast.
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      // The product page left behind has product links too (its related products).
      await waitForHeading(page, 'New season, new favourites');
      await page.locator('main a[href^="/products/"]').first().waitFor();
      expect(accountCode).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe('an address with a malformed escape', () => {
  test.each(['/products/%', '/products/%E0%A4%A'])("%s shows the shop's 404 page", async (path) => {
    const { context, page } = await newShopper();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    try {
      const response = await page.goto(`${SHELL_URL}${path}`);
      expect(response?.headers()['content-type']).toContain('text/html');
      const heading = page.locator('main h1').first();
      await heading.waitFor({ timeout: 30_000 });
      expect(await heading.textContent()).toBe("We couldn't find that page");
      await expect(page.locator('.site-header').isVisible()).resolves.toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the keyboard past a toast', () => {
  test('Tab from the footer passes the toast and "Close toast", then leaves the page', async () => {
    const { context, page } = await newShopper();
    try {
      const [product] = products;
      if (!product) throw new Error('the seed catalog is empty');
      await page.goto(`${SHELL_URL}/products/${product.id}`);
      await settle(page);
      await addToBasketHere(page); // toasts "Added 1 × … to your basket."
      await page.locator('[data-sonner-toast]').first().waitFor();
      // The footer's last link: its market chooser's last market (decision 5101).
      const footerLast = page.locator('.site-footer a').last();
      await footerLast.focus();

      const focused: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Tab');
        focused.push(
          await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return 'body';
            if (el.hasAttribute('data-sonner-toast')) return 'toast';
            return el.getAttribute('aria-label') ?? (el.textContent ?? '').trim();
          }),
        );
      }
      // Out of the page (the browser's own controls), then the page's first stop again.
      expect(focused).toEqual(['toast', 'Close toast', 'body', 'Skip to content']);
    } finally {
      await context.close();
    }
  });
});
