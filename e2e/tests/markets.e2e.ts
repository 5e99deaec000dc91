// Markets (decision 5101): the German market at /de/ in German and euros, priced by the server
// from the catalog's price lists; its pages' HTML says its language, its canonical address and the
// page in every market. The United Kingdom's at /uk/, in English and pounds, charged in GBP. The US
// market reads as before (the other journeys check it word for word).
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, SHELL_URL } from '../support/browser';
import { adminGet } from '../support/database';
import { signUp } from '../support/account';
import {
  TEST_CARDS,
  VALID_DETAILS,
  allOrders,
  fillValidDetails,
  orderSentPage,
} from '../support/checkout';
import {
  addToBasket,
  addToBasketHere,
  closeBasketDrawer,
  pageIsLive,
  settle,
  waitForBasketCount,
} from '../support/shop';
import { PRODUCT_ID, PUBLIC_ORIGIN, h1Of, html } from '../support/ssrPages';
import { eventually } from '../support/eventually';

interface PricedRecord {
  name: string;
  originalPrice: number;
  discountedPrice: number;
  sizes?: string[];
  prices: Record<string, { originalPrice: number; discountedPrice?: number }>;
  translations: { de: { name: string } };
}

interface StoredOrder {
  number: string;
  currency?: string;
  market?: string;
  totalPrice: number;
  shipment: number;
  products: Array<{ id: string; discountedPrice: number; quantity: number }>;
  personalInformation: Record<string, string>;
}

const CARRIED_ID = 'chelsea-boot-suede';
const euros = (amount: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(amount);
const pounds = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);
/** Text as a browser shows it: Intl writes a no-break space before the euro sign. */
const plain = (text: string) => text.replace(/\s/g, ' ');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the German market (decision 5101)', () => {
  test("a product page's HTML: German, in euros, its canonical in /de/, every market's address", async () => {
    const record = await adminGet<PricedRecord>(`catalog/products/${PRODUCT_ID}`);
    const eur = record.prices.EUR as { originalPrice: number; discountedPrice: number };
    const { status, text } = await html(`/de/products/${PRODUCT_ID}`);
    expect(status).toBe(200);
    expect(text).toMatch(/^<!doctype html><html lang="de-DE" data-base="\/de"/);
    expect(h1Of(text)).toBe(record.translations.de.name);
    expect(plain(text)).toContain(plain(euros(eur.discountedPrice)));
    // Prices with VAT, and what shipping costs, said beside the price and in the footer.
    expect(plain(text)).toContain(`inkl. MwSt., zzgl. ${plain(euros(4.95))} Versand`);
    expect(text).toContain('Alle Preise inkl. MwSt., zzgl. Versandkosten.');
    expect(text).not.toMatch(/\$\d/);
    expect(text).toContain(
      `<link rel="canonical" href="${PUBLIC_ORIGIN}/de/products/${PRODUCT_ID}" />`,
    );
    for (const [hreflang, path] of [
      ['en-US', ''],
      ['de-DE', '/de'],
      ['en-GB', '/uk'],
      ['x-default', ''],
    ]) {
      expect(text).toContain(
        `<link rel="alternate" hreflang="${hreflang}" href="${PUBLIC_ORIGIN}${path}/products/${PRODUCT_ID}" />`,
      );
    }
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1];
    expect(JSON.parse(ld ?? 'null')).toMatchObject({
      offers: {
        '@type': 'Offer',
        priceCurrency: 'EUR',
        price: eur.discountedPrice.toFixed(2),
        url: `${PUBLIC_ORIGIN}/de/products/${PRODUCT_ID}`,
      },
    });
    // The same page in the United States: English, dollars, its own canonical.
    const us = await html(`/products/${PRODUCT_ID}`);
    expect(us.text).toMatch(/^<!doctype html><html lang="en-US" data-rendered/);
    expect(h1Of(us.text)).toBe(record.name);
    expect(us.text).not.toMatch(/VAT|MwSt/);
    expect(us.text).toContain(
      `<link rel="canonical" href="${PUBLIC_ORIGIN}/products/${PRODUCT_ID}" />`,
    );
  });

  test('a shopper browses /de/, filters in euros, searches a German word, buys in EUR with a code, and finds the order in euros', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const email = `markets-${Date.now()}@example.com`;
      // An account first (in the United States: one account for every market).
      await page.goto(SHELL_URL + '/');
      await settle(page);
      await signUp(page, email, 'market-password');
      // A basket begun in the United States, carried into Germany: priced in euros, and said so.
      await addToBasket(page, { id: CARRIED_ID });

      await page.goto(`${SHELL_URL}/de/`);
      await settle(page);
      await page
        .getByText('Ihr Warenkorb hat jetzt Preise in EUR, zu unseren Preisen für Deutschland.')
        .waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
      await page
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Damen' })
        .click();
      await page.waitForURL(`${SHELL_URL}/de/women`);

      await filterByEuros(page, 50, 100);
      await searchInGerman(page);
      await addInGerman(page, PRODUCT_ID, 2);
      const order = await orderInEuros(page, email);

      // The account's order page, in euros.
      await page.goto(`${SHELL_URL}/de/account/orders`);
      const row = page.getByRole('link', { name: new RegExp(order.number) });
      await row.waitFor({ timeout: 30_000 });
      expect(plain((await row.textContent()) ?? '')).toContain(plain(euros(order.totalPrice)));
      // Its page: the order's status in German.
      await row.click();
      await page.getByText('Status: Aufgegeben', { exact: true }).waitFor();

      // The guest lookup, in euros.
      await page.goto(`${SHELL_URL}/de/order-status?number=${order.number}`);
      await page.getByLabel('E-Mail-Adresse').fill(email);
      await page.getByLabel('E-Mail-Adresse').press('Enter');
      const receipt = page.getByRole('region', { name: new RegExp(order.number) });
      await receipt.waitFor({ timeout: 30_000 });
      expect(plain(await receipt.innerText())).toContain(plain(euros(order.totalPrice)));
    } finally {
      await context.close();
    }
  });
});

