// The catalog team deploys alone (decision 4901): a rebuilt catalog, and one with two new pages,
// released while the shell runs; the shell is neither rebuilt nor changed.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expectRenderedPage, pageIsLive } from '../support/shop';
import { appDir } from '../../scripts/lib/apps';
import { SHELL_URL, launchBrowser, openPage } from '../support/browser';
import { PUBLIC_READ_TTL_MS } from '../../shell/src/server/publicReads';
import { releaseFolder } from '../support/releases';
import { catalogVariant, fingerprint } from '../support/catalogVariant';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('deploying one remote alone', () => {
  test('a rebuilt catalog shows in the running shell on the next load, without a shell rebuild', async () => {
    const { folder, label } = await catalogVariant();
    const { page, context } = await openPage(browser, '/');
    let deployed: { undo(): Promise<void> } | null = null;
    try {
      await expectRenderedPage(page);
      expect(await page.getByText(label).count()).toBe(0);
      // The deploy: swap the remote's files; the shell and the other remotes are untouched.
      deployed = await releaseFolder('catalog', folder);
      // The server renders with the new build from the next load after at most 3 s (its kept
      // pages and manifests are younger than that: decision 3701).
      await new Promise((resolve) => setTimeout(resolve, PUBLIC_READ_TTL_MS));
      const answer = await fetch(`${SHELL_URL}/`);
      const html = await answer.text();
      // (React separates the label's two texts with a comment: the label alone is looked for.)
      expect({ status: answer.status, labelled: html.includes(label) }).toEqual({
        status: 200,
        labelled: true,
      });
      await page.reload();
      // As a shopper, who moves the pointer: the home page's code loads then (decision 1312).
      await pageIsLive(page);
      await page.getByText(label).first().waitFor({ state: 'visible', timeout: 30_000 });
    } finally {
      await context.close();
      await deployed?.undo();
    }
  });
});

describe('a team adds pages with its own deploy (decision 0001)', () => {
  test('two new catalog pages are served by the running shell on the next load, deep link and in-app link; the shell is untouched', async () => {
    // The catalog team's change: two route modules and two lines in its route list, built
    // without the shell (support/catalogVariant.ts).
    const { folder, shellBefore } = await catalogVariant();
    const shellDist = join(appDir('shell'), 'dist');
    const { page, context } = await openPage(browser, '/lookbook');
    let deployed: { undo(): Promise<void> } | null = null;
    try {
      // Before the deploy, the shop has no such page.
      await page.getByRole('heading', { level: 1, name: "We couldn't find that page" }).waitFor();
      deployed = await releaseFolder('catalog', folder);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Lookbook' }).waitFor();
      expect(await page.title()).toContain('Lookbook');
      // A link pressed before the page is live is followed by the browser, by design
      // (shell/src/early/earlyInput.ts): the in-app navigation is checked on the live page.
      await pageIsLive(page);
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      await page.getByRole('link', { name: 'See the spring looks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Spring looks' }).waitFor();
      expect(page.url()).toBe(`${SHELL_URL}/lookbook/spring`);
      expect(
        await page.evaluate(
          () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
        ),
      ).toBe(true);
      // The rest of the catalog still works, and the shell was neither rebuilt nor changed.
      await page.goto(`${SHELL_URL}/`);
      await expectRenderedPage(page);
      expect(await fingerprint(shellDist)).toEqual(shellBefore);
    } finally {
      await context.close();
      await deployed?.undo();
    }
  });
});
