// The shop stays up when one part fails (docs/product.md; shared steps: support/resilience.ts).
// The checkout remote stopped: its regions show the fallback, the rest works, "Try again" recovers.
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { describeRemoteStopped } from '../support/resilience';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describeRemoteStopped('checkout', () => browser);