/** The women's list between `min` and `max` euros: every price shown is in that range. */
async function filterByEuros(page: Page, min: number, max: number): Promise<void> {
  await pageIsLive(page);
  await page.getByLabel('Mindestpreis in Euro').fill(String(min));
  await page.getByLabel('Höchstpreis in Euro').fill(String(max));
  await page.getByLabel('Höchstpreis in Euro').press('Enter');
  await page.waitForURL(/min=50/);
  await eventually(
    () => page.locator('main .shop-price__current').allTextContents(),
    (shown) => {
      expect(shown.length).toBeGreaterThan(0);
      for (const price of shown) {
        const written = /([\d.]+,\d\d) €/.exec(plain(price))?.[1] ?? '';
        const amount = Number(written.replace('.', '').replace(',', '.'));
        expect(amount).toBeGreaterThanOrEqual(min);
        expect(amount).toBeLessThanOrEqual(max);
      }
    },
  );
}

describe("a German shopper's card (decisions 5101, 5301)", () => {
  it("the provider's fields, a decline and the charge speak German and euros", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await addInGerman(page, PRODUCT_ID, 1);
      await page.goto(`${SHELL_URL}/de/checkout`);
      await page.getByRole('link', { name: 'Weiter zu Ihren Angaben' }).click();
      await page.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
      await fillDetailsInGerman(page, `markets-de-card-${Date.now()}@example.com`);
      const frame = page.frameLocator('iframe[title="Kartendaten"]');
      await frame.getByLabel('Kartennummer').fill(TEST_CARDS.insufficientFunds);
      await frame.getByLabel(/Gültig bis/).fill('12 / 34');
      await frame.getByLabel('Prüfnummer').fill('123');
      const order = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
      await order.scrollIntoViewIfNeeded();
      await order.click();
      // The bank's reason and ours, in German; nothing charged, the shopper still here.
      await page
        .getByText(/Ihre Karte ist nicht ausreichend gedeckt\. Es wurde nichts belastet/)
        .waitFor();
      await frame.getByLabel('Kartennummer').fill(TEST_CARDS.succeeds);
      await order.click();
      await page.waitForURL(/\/de\/checkout-successful\?order=/, { timeout: 30_000 });
      const key = new URL(page.url()).searchParams.get('order') ?? '';
      const stored = await eventually(
        async () => (await allOrders()).get(key),
        (found) => expect(found).toBeDefined(),
      );
      const placed = stored?.order as unknown as StoredOrder & {
        status: string;
        payment: { amount: { amount: number; currency: string } };
      };
      expect(placed).toMatchObject({ currency: 'EUR', market: 'de', status: 'paid' });
      expect(placed.payment.amount).toEqual({
        amount: Math.round(placed.totalPrice * 100),
        currency: 'EUR',
      });
    } finally {
      await context.close();
    }
  });
});

