import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium';
(async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  await page.goto('http://localhost:8080/women', { waitUntil: 'networkidle' });
  await page.mouse.move(2, 2);
  await page.waitForTimeout(1500);
  await page.evaluate(() => { (window as any).__field = document.querySelector('input[inputmode], input[type=number]'); });
  await page.getByLabel('Minimum price in dollars').fill('50');
  await page.getByLabel('Minimum price in dollars').press('Tab');
  await page.waitForTimeout(2000);
  console.log(page.url(), 'same field element:', await page.evaluate(() => (window as any).__field?.isConnected));
  await page.getByLabel('Maximum price in dollars').fill('100');
  await page.getByLabel('Maximum price in dollars').press('Enter');
  await page.waitForTimeout(2000);
  console.log(page.url());
  await browser.close();
})();
