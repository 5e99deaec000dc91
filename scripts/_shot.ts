import { chromium } from 'playwright-core';
(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  const path = process.argv[2] ?? '/';
  await page.goto('http://localhost:8080' + path);
  await page.waitForTimeout(2500);
  console.log('H1:', await page.locator('h1').allTextContents());
  const share = await page.evaluate(() =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries((window as any).__FEDERATION__?.__SHARE__ ?? {}).map(([k, v]: any) => [
          k,
          Object.fromEntries(
            Object.entries(v.default ?? {}).map(([p, vers]: any) => [
              p,
              Object.fromEntries(
                Object.entries(vers).map(([ver, i]: any) => [
                  ver,
                  { from: i.from, loaded: i.loaded, useIn: i.useIn },
                ]),
              ),
            ]),
          ),
        ]),
      ),
    ),
  );
  console.log('SHARE:', share.slice(0, 1500));
  await page.screenshot({ path: process.argv[3] ?? '/tmp/shot.png', fullPage: true });
  await browser.close();
})();