describe('the United Kingdom market (decision 5101)', () => {
  it('a guest buys at /uk/ in English and pounds, by card: the order is priced and charged in GBP', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const record = await adminGet<PricedRecord>(`catalog/products/${PRODUCT_ID}`);
      const gbp = record.prices.GBP;
      expect(gbp?.discountedPrice).toEqual(expect.any(Number));
      await page.goto(`${SHELL_URL}/uk/products/${PRODUCT_ID}`);
      await settle(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');
      const main = plain(await page.locator('main').innerText());
      expect(main).toContain(record.name);
      expect(main).toContain(pounds(gbp?.discountedPrice ?? NaN));
      expect(main).not.toMatch(/\$\d/);
      await addToBasketHere(page);

      await page.goto(`${SHELL_URL}/uk/checkout`);
      await page.getByRole('link', { name: 'Continue to details' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await fillValidDetails(page, `markets-uk-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Place order' }).click();
      const key = await orderSentPage(page);
      expect(new URL(page.url()).pathname).toBe('/uk/checkout-successful');

      const stored = await eventually(
        async () => (await allOrders()).get(key),
        (found) => expect(found?.path).toMatch(/^users\/anonymousTokens\//),
      );
      const order = stored?.order as unknown as StoredOrder & {
        status: string;
        payment: { amount: { amount: number; currency: string } };
      };
      expect(order).toMatchObject({
        currency: 'GBP',
        market: 'uk',
        shipment: 3.99,
        status: 'paid',
      });
      expect(order.products).toEqual([
        expect.objectContaining({ id: PRODUCT_ID, discountedPrice: gbp?.discountedPrice }),
      ]);
      const products = order.products.reduce((sum, l) => sum + l.discountedPrice * l.quantity, 0);
      expect(order.totalPrice).toBeCloseTo(products + 3.99, 2);
      // Charged in pounds, for exactly the order's total in pence.
      expect(order.payment.amount).toEqual({
        amount: Math.round(order.totalPrice * 100),
        currency: 'GBP',
      });
      expect(plain(await page.locator('main').innerText())).toContain(pounds(order.totalPrice));
    } finally {
      await context.close();
    }
  });
});

/** "Stiefel" (boots) finds the leather ankle boot by its German name. */
async function searchInGerman(page: Page): Promise<void> {
  await page.goto(`${SHELL_URL}/de/search?q=stiefel`);
  await pageIsLive(page);
  await page
    .locator('main a[href^="/de/products/"]', { hasText: 'Stiefelette aus Leder' })
    .first()
    .waitFor();
}

/** Adds the product in its first size from its German page; the basket then holds `count`. */
async function addInGerman(page: Page, id: string, count: number): Promise<void> {
  await page.goto(`${SHELL_URL}/de/products/${id}`);
  await settle(page);
  const size = page.locator('input[name="size"]:not(:disabled)').first();
  if (await size.count()) await size.check();
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await waitForBasketCount(page, count);
  await closeBasketDrawer(page);
}

/**
 * Orders the basket at /de/checkout with TENOFF (10 € off) by bank transfer, as the signed-in
 * shopper; checks the confirmation and the stored order against the catalog's euro prices.
 */
async function orderInEuros(page: Page, email: string): Promise<StoredOrder & { key: string }> {
  await page.goto(`${SHELL_URL}/de/checkout`);
  await page.getByLabel('Rabattcode').fill('tenoff');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await page.getByText(/Code TENOFF eingelöst/).waitFor();
  await page.getByRole('link', { name: 'Weiter zu Ihren Angaben' }).click();
  await page.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
  await page.getByRole('radio', { name: /^Überweisung/ }).check();
  await fillDetailsInGerman(page, email);
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await page.waitForURL(/\/de\/checkout-successful\?order=/, { timeout: 30_000 });
  const key = new URL(page.url()).searchParams.get('order') ?? '';
  // The signed-in shopper's order is the account's.
  const stored = await eventually(
    async () => (await allOrders()).get(key),
    (found) => expect(found?.path).toMatch(/^users\/validated\//),
  );
  const order = stored?.order as unknown as StoredOrder;
  expect(order).toMatchObject({ currency: 'EUR', market: 'de', shipment: 4.95 });
  expect(order.personalInformation.country).toBe('Germany');
  // Each line at its euro price from the catalog's price list.
  for (const line of order.products) {
    const record = await adminGet<PricedRecord>(`catalog/products/${line.id}`);
    expect(line.discountedPrice).toBe(record.prices.EUR?.discountedPrice);
  }
  expect(order.products.map((line) => line.id).sort()).toEqual([CARRIED_ID, PRODUCT_ID].sort());
  const products = order.products.reduce((sum, l) => sum + l.discountedPrice * l.quantity, 0);
  expect(order.totalPrice).toBeCloseTo(products - 10 + 4.95, 2);
  const confirmation = plain(await page.locator('main').innerText());
  expect(confirmation).toContain(plain(euros(order.totalPrice)));
  expect(confirmation).toContain(order.number);
  return { ...order, key };
}

/** Fills the details step of /de/checkout: its labels and its countries are German. */
async function fillDetailsInGerman(page: Page, email: string): Promise<void> {
  // The fields' labels and hints in German (the shared field table, translated where shown).
  const inGerman: Record<string, string> = {
    Name: 'Name',
    'Email address': 'E-Mail-Adresse',
    'Phone number': 'Telefonnummer',
    Address: 'Adresse',
    City: 'Stadt',
    'ZIP Code': 'Postleitzahl',
  };
  for (const [label, value] of Object.entries({ ...VALID_DETAILS, 'Email address': email })) {
    const field = page.getByLabel(inGerman[label] ?? label, { exact: true });
    if ((await field.inputValue()) === '') await field.fill(value);
  }
  // Countries named in German; the order stores the English name (the validation table's).
  await page.getByLabel('Land', { exact: true }).selectOption({ label: 'Deutschland' });
}
