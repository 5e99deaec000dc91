// The Stripe adapter's fixtures against Stripe's published samples (fixtures/stripe/README.md,
// decision 5301): each Stripe object in them has exactly the fields of Stripe's sample of its
// resource (stripe-samples.json), its enum-like fields hold values Stripe allows, and the files
// are what functions/scripts/stripe-fixtures.ts builds, so a fixture is edited there.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import {
  FIXTURES,
  type Json,
  NOT_SENT,
  RESOURCES,
  type Resource,
  buildFixtures,
  readSamples,
} from '../../scripts/stripe-fixtures';
import { STRIPE_API_VERSION } from './stripeProvider';

const samples = readSamples();
const files = readdirSync(FIXTURES).filter(
  (name) => name.endsWith('.json') && name !== 'stripe-samples.json',
);
const read = (name: string): Json => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Json;

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isResource = (name: Json | undefined): name is Resource =>
  typeof name === 'string' && (RESOURCES as readonly string[]).includes(name);

/** Every Stripe object (one with an `object` name) in `value`, with where it is. */
function stripeObjects(value: Json, where: string): { where: string; object: JsonObject }[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => stripeObjects(item, `${where}[${i}]`));
  if (!isObject(value)) return [];
  const inside = Object.entries(value).flatMap(([key, item]) =>
    stripeObjects(item, `${where}.${key}`),
  );
  return typeof value.object === 'string' ? [{ where, object: value }, ...inside] : inside;
}

const found = files.flatMap((name) => stripeObjects(read(name), name));
const of = (resource: Resource) => found.filter(({ object }) => object.object === resource);

/**
 * The values Stripe allows, as the `stripe` package (2025-02-24.acacia) lists them in its types:
 * a `Record` over the package's own union, so that tsc fails if the package adds or drops one.
 */
const allowed = (values: Record<string, true>) => Object.keys(values);
const PAYMENT_INTENT_STATUSES = allowed({
  requires_payment_method: true,
  requires_confirmation: true,
  requires_action: true,
  processing: true,
  requires_capture: true,
  canceled: true,
  succeeded: true,
} satisfies Record<Stripe.PaymentIntent.Status, true>);
const CAPTURE_METHODS = allowed({
  automatic: true,
  automatic_async: true,
  manual: true,
} satisfies Record<Stripe.PaymentIntent.CaptureMethod, true>);
const CHARGE_STATUSES = allowed({
  failed: true,
  pending: true,
  succeeded: true,
} satisfies Record<Stripe.Charge.Status, true>);
const ERROR_TYPES = allowed({
  api_error: true,
  card_error: true,
  idempotency_error: true,
  invalid_request_error: true,
} satisfies Record<Stripe.PaymentIntent.LastPaymentError.Type, true>);
// A refund's status is a string in the package's types; its comment (Refunds.d.ts) lists these.
const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'];
// Refund.DestinationDetails.Card.Type (Refunds.d.ts).
const REFUND_CARD_TYPES = allowed({
  pending: true,
  refund: true,
  reversal: true,
} satisfies Record<Stripe.Refund.DestinationDetails.Card.Type, true>);

describe("Stripe's samples", () => {
  it('name where they come from: a file of stripe/openapi at one commit', () => {
    expect(samples.source).toMatchObject({
      repository: 'https://github.com/stripe/openapi',
      path: 'openapi/fixtures3.json',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it.each(RESOURCES)('hold one %s', (resource) => {
    expect(samples.resources[resource].object).toBe(resource);
  });
});

describe('the Stripe fixtures', () => {
  it('are Stripe objects, but for the error bodies (Stripe publishes no sample of those)', () => {
    const without = files.filter((name) => !found.some(({ where }) => where === name));
    expect(without.sort()).toEqual([
      'error.api_error.json',
      'error.authentication.json',
      'error.payment_intent_unexpected_state.json',
      'error.resource_missing.json',
    ]);
    for (const { where, object } of found) {
      expect({ where, resource: isResource(object.object) }).toEqual({ where, resource: true });
    }
  });

  it.each(RESOURCES.filter((resource) => resource !== 'event'))(
    "have, in each %s, exactly the fields of Stripe's sample",
    (resource) => {
      const notSent = NOT_SENT[resource] ?? [];
      const fields = Object.keys(samples.resources[resource])
        .filter((key) => !notSent.includes(key))
        .sort();
      expect(of(resource).length).toBeGreaterThan(0);
      for (const { where, object } of of(resource)) {
        expect({ where, fields: Object.keys(object).sort() }).toEqual({ where, fields });
      }
    },
  );

  it("have, in each event, exactly the fields of Stripe's sample, its data too", () => {
    const sample = samples.resources.event;
    const data = sample.data as JsonObject;
    expect(of('event')).toHaveLength(4);
    for (const { where, object } of of('event')) {
      expect({ where, fields: Object.keys(object).sort() }).toEqual({
        where,
        fields: Object.keys(sample).sort(),
      });
      expect(Object.keys(object.data as JsonObject)).toEqual(Object.keys(data));
      // The version of our webhook endpoint, the one the adapter reads.
      expect(object.api_version).toBe(STRIPE_API_VERSION);
    }
  });

  it('hold values Stripe allows in their enum-like fields', () => {
    const values = (resource: Resource, pick: (object: JsonObject) => Json | undefined) =>
      of(resource).map(({ where, object }) => ({ where, value: pick(object) }));
    const expectIn = (list: string[], seen: { where: string; value: Json | undefined }[]) => {
      expect(seen.length).toBeGreaterThan(0);
      for (const { where, value } of seen) {
        const ok = typeof value === 'string' && list.includes(value);
        expect({ where, value, ok }).toEqual({ where, value, ok: true });
      }
    };
    expectIn(
      PAYMENT_INTENT_STATUSES,
      values('payment_intent', (pi) => pi.status),
    );
    expectIn(
      CAPTURE_METHODS,
      values('payment_intent', (pi) => pi.capture_method),
    );
    expectIn(
      CHARGE_STATUSES,
      values('charge', (charge) => charge.status),
    );
    expectIn(
      REFUND_STATUSES,
      values('refund', (refund) => refund.status),
    );
    expectIn(
      REFUND_CARD_TYPES,
      values('refund', (refund) => {
        const details = refund.destination_details;
        return isObject(details) && isObject(details.card) ? details.card.type : undefined;
      }),
    );
    const errors = of('payment_intent').filter(({ object }) => object.last_payment_error !== null);
    expectIn(
      ERROR_TYPES,
      errors.map(({ where, object }) => ({
        where,
        value: isObject(object.last_payment_error) ? object.last_payment_error.type : undefined,
      })),
    );
  });

  it('are what functions/scripts/stripe-fixtures.ts builds from the samples', () => {
    const built = buildFixtures(samples);
    for (const [name, fixture] of Object.entries(built)) {
      expect({ name, fixture: read(name) }).toEqual({ name, fixture });
    }
    // Each file but the hand-written error bodies is built.
    expect(files.filter((name) => !(name in built)).sort()).toEqual([
      'error.api_error.json',
      'error.authentication.json',
      'error.resource_missing.json',
    ]);
  });
});
