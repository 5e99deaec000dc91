// The header at 320 → 1440 px, signed out and in: nothing overflows or overlaps,
// every action is visible, and the search field keeps a usable width where there is room.
// Checked by measured boxes, not by eye.
import type { Browser, Page } from 'playwright-core';
import { SHELL_URL, launchBrowser } from '../support/browser';
import { fillAuthForm } from '../support/account';
import { createAccount, uniqueEmail } from '../support/identity';
import { settle } from '../support/shop';

const WIDTHS = [320, 375, 768, 991, 1000, 1200, 1440];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's visible parts: the search form counts as one (its button sits in its field). */
function headerBoxes(
  page: Page,
): Promise<{ boxes: Box[]; scrollWidth: number; innerWidth: number; searchField: number }> {
  return page.evaluate(() => {
    const parts = document.querySelectorAll<HTMLElement>(
      '.site-header__inner .brand, .site-header__inner .primary-nav li > a, .site-header__inner .primary-nav li > button, .site-header__inner .menu-toggle, .site-header__inner .header-search, .site-header__inner .header-actions a, .site-header__inner .header-actions button',
    );
    const boxes = [...parts].flatMap((element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden') return [];
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      return [
        {
          name: name || element.className,
          x: rect.x,
          y: rect.y,
          width: rect.width,
          height: rect.height,
        },
      ];
    });
    const input = document.querySelector<HTMLElement>('.site-header__inner .header-search__input');
    return {
      boxes,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      searchField: input ? input.getBoundingClientRect().width : 0,
    };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

async function checkHeader(page: Page, width: number, signedIn: boolean) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(100); // one layout after the resize
  const { boxes, scrollWidth, innerWidth, searchField } = await headerBoxes(page);
  const where = `${width} px, ${signedIn ? 'signed in' : 'signed out'}: ${JSON.stringify(boxes)}`;
  expect({ where, scrollWidth }).toEqual({ where, scrollWidth: innerWidth });
  for (const box of boxes) {
    expect({ where, box, inside: box.x >= 0 && box.x + box.width <= innerWidth + 0.5 }).toEqual({
      where,
      box,
      inside: true,
    });
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as Box;
      const b = boxes[j] as Box;
      expect({ where, a: a.name, b: b.name, overlap: overlap(a, b) }).toEqual({
        where,
        a: a.name,
        b: b.name,
        overlap: false,
      });
    }
  }
  const names = boxes.map((b) => b.name);
  expect({ where, basket: names.some((n) => /Basket/.test(n)) }).toEqual({ where, basket: true });
  if (width < 992) {
    expect({ where, menu: names.some((n) => /menu/i.test(n)) }).toEqual({ where, menu: true });
  } else {
    const account = signedIn ? ['My account', 'Sign out'] : ['Sign in'];
    for (const action of account) {
      expect({ where, action, shown: names.includes(action) }).toEqual({
        where,
        action,
        shown: true,
      });
    }
    const search = boxes.find((b) => b.name === 'header-search' || /search/i.test(b.name));
    expect({ where, search: Boolean(search) }).toEqual({ where, search: true });
    // A usable field, or its round button (it widens when focused): never a squeezed pill.
    const field = Math.round(searchField);
    expect({ where, field, usable: field >= 120 || field <= 40 }).toEqual({
      where,
      field,
      usable: true,
    });
    if (width >= 1200 && !signedIn) {
      expect({ where, field, roomy: field >= 150 }).toEqual({ where, field, roomy: true });
    }
  }
}

test('the header at every width, signed out and signed in', async () => {
  const email = uniqueEmail('header');
  await createAccount(email, 'header-password');
  const context = await browser.newContext({ viewport: { width: 1440, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${SHELL_URL}/`);
    await settle(page);
    for (const width of WIDTHS) await checkHeader(page, width, false);
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(`${SHELL_URL}/authentication?mode=signin`);
    await fillAuthForm(page, email, 'header-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/account/myaccount');
    await page.goto(`${SHELL_URL}/`);
    await settle(page);
    await page.getByRole('link', { name: 'My account' }).first().waitFor();
    for (const width of WIDTHS) await checkHeader(page, width, true);
  } finally {
    await context.close();
  }
});
