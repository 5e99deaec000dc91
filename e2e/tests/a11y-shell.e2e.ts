// The shell's own pages (/about, /contact, the 404) through the accessibility and SEO gates
// (support/a11yGates.ts, decision 0801), at 1280 px and 375 px, with the header and footer.
import type { Browser } from 'playwright-core';
import { describeVisitorRoutes } from '../support/a11yGates';
import { launchBrowser } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeVisitorRoutes('shell', () => browser);
