// Debian's Chromium driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LOCAL_URLS, appOrigin } from '../../scripts/lib/apps';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

export const SHELL_URL = process.env.SHOP_E2E_SHELL_URL ?? appOrigin('shell');
/** The same shop with every page rendered in the browser (scripts/lib/services.ts). */
export const BROWSER_RENDERED_URL = LOCAL_URLS.browserRendered;
export const DATABASE_URL = LOCAL_URLS.database;

export async function launchBrowser(): Promise<Browser> {
  // SHOP_E2E_HEADED=1 (under xvfb-run): a headed Chromium that draws real frames (decision 1601).
  const headed = process.env.SHOP_E2E_HEADED === '1';
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: !headed,
    args: headed
      ? CHROMIUM_FLAGS.filter((f) => f !== '--headless' && f !== '--disable-gpu')
      : CHROMIUM_FLAGS,
  });
}

export interface PageWithLog {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors (console errors are noisy by design when a remote is down). */
  pageErrors: Error[];
}

export async function openPage(browser: Browser, path = '/'): Promise<PageWithLog> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(SHELL_URL + path);
  return { page, context, pageErrors };
}

/**
 * The copies of a shared package the page instantiated (`version@provider`), read from the Module
 * Federation share scope: every provider registers its copy, but a singleton is loaded from
 * exactly one of them.
 */
export async function loadedCopies(page: Page, name: string): Promise<string[]> {
  return page.evaluate((packageName) => {
    type Versions = Record<string, { loaded?: boolean; loading?: unknown; from?: string }>;
    const federation = (
      window as unknown as {
        __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Versions>>> };
      }
    ).__FEDERATION__;
    const loaded = new Set<string>();
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(scopes)) {
        for (const [version, info] of Object.entries(scope[packageName] ?? {})) {
          if (info.loaded) loaded.add(`${version}@${info.from}`);
        }
      }
    }
    return [...loaded];
  }, name);
}

/** How many copies of React the page instantiated (must be 1). */
export async function loadedReactCopies(page: Page): Promise<number> {
  return (await loadedCopies(page, 'react')).length;
}
