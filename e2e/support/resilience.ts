// The resilience journeys' shared steps (resilience-*.e2e.ts, one file per team: e2e/tests/
// owners.json): a service stopped for a while and always started again, the fallback a remote's
// region shows while its remote is down, and the basket as the database stores it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ServiceName } from '../../scripts/lib/services';
import { SHELL_URL } from './browser';
import { adminGet } from './database';
import { expectRenderedPage, waitForHeading } from './shop';
import { cutOffService, reconnectService, startService, stopService } from './stackState';

export async function newShopper(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

/**
 * Stops a service for the duration of `during`, and always starts it again: a failed restart
 * fails the journey.
 */
export async function withServiceDown(
  name: ServiceName,
  during: () => Promise<void>,
): Promise<void> {
  await stopService(name);
  try {
    await during();
  } finally {
    await startService(name);
  }
}

export const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

export async function expectFallback(page: Page, remote: string): Promise<void> {
  const fallback = page.locator(`.remote-fallback[data-remote="${remote}"]`);
  await fallback.waitFor({ state: 'visible', timeout: 30_000 });
  await expect(fallback.getByRole('heading').textContent()).resolves.toContain('taking a break');
  // Header and footer keep working around it.
  expect(await page.locator('header nav').first().isVisible()).toBe(true);
  expect(await page.locator('footer').isVisible()).toBe(true);
}

export async function tryAgain(page: Page, remote: string): Promise<void> {
  const fallback = page.locator(`.remote-fallback[data-remote="${remote}"]`);
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await fallback.waitFor({ state: 'detached', timeout: 30_000 });
  await expectRenderedPage(page);
  expect(await sameDocument(page)).toBe(true);
}

export interface RemoteCase {
  remote: 'catalog' | 'cart' | 'checkout' | 'account';
  /** Pages whose main region the remote owns (each shows the fallback). */
  regions: string[];
  /** Pages owned by others that must keep working meanwhile. */
  stillWorking: string[];
}

export const REMOTE_CASES: RemoteCase[] = [
  {
    remote: 'catalog',
    regions: ['/collections', '/men', '/'],
    stillWorking: ['/about', '/checkout', '/authentication'],
  },
  { remote: 'cart', regions: ['/checkout'], stillWorking: ['/', '/about', '/authentication'] },
  {
    remote: 'checkout',
    regions: ['/checkout/details', '/checkout'],
    stillWorking: ['/', '/about', '/authentication'],
  },
  {
    remote: 'account',
    regions: ['/account/myaccount', '/authentication'],
    stillWorking: ['/', '/about', '/checkout'],
  },
];

/** The remote's case of "each remote stopped in turn" (REMOTE_CASES): only its own regions fail. */
export function describeRemoteStopped(remote: RemoteCase['remote'], browser: () => Browser): void {
  const found = REMOTE_CASES.find((c) => c.remote === remote);
  if (!found) throw new Error(`no resilience case for ${remote}`);
  const { regions, stillWorking } = found;
  describe('each remote stopped in turn costs only its own region', () => {
    test(`${remote} stopped: fallback, the rest works, "Try again" recovers after the restart`, async () => {
      const { context, page, errors } = await newShopper(browser());
      try {
        await withServiceDown(remote, async () => {
          for (const path of stillWorking) {
            await page.goto(SHELL_URL + path);
            await expectRenderedPage(page);
          }
          for (const path of regions) {
            await page.goto(SHELL_URL + path);
            await expectFallback(page, remote);
          }
          await markDocument(page);
          // Still down: "Try again" keeps the fallback (and the page) instead of failing.
          await page
            .locator(`.remote-fallback[data-remote="${remote}"]`)
            .getByRole('button', { name: 'Try again' })
            .click();
          await expectFallback(page, remote);
          // The shell's own links still navigate while the remote is down.
          await page.locator('header').getByRole('link', { name: 'About' }).first().click();
          await waitForHeading(page, 'About Threadline');
          await expect(expectRenderedPage(page)).resolves.toBe('About Threadline');
          await page.goBack();
          await expectFallback(page, remote);
        });
        await tryAgain(page, remote);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}

export interface StoredCart {
  products?: Record<string, { id: string; quantity: number }> | { id: string; quantity: number }[];
  totalQuantity?: number;
}

/**
 * The identity and order services (the Firebase emulators) unreachable for the duration of
 * `during`, as if stopped, and always reachable again (decision 5003).
 */
export async function withServiceCutOff(
  name: ServiceName,
  during: () => Promise<void>,
): Promise<void> {
  await cutOffService(name);
  try {
    await during();
  } finally {
    await reconnectService(name);
  }
}

/** Product ids of a stored basket (a map keyed by line key `id` or `id_size`, or a list). */
const storedIds = (cart: StoredCart | null) =>
  Object.entries(cart?.products ?? {})
    .map(([key, line]) => line?.id ?? key.split('_')[0])
    .sort();

export async function waitForStoredCart(path: string, ids: string[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last: StoredCart | null = null;
  while (Date.now() < deadline) {
    last = await adminGet<StoredCart | null>(path).catch(() => null);
    if (JSON.stringify(storedIds(last)) === JSON.stringify([...ids].sort())) return last;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${path} never held ${ids.join(', ')}: last seen ${JSON.stringify(last)}`);
}
