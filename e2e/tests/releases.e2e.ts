// Deploys a team can trust (decision 4901): a release of the catalog while a shopper's tab is open,
// a rollback in one step, and a canary two shoppers see apart, each as the server rendered it.
import { mkdtempSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { distDirOf } from '../../scripts/lib/releases';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { basketDrawer, expectRenderedPage, pageIsLive, waitForBasketCount } from '../support/shop';
import {
  SWITCH_SEEN_MS,
  currentRelease,
  releaseCommand,
  releasesOf,
  switchTo,
} from '../support/releases';
import { appPort } from '../../scripts/lib/apps';

let browser: Browser;
let before = '';
/** The suite's catalog build: `npm run release` builds into dist/, as a team's release does. */
const savedBuild = join(mkdtempSync(join(tmpdir(), 'catalog-dist-')), 'dist');

beforeAll(async () => {
  browser = await launchBrowser();
  before = await currentRelease('catalog');
  await cp(distDirOf('catalog'), savedBuild, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  // The shop as the other journeys expect it: the catalog's release of the suite's build, and
  // that build in dist/ (a restarted catalog publishes what dist/ holds when it is new).
  await releaseCommand(['catalog', '--canary', 'off']).catch(() => undefined);
  await switchTo('catalog', before);
  await rm(distDirOf('catalog'), { recursive: true, force: true });
  await cp(savedBuild, distDirOf('catalog'), { recursive: true });
  await rm(savedBuild, { recursive: true, force: true });
});

/** What goes wrong on a page: failed requests, answers ≥ 400, uncaught errors, hydration. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('requestfailed', (request) => {
    // A beacon or a preload the page dropped on leaving is no failure of the shop.
    if (!/net::ERR_ABORTED/.test(request.failure()?.errorText ?? '')) {
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** The server's home page, once it shows (or no longer shows) `text`; its ETag. */
async function homeWhen(shows: boolean, text: string): Promise<{ html: string; etag: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await fetch(`${SHELL_URL}/`);
    const html = await answer.text();
    if (html.includes(text) === shows || Date.now() > deadline) {
      return { html, etag: answer.headers.get('etag') ?? '' };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The release each catalog code request of `urls` came from. */
const releasesAsked = (urls: string[]) => {
  const releaseOf = new RegExp(`:${appPort('catalog')}/releases/([^/]+)/`);
  return [...new Set(urls.flatMap((url) => releaseOf.exec(url)?.[1] ?? []))].sort();
};

test('a catalog release while a tab is open: the tab goes on with its release, a new tab shows the new one, a rollback brings the old back', async () => {
  const label = `release-${Date.now()}`;
  const tab = await openPage(browser, '/');
  const problems = watchProblems(tab.page);
  const asked: string[] = [];
  tab.page.on('request', (request) => asked.push(request.url()));
  try {
    await expectRenderedPage(tab.page);
    await pageIsLive(tab.page);
    await expect(tab.page.locator('html').getAttribute('data-releases')).resolves.toContain(
      `catalog:${before}`,
    );
    expect(await tab.page.getByText(label).count()).toBe(0);

    // The catalog team's release: built, published, the site switched.
    const output = await releaseCommand(['catalog', '--label', label]);
    const released = await currentRelease('catalog');
    expect(released).not.toBe(before);
    expect(output).toContain(released);
    const { html: newHome, etag: newEtag } = await homeWhen(true, label);
    expect(newHome).toContain(label);
    expect(newHome).toContain(`catalog:${released}`);

    // The open tab goes on: another catalog page (its code not loaded yet), an add, the checkout.
    asked.length = 0;
    await tab.page.locator('main a[href^="/products/"]').first().click();
    const add = tab.page.getByRole('button', { name: 'Add to basket' });
    await add.waitFor();
    const size = tab.page.locator('input[name="size"]:not(:disabled)').first();
    if (await size.count()) await size.check();
    await add.click();
    await waitForBasketCount(tab.page, 1);
    await basketDrawer(tab.page).getByRole('link', { name: 'Go to checkout' }).click();
    await tab.page.getByRole('link', { name: 'Continue to details' }).click();
    await tab.page.getByLabel('Email address', { exact: true }).waitFor();
    await tab.page.waitForLoadState('networkidle');
    // Every catalog file the tab asked for since came from the release it was composed with.
    expect(releasesAsked(asked)).toEqual([before]);
    expect(await tab.page.getByText(label).count()).toBe(0);
    expect(problems).toEqual([]);

    // A new tab: the new release, rendered and taken over without a mismatch.
    const fresh = await openPage(browser, '/');
    const freshProblems = watchProblems(fresh.page);
    try {
      await pageIsLive(fresh.page);
      await fresh.page.getByText(label).first().waitFor();
      await fresh.page.waitForLoadState('networkidle');
      expect(freshProblems).toEqual([]);
    } finally {
      await fresh.context.close();
    }

    // The rollback: one step, no build; the server's kept page of the new release is not served.
    const rollback = await releaseCommand(['catalog', '--rollback']);
    expect(rollback).toContain(`from ${released} to ${before}`);
    expect(await currentRelease('catalog')).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, SWITCH_SEEN_MS));
    const { html: oldHome, etag: oldEtag } = await homeWhen(false, label);
    expect(oldHome).not.toContain(label);
    expect(oldHome).toContain(`catalog:${before}`);
    expect(oldEtag).not.toBe(newEtag);
    const stale = await fetch(`${SHELL_URL}/`, { headers: { 'If-None-Match': newEtag } });
    expect(stale.status).toBe(200);
    const back = await openPage(browser, '/');
    try {
      await expectRenderedPage(back.page);
      expect(await back.page.getByText(label).count()).toBe(0);
    } finally {
      await back.context.close();
    }
    const listed = await releaseCommand(['catalog', '--list']);
    expect(listed).toContain(released);
    expect(listed).toMatch(new RegExp(`${before}.*current`));
  } finally {
    await tab.context.close();
  }
});

test('a canary: two shoppers held on the two releases by their cookie see each its own, on the server and once taken over', async () => {
  const { releases } = await releasesOf('catalog');
  const canary = releases.find((release) => release.id !== before && release.label);
  if (!canary?.label) throw new Error('the journey above leaves a labelled release to try');
  await releaseCommand(['catalog', '--canary', canary.id, '--share', '10']);
  await new Promise((resolve) => setTimeout(resolve, SWITCH_SEEN_MS));
  for (const [held, shows] of [
    [before, false],
    [canary.id, true],
  ] as const) {
    const cookie = `__session=catalog:${held}`;
    const answer = await fetch(`${SHELL_URL}/`, { headers: { cookie } });
    const html = await answer.text();
    expect({ held, labelled: html.includes(canary.label) }).toEqual({ held, labelled: shows });
    expect(html).toContain(`catalog:${held}`);
    expect(answer.headers.get('vary')).toContain('Cookie');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: '__session', value: `catalog:${held}`, url: SHELL_URL }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    try {
      await page.goto(`${SHELL_URL}/`);
      await expectRenderedPage(page);
      await page.waitForLoadState('networkidle');
      expect((await page.getByText(canary.label).count()) > 0).toBe(shows);
      expect(releasesAsked(asked)).toEqual([held]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }
  // A new shopper is drawn and told by a cookie; that answer is not kept by a CDN.
  const first = await fetch(`${SHELL_URL}/`);
  expect(first.headers.get('set-cookie')).toMatch(/^__session=catalog:\w+; Path=\/; SameSite=Lax/);
  expect(first.headers.get('cache-control')).toBe('private, no-store');
});
