// stripeProvider with the real `stripe` client, pointed at a local server that answers with the
// fixtures (fixtures/stripe/README.md: Stripe's published samples with our story's values, not
// recordings): what the adapter asks of Stripe (method, path, form fields, idempotency key, secret
// key) and what it makes of each answer, refusal and signed event. No network, no real key.
import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import {
  NOTIFICATION_TOLERANCE_MS,
  type NotificationCheck,
  type PaymentProvider,
  type ProviderPayment,
  ProviderRefusal,
  ProviderUnavailable,
} from './paymentProvider';
import {
  NOT_A_PAYMENT_EVENT,
  STRIPE_API_VERSION,
  paymentOf,
  stripeProvider,
} from './stripeProvider';

const KEY = 'sk_test_fixture_51QxThrdNotARealKey00';
const WEBHOOK_SECRET = 'whsec_fixture_NotARealSigningSecret00';
const PI = 'pi_3QxThrdFixture01a2B3c4D';
const ORDER = '-Nstripefixture00001';
const TOTAL = { amount: 18999, currency: 'USD' } as const;

/** A fixture as parsed JSON; typed as Stripe's object only where the test reads or changes it. */
function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures/stripe', name), 'utf8')) as T;
}

/** One request the server received, decoded. */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

const seen: Seen[] = [];
const answers = new Map<string, { status: number; body: string }>();
let server: Server;
let provider: PaymentProvider;

/** The server answers `method path` with the fixture `name` (and `status`) from now on. */
function answer(method: string, path: string, name: string, status = 200) {
  answers.set(`${method} ${path}`, { status, body: JSON.stringify(fixture(name)) });
}

function serve(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? '';
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      seen.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        form: Object.fromEntries(form),
      });
      const unknown = {
        error: { type: 'api_error', message: `no fixture: ${method} ${url.pathname}` },
      };
      const { status, body } = answers.get(`${method} ${url.pathname}`) ?? {
        status: 500,
        body: JSON.stringify(unknown),
      };
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fixture' });
      res.end(body);
    });
  });
}

beforeAll(async () => {
  server = serve();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new Stripe(KEY, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    telemetry: false,
  });
  provider = stripeProvider({ secretKey: KEY, webhookSecret: WEBHOOK_SECRET, client });
});

afterAll(async () => {
  // The client keeps its connections alive; close them so the server can stop.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answers.clear();
});

/** What every request carries: the secret key and the pinned API version. */
function expectSigned(request: Seen | undefined) {
  expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
}

const payment = (fields: Partial<ProviderPayment>): ProviderPayment => ({
  id: PI,
  status: 'awaiting-card',
  amount: TOTAL,
  captured: 0,
  refunded: 0,
  reference: ORDER,
  ...fields,
});

describe('stripeProvider: requests and answers', () => {
  it('creates a card payment to authorise, with the idempotency key and the order as metadata', async () => {
    answer('POST', '/v1/payment_intents', 'payment_intent.create.json');
    const created = await provider.create({
      amount: TOTAL,
      reference: ORDER,
      description: `Threadline order ${ORDER}`,
      idempotencyKey: `payment-${ORDER}`,
    });

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.form).toEqual({
      amount: '18999',
      currency: 'usd',
      capture_method: 'manual',
      'payment_method_types[0]': 'card',
      description: `Threadline order ${ORDER}`,
      'metadata[orderKey]': ORDER,
    });
    expect(request?.headers['idempotency-key']).toBe(`payment-${ORDER}`);
    expectSigned(request);
    expect(created).toEqual({
      clientSecret: `${PI}_secret_Qm7vYtKf2ZpLwR9xNc4HsEaJd`,
      payment: payment({}),
    });
  });

  it('retrieves a payment with its latest charge expanded', async () => {
    answer('GET', `/v1/payment_intents/${PI}`, 'payment_intent.requires_capture.json');

    expect(await provider.retrieve(PI)).toEqual(payment({ status: 'authorised' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', query: { 'expand[0]': 'latest_charge' } });
    expectSigned(seen[0]);
  });

  it('captures part of a payment: the rest Stripe calls refunded is not counted as given back', async () => {
    answer('POST', `/v1/payment_intents/${PI}/capture`, 'payment_intent.capture.json');

    const captured = await provider.capture(PI, 15000);
    expect(seen[0]?.form).toEqual({ amount_to_capture: '15000', 'expand[0]': 'latest_charge' });
    expectSigned(seen[0]);
    // The fixture's charge has amount_refunded 3999: the part of the authorisation released.
    expect(captured).toEqual(payment({ status: 'captured', captured: 15000, refunded: 0 }));
  });

  it('captures all of a payment when no amount is given', async () => {
    answer('POST', `/v1/payment_intents/${PI}/capture`, 'payment_intent.capture.json');

    await provider.capture(PI);
    expect(seen[0]?.form).toEqual({ 'expand[0]': 'latest_charge' });
  });

  it('cancels a payment: the released authorisation is neither taken nor given back', async () => {
    answer('POST', `/v1/payment_intents/${PI}/cancel`, 'payment_intent.canceled.json');

    expect(await provider.cancel(PI)).toEqual(payment({ status: 'cancelled' }));
    expect(seen[0]).toMatchObject({ method: 'POST', form: { 'expand[0]': 'latest_charge' } });
    expectSigned(seen[0]);
  });

  it('refunds with the idempotency key, then re-reads the payment', async () => {
    answer('POST', '/v1/refunds', 'refund.create.json');
    answer('GET', `/v1/payment_intents/${PI}`, 'payment_intent.refunded.json');

    const refunded = await provider.refund(PI, 5000, `refund-${ORDER}-1`);
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/refunds',
      `GET /v1/payment_intents/${PI}`,
    ]);
    expect(seen[0]?.form).toEqual({ payment_intent: PI, amount: '5000' });
    expect(seen[0]?.headers['idempotency-key']).toBe(`refund-${ORDER}-1`);
    expectSigned(seen[0]);
    expect(refunded).toEqual({
      refundId: 're_3QxThrdFixture01a2B3c4D0Rf',
      // 8999 counted refunded on the charge: 3999 released at capture and 5000 given back.
      payment: payment({ status: 'captured', captured: 15000, refunded: 5000 }),
    });
  });
});

