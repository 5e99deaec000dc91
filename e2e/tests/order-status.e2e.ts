// A guest finds an order again (decision 1405). A guest order is placed through the assembled
// shell; the confirmation's "Find this order later" opens /order-status with the number filled in;
// the checkout email shows the receipt (nothing of the address or phone), a wrong email the
// not-found message. The lookup goes to the real `orderStatus` function in the emulator.
import type { Browser } from 'playwright-core';
import { postFrom } from '../../scripts/lib/requestFrom';
import { expectAccessible } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { VALID_DETAILS, placeGuestOrder } from '../support/checkout';
import { addToBasket, catalogProducts, settle } from '../support/shop';
import { LOCAL_URLS } from '../../scripts/lib/apps';

let browser: Browser;
/** functions/src/orderStatus.ts LOOKUPS_PER_CLIENT (the e2e project does not build the functions). */
const LOOKUPS_PER_CLIENT = 10;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('a guest follows "Find this order later", types the email and sees the receipt; a wrong email finds nothing', async () => {
  const product = (await catalogProducts()).find((p) => p.discountedPrice > 0);
  if (!product) throw new Error('the seed catalog needs a product');
  const email = `guest.status.${Date.now()}@example.com`;
  const { page, context, pageErrors } = await openPage(browser, '/');
  try {
    await settle(page);
    await addToBasket(page, product);
    const number = await placeGuestOrder(page, email);
    expect(number).toMatch(/^TL-[2-9A-Z]{6}$/);

    // Another local client (an address of its own, decision 5401) guesses more than a client's
    // limit, each guess with another address written in X-Forwarded-For: it is limited all the
    // same, and its guesses do not lock this shopper (the browser, 127.0.0.1) out.
    // One after another: the functions emulator answers requests that arrive together each with
    // a new worker process, and one that has not loaded within its 30 s never answers (its
    // "Failed to load function"); two cores starting twelve of them beside another journey did
    // not always make it. Deployed, one instance takes many requests at once.
    const otherClient: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_CLIENT + 2; i += 1) {
      const answer = await postFrom(
        '127.0.0.2',
        `${LOCAL_URLS.functions}/orderStatus`,
        { number: `TL-2222${'ABCDEFGHJKMN'.charAt(i)}2`, email: 'x@example.com' },
        { 'X-Forwarded-For': `198.51.100.${i}` },
      );
      otherClient.push(answer.status);
    }
    expect(otherClient).toEqual([
      ...Array.from({ length: LOOKUPS_PER_CLIENT }, () => 404),
      429,
      429,
    ]);

    await page.getByRole('link', { name: 'Find this order later' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order status' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/order-status');
    expect(await page.getByLabel('Order number').inputValue()).toBe(number);

    // The email as typed at checkout, in other capitals: found.
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await page.getByLabel('Email address').press('Enter');
    const receipt = page.getByRole('region', { name: `Order ${number}` });
    await receipt.waitFor({ timeout: 30_000 });
    await receipt.getByText('Placed', { exact: true }).waitFor();
    await receipt.getByText(product.name, { exact: true }).first().waitFor();
    await receipt.getByText(`${VALID_DETAILS.Name}, ${VALID_DETAILS.City}`).waitFor();
    const shown = await page.locator('main').innerText();
    for (const secret of [VALID_DETAILS['Phone number'], VALID_DETAILS.Address, email]) {
      expect(shown).not.toContain(secret);
    }
    await page.screenshot({ path: 'e2e/artifacts/order-status-receipt-1280.png', fullPage: true });
    await expectAccessible(page, '/order-status with a receipt', 'checkout');

    // A wrong email: the not-found message, the receipt gone.
    await page.getByLabel('Email address').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await page
      .getByRole('alert')
      .getByText('No order matches this number and email address.')
      .waitFor({ timeout: 30_000 });
    expect(await receipt.count()).toBe(0);
    await expectAccessible(page, '/order-status, not found', 'checkout');
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
