/**
 * The Stripe adapter's fixtures (functions/src/payments/fixtures/stripe, decision 5301) as
 * Stripe's published sample objects with our story's values: every field is the sample's unless
 * `ours` below names it, so a fixture has the sample's fields, no more, no fewer (the folder's
 * README says where the samples come from; stripeFixtures.test.ts checks the files).
 *
 *   npx tsx functions/scripts/stripe-fixtures.ts
 *     rewrites the fixtures from stripe-samples.json;
 *   npx tsx functions/scripts/stripe-fixtures.ts --vendor <openapi/fixtures3.json> <commit> <tag>
 *     first takes the resources below from that file of github.com/stripe/openapi at <commit>
 *     (<tag>: its release tag, v1505 for the OPENAPI_VERSION of the installed `stripe` package).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const FIXTURES = join(__dirname, '../src/payments/fixtures/stripe');
export const SAMPLES_FILE = join(FIXTURES, 'stripe-samples.json');

/** The resources our fixtures are or embed, taken from Stripe's samples. */
export const RESOURCES = [
  'payment_intent',
  'charge',
  'refund',
  'event',
  'customer',
  'payment_method',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface StripeSamples {
  source: { repository: string; path: string; commit: string; tag: string; note: string };
  resources: Record<Resource, JsonObject>;
}

/** Takes our resources out of Stripe's fixtures3.json, as they are there. */
function vendor(fixtures3: string, commit: string, tag: string): StripeSamples {
  const all = (JSON.parse(readFileSync(fixtures3, 'utf8')) as { resources: JsonObject }).resources;
  const resources = Object.fromEntries(
    RESOURCES.map((name) => {
      const sample = all[name];
      if (!isObject(sample)) throw new Error(`${fixtures3} has no resource ${name}`);
      return [name, sample];
    }),
  ) as Record<Resource, JsonObject>;
  return {
    source: {
      repository: 'https://github.com/stripe/openapi',
      path: 'openapi/fixtures3.json',
      commit,
      tag,
      note: "The sample objects of Stripe's API (what stripe-mock answers), copied unchanged.",
    },
    resources,
  };
}

/**
 * Fields of a sample that the pinned API version (2025-02-24.acacia) does not send unless asked
 * to expand them, left out of our fixtures: a charge's `refunds` list has been expand-only since
 * Stripe's 2022-11-15 version (the `stripe` package types it optional, Charges.d.ts), and the
 * adapter expands only `latest_charge`. Stripe's samples show every expandable field.
 */
export const NOT_SENT: Partial<Record<Resource, readonly string[]>> = { charge: ['refunds'] };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `sample` with the fields of `ours`, which must all be fields of the sample. Nested structures
 * (a charge's `payment_method_details`, an event's `data`) are overlaid the same way; a field the
 * sample holds as null, `metadata` (the caller's own map) and an API object of its own (one with
 * an `object` name: an event's `data.object`, an expanded `latest_charge`) are replaced whole.
 */
function overlay(sample: JsonObject, ours: JsonObject, where: string): JsonObject {
  const result: JsonObject = { ...sample };
  for (const [key, value] of Object.entries(ours)) {
    if (!(key in sample)) throw new Error(`${where}.${key} is not a field of Stripe's sample`);
    const theirs = sample[key];
    const whole = key === 'metadata' || !isObject(theirs) || !isObject(value);
    result[key] =
      whole || typeof value.object === 'string' ? value : overlay(theirs, value, `${where}.${key}`);
  }
  return result;
}

const without = (sample: JsonObject, resource: Resource): JsonObject =>
  Object.fromEntries(
    Object.entries(sample).filter(([key]) => !(NOT_SENT[resource] ?? []).includes(key)),
  );

// Our story (README): order -Nstripefixture00001 of 189.99 USD, authorised, captured for 150.00,
// then 50.00 refunded; or the authorisation cancelled; or a card declined. The ids are the ones
// stripeProvider.test.ts asks for.
const PI = 'pi_3QxThrdFixture01a2B3c4D';
const CHARGE = 'ch_3QxThrdFixture01a2B3c4D';
const CARD = 'pm_1QxThrdFixture01CardVsa';
const ORDER = '-Nstripefixture00001';
const TOTAL = 18999;
const OURS = {
  currency: 'usd',
  description: `Threadline order ${ORDER}`,
  metadata: { orderKey: ORDER },
};

/** Our fixtures, by file name, built from `samples`. */
export function buildFixtures({ resources: s }: StripeSamples): Record<string, JsonObject> {
  const intent = (ours: JsonObject) =>
    overlay(
      s.payment_intent,
      {
        id: PI,
        amount: TOTAL,
        // Stripe's sample is cancelled at 1234567890 whatever its status; ours is not until it is.
        canceled_at: null,
        capture_method: 'manual',
        client_secret: `${PI}_secret_Qm7vYtKf2ZpLwR9xNc4HsEaJd`,
        created: 1741003200,
        ...OURS,
        ...ours,
      },
      'payment_intent',
    );
  const charge = (ours: JsonObject) =>
    overlay(
      without(s.charge, 'charge'),
      {
        id: CHARGE,
        amount: TOTAL,
        created: 1741003295,
        payment_intent: PI,
        payment_method: CARD,
        payment_method_details: {
          card: { amount_authorized: TOTAL, overcapture: { maximum_amount_capturable: TOTAL } },
        },
        ...OURS,
        ...ours,
      },
      'charge',
    );
  const event = (id: string, created: number, type: string, object: JsonObject) =>
    overlay(
      s.event,
      // The version of our webhook endpoint, which shapes the events' objects (stripeProvider.ts).
      { id, api_version: '2025-02-24.acacia', created, data: { object }, type },
      'event',
    );

  const authorised = { amount_capturable: TOTAL, payment_method: CARD, status: 'requires_capture' };
  const captured = {
    amount_received: 15000,
    payment_method: CARD,
    status: 'succeeded',
  };
  const capturedCharge = {
    amount_captured: 15000,
    balance_transaction: 'txn_3QxThrdFixture01a2B3c4D',
    captured: true,
  };
  const cancelled = {
    canceled_at: 1741006800,
    payment_method: CARD,
    status: 'canceled',
  };
  const uncaptured = { balance_transaction: null, captured: false };

  const declined = 'ch_3QxThrdFixture01a2B3c4E';
  // No sample of Stripe's has a last_payment_error: this one is the `stripe` package's
  // PaymentIntent.LastPaymentError (PaymentIntents.d.ts) with a declined card's values.
  const lastPaymentError = {
    charge: declined,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    message: 'Your card has insufficient funds.',
    payment_method: overlay(
      s.payment_method,
      {
        id: 'pm_1QxThrdFixture02CardDcl',
        // Stripe's test card for insufficient funds: 4000 0000 0000 9995.
        card: { last4: '9995' },
        created: 1741003260,
        metadata: {},
      },
      'payment_method',
    ),
    type: 'card_error',
  };

  return {
    'payment_intent.create.json': intent({ status: 'requires_payment_method' }),
    'payment_intent.requires_capture.json': intent({
      ...authorised,
      latest_charge: charge(uncaptured),
    }),
    // Captured 150.00 of 189.99: Stripe counts the other 39.99 refunded on the charge.
    'payment_intent.capture.json': intent({
      ...captured,
      latest_charge: charge({ ...capturedCharge, amount_refunded: 3999 }),
    }),
    // Then 50.00 given back: 89.99 counted refunded.
    'payment_intent.refunded.json': intent({
      ...captured,
      latest_charge: charge({ ...capturedCharge, amount_refunded: 8999 }),
    }),
    // The authorisation cancelled: all of it counted refunded, none of it taken.
    'payment_intent.canceled.json': intent({
      ...cancelled,
      latest_charge: charge({ ...uncaptured, amount_refunded: TOTAL, refunded: true }),
    }),
    'refund.create.json': overlay(
      s.refund,
      {
        id: 're_3QxThrdFixture01a2B3c4D0Rf',
        amount: 5000,
        charge: CHARGE,
        created: 1741089600,
        currency: 'usd',
        // A captured charge given back a day later is a refund, not a reversal of the hold.
        destination_details: { card: { type: 'refund' } },
        payment_intent: PI,
        status: 'succeeded',
      },
      'refund',
    ),
    // An event carries its object as it was, charges by id (never expanded).
    'event.amount_capturable_updated.json': event(
      'evt_3QxThrdFixture01a2B3c4D0Ev1',
      1741003320,
      'payment_intent.amount_capturable_updated',
      intent({ ...authorised, latest_charge: CHARGE }),
    ),
    'event.payment_failed.json': event(
      'evt_3QxThrdFixture01a2B3c4E0Ev2',
      1741003320,
      'payment_intent.payment_failed',
      intent({
        last_payment_error: lastPaymentError,
        latest_charge: declined,
        status: 'requires_payment_method',
      }),
    ),
    'event.charge_refunded.json': event(
      'evt_3QxThrdFixture01a2B3c4D0Ev3',
      1741003415,
      'charge.refunded',
      charge({ ...capturedCharge, amount_refunded: 8999 }),
    ),
    'event.customer_created.json': event(
      'evt_1QxThrdFixture09CustCrt',
      1741003320,
      'customer.created',
      overlay(s.customer, { id: 'cus_RqFixture0Cust', created: 1741003200 }, 'customer'),
    ),
    // Stripe's error bodies have no sample; this one (a capture refused) holds our payment.
    'error.payment_intent_unexpected_state.json': {
      error: {
        code: 'payment_intent_unexpected_state',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-unexpected-state',
        message:
          'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
        payment_intent: intent({ ...cancelled, latest_charge: CHARGE }),
        request_log_url: 'https://dashboard.stripe.com/test/logs/req_Ub3hWn7cYt5oLd?t=1741010400',
        type: 'invalid_request_error',
      },
    },
  };
}

export function readSamples(): StripeSamples {
  return JSON.parse(readFileSync(SAMPLES_FILE, 'utf8')) as StripeSamples;
}

async function main(args: string[]) {
  // Loaded here, not at the top: the fixtures' test imports this file and jest's sandbox cannot
  // load prettier (it imports modules dynamically).
  const { format, resolveConfig } = await import('prettier');
  const options = (await resolveConfig(SAMPLES_FILE)) ?? {};
  const write = async (file: string, value: unknown) =>
    writeFileSync(
      file,
      await format(JSON.stringify(value, null, 2), { ...options, parser: 'json' }),
    );
  if (args[0] === '--vendor') {
    const [, fixtures3, commit, tag] = args;
    if (!fixtures3 || !commit || !tag) {
      throw new Error('usage: --vendor <fixtures3.json> <commit> <tag>');
    }
    await write(SAMPLES_FILE, vendor(fixtures3, commit, tag));
  }
  for (const [name, fixture] of Object.entries(buildFixtures(readSamples()))) {
    await write(join(FIXTURES, name), fixture);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