describe('stripeProvider: refusals and errors', () => {
  it("answers an unknown payment as the interface's not_found refusal", async () => {
    answer('GET', `/v1/payment_intents/${PI}`, 'error.resource_missing.json', 404);

    const refusal = await provider.retrieve(PI).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderRefusal);
    expect(refusal).toMatchObject({
      code: 'not_found',
      message: "No such payment_intent: 'pi_3QxThrdFixtureMissing0'",
    });
  });

  it('answers a capture in the wrong state as a payment_state refusal', async () => {
    const path = `/v1/payment_intents/${PI}/capture`;
    answer('POST', path, 'error.payment_intent_unexpected_state.json', 400);

    const refusal = await provider.capture(PI).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderRefusal);
    expect(refusal).toMatchObject({
      code: 'payment_state',
      message: expect.stringContaining('it has a status of canceled'),
    });
  });

  it('throws the errors that are not a refusal of the payment: a bad key, a failure of Stripe', async () => {
    answer('GET', `/v1/payment_intents/${PI}`, 'error.authentication.json', 401);
    const badKey = await provider.retrieve(PI).catch((error: unknown) => error);
    expect(badKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    answer('POST', '/v1/refunds', 'error.api_error.json', 500);
    const failure = await provider.refund(PI, 5000, 'refund-x').catch((error: unknown) => error);
    // Stripe's own failure: unavailable for now, to be tried again; not a refusal.
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

describe('paymentOf', () => {
  const created = fixture<Stripe.PaymentIntent>('payment_intent.create.json');

  it.each([
    ['requires_payment_method', 'awaiting-card'],
    ['requires_confirmation', 'awaiting-card'],
    ['requires_action', 'awaiting-action'],
    ['processing', 'awaiting-action'],
    ['requires_capture', 'authorised'],
    ['succeeded', 'captured'],
    ['canceled', 'cancelled'],
  ] as const)('maps %s to %s', (status, ours) => {
    expect(paymentOf({ ...created, status }).status).toBe(ours);
  });

  it("takes a decline's bank reason and its words for the shopper", () => {
    const event = fixture<Stripe.PaymentIntentPaymentFailedEvent>('event.payment_failed.json');
    expect(paymentOf(event.data.object).lastError).toEqual({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses a currency the shop does not charge in', () => {
    expect(() => paymentOf({ ...created, currency: 'jpy' })).toThrow(/jpy/);
  });
});

describe('stripeProvider: notifications', () => {
  /** When the fixtures' events are signed, and the receiving clock a little later. */
  const SIGNED_AT = 1_741_003_440;
  const NOW = SIGNED_AT * 1000 + 30_000;

  const stripe = new Stripe(KEY);
  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = SIGNED_AT) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  /** Delivers `body` as Stripe would, signed unless a header is given. */
  function deliver(body: string, header = sign(body), now = NOW): Promise<NotificationCheck> {
    return provider.verifyNotification(Buffer.from(body), { 'stripe-signature': header }, now);
  }

  const text = (name: string) => JSON.stringify(fixture(name));
  const authorised = fixture<Stripe.PaymentIntentAmountCapturableUpdatedEvent>(
    'event.amount_capturable_updated.json',
  );

  it('accepts a genuine event and maps its payment, as it was then', async () => {
    expect(await deliver(text('event.amount_capturable_updated.json'))).toEqual({
      ok: true,
      notification: {
        id: 'evt_3QxThrdFixture01a2B3c4D0Ev1',
        type: 'authorised',
        payment: payment({ status: 'authorised' }),
      },
    });
    expect(seen).toEqual([]);
  });

  it('maps a failed payment as declined, with the reason', async () => {
    const check = await deliver(text('event.payment_failed.json'));
    expect(check).toMatchObject({
      ok: true,
      notification: {
        type: 'declined',
        payment: { status: 'awaiting-card', lastError: { code: 'insufficient_funds' } },
      },
    });
  });

  it('maps a refunded charge to its payment, re-read from Stripe', async () => {
    answer('GET', `/v1/payment_intents/${PI}`, 'payment_intent.refunded.json');

    expect(await deliver(text('event.charge_refunded.json'))).toEqual({
      ok: true,
      notification: {
        id: 'evt_3QxThrdFixture01a2B3c4D0Ev3',
        type: 'refunded',
        payment: payment({ status: 'captured', captured: 15000, refunded: 5000 }),
      },
    });
    expect(seen).toMatchObject([
      { method: 'GET', path: `/v1/payment_intents/${PI}`, query: { 'expand[0]': 'latest_charge' } },
    ]);
  });

  /** A payment as an event carries it: its charge by id, never expanded. */
  const asInEvent = (intent: Stripe.PaymentIntent): Stripe.PaymentIntent => {
    const charge = intent.latest_charge;
    return { ...intent, latest_charge: typeof charge === 'object' && charge ? charge.id : charge };
  };
  const requiresAction: Stripe.PaymentIntent = {
    ...asInEvent(fixture('payment_intent.requires_capture.json')),
    amount_capturable: 0,
    latest_charge: null,
    next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
    status: 'requires_action',
  };

  it.each([
    ['payment_intent.requires_action', 'action-required', 'awaiting-action', requiresAction],
    ['payment_intent.succeeded', 'captured', 'captured', fixture('payment_intent.capture.json')],
    ['payment_intent.canceled', 'cancelled', 'cancelled', fixture('payment_intent.canceled.json')],
  ] as const)('maps %s to %s', async (type, notification, status, intent) => {
    const object = asInEvent(intent as Stripe.PaymentIntent);
    const event = { ...authorised, id: 'evt_3QxThrdFixture01a2B3c4D0Ev9', type, data: { object } };

    const check = await deliver(JSON.stringify(event));
    expect(check).toMatchObject({
      ok: true,
      notification: { id: event.id, type: notification, payment: { status, reference: ORDER } },
    });
  });

  it('refuses a signature made with another secret', async () => {
    const body = text('event.amount_capturable_updated.json');
    const check = await deliver(body, sign(body, 'whsec_fixture_SomeoneElsesSecret00'));
    expect(check).toEqual({
      ok: false,
      reason: expect.stringMatching(/^not a genuine Stripe event/),
    });
  });

  it('refuses a body altered after signing', async () => {
    const body = text('event.amount_capturable_updated.json');
    const altered = body.replace('"amount":18999', '"amount":1');
    expect(altered).not.toBe(body);
    expect(await deliver(altered, sign(body))).toMatchObject({ ok: false });
  });

  it('refuses an event older than the tolerance, counted from `now`, not the real clock', async () => {
    const body = text('event.amount_capturable_updated.json');
    const tolerance = NOTIFICATION_TOLERANCE_MS / 1000;
    const at = (seconds: number) => sign(body, WEBHOOK_SECRET, seconds);

    expect(await deliver(body, at(NOW / 1000 - tolerance + 1))).toMatchObject({ ok: true });
    expect(await deliver(body, at(NOW / 1000 - tolerance - 1))).toEqual({
      ok: false,
      reason: 'not a genuine Stripe event: Timestamp outside the tolerance zone',
    });
    // Signed just now by the real clock, but received (says `now`) past the tolerance.
    const justNow = Math.floor(Date.now() / 1000);
    const late = (justNow + tolerance + 5) * 1000;
    expect(await deliver(body, at(justNow), late)).toMatchObject({ ok: false });
  });

  it('refuses a delivery with no signature, or a header that is not one', async () => {
    const body = text('event.amount_capturable_updated.json');
    expect(await provider.verifyNotification(body, {}, NOW)).toEqual({
      ok: false,
      reason: 'no stripe-signature header',
    });
    expect(await deliver(body, 'garbage')).toMatchObject({ ok: false });
  });

  it('answers a genuine event of another type ok:false, for the caller to answer 200 and ignore', async () => {
    expect(await deliver(text('event.customer_created.json'))).toEqual({
      ok: false,
      ignore: true,
      reason: `${NOT_A_PAYMENT_EVENT}: customer.created`,
    });
  });

  it("answers a genuine event about a payment that is not the shop's ok:false too", async () => {
    // Another integration's payment on the same account: no orderKey, any currency.
    const object = { ...authorised.data.object, currency: 'jpy', metadata: {} };
    const body = JSON.stringify({ ...authorised, data: { object } });
    expect(await deliver(body)).toEqual({
      ok: false,
      ignore: true,
      reason: `${NOT_A_PAYMENT_EVENT}: payment_intent.amount_capturable_updated about ${PI}, not the shop's payment`,
    });
  });

  it('takes the raw body as a string too', async () => {
    const body = text('event.amount_capturable_updated.json');
    const check = await provider.verifyNotification(body, { 'stripe-signature': sign(body) }, NOW);
    expect(check).toMatchObject({ ok: true });
  });
});
