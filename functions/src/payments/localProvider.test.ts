// The trusted side's adapter of the local test card provider (decision 5301), against a real
// provider on a free port: payments made, taken, released and refunded through the interface,
// refusals as ProviderRefusal, and notifications checked as a receiver gets them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createProviderServer,
  signPayload,
  type ProviderServer,
} from '../../../payment-provider/src/createServer';
import { localProvider } from './localProvider';
import {
  NOTIFICATION_TOLERANCE_MS,
  type PaymentProvider,
  ProviderRefusal,
  ProviderUnavailable,
} from './paymentProvider';

const SECRET_KEY = 'sk_test_adapter';
const WEBHOOK_SECRET = 'whsec_test_adapter';

interface Received {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

let server: ProviderServer;
let providerUrl: string;
let provider: PaymentProvider;
const received: Received[] = [];
let receiver: ReturnType<typeof createServer>;

beforeAll(async () => {
  // The shop's notification endpoint, as far as these tests need one: the bytes and headers kept.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  server = createProviderServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/paymentNotification`,
    log: () => undefined,
  });
  providerUrl = await server.listen(0);
  provider = localProvider({
    url: providerUrl,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  await server.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

let keys = 0;
const newPayment = (amount = 18999, reference = `order-${(keys += 1)}`) =>
  provider.create({
    amount: { amount, currency: 'EUR' },
    reference,
    description: `Order ${reference}`,
    idempotencyKey: `create-${reference}`,
  });

/** The shopper's card, as the hosted fields send it (the client secret, not the secret key). */
async function payWith(clientSecret: string, number: string): Promise<void> {
  const id = clientSecret.split('_secret_')[0];
  const response = await fetch(`${providerUrl}/v1/payments/${id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientSecret, number, expMonth: 12, expYear: 2099, cvc: '123' }),
  });
  if (!response.ok) throw new Error(`confirm: HTTP ${response.status}`);
}

async function authorised(amount?: number) {
  const { payment, clientSecret } = await newPayment(amount);
  await payWith(clientSecret, '4242 4242 4242 4242');
  return payment.id;
}

const refusedWith = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderRefusal);
  expect(error).toMatchObject({ code, message: expect.any(String) });
};

describe('payments through the adapter', () => {
  it('is the local provider', () => {
    expect(provider.name).toBe('local');
  });

  it('creates a payment awaiting a card, its amount as Money', async () => {
    const { payment, clientSecret } = await newPayment(4999, 'order-money');
    expect(payment).toEqual({
      id: expect.stringMatching(/^pay_/),
      status: 'awaiting-card',
      amount: { amount: 4999, currency: 'EUR' },
      captured: 0,
      refunded: 0,
      reference: 'order-money',
    });
    expect(clientSecret).toMatch(new RegExp(`^${payment.id}_secret_`));
  });

  it('gives the same payment for the same idempotency key', async () => {
    const first = await newPayment(1000, 'order-again');
    const second = await newPayment(1000, 'order-again');
    expect(second).toEqual(first);
  });

  it('retrieves a payment as the card left it, a decline with its reason', async () => {
    const { payment, clientSecret } = await newPayment();
    await payWith(clientSecret, '4000 0000 0000 0002');
    expect(await provider.retrieve(payment.id)).toMatchObject({
      id: payment.id,
      status: 'awaiting-card',
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    await payWith(clientSecret, '4242 4242 4242 4242');
    const retrieved = await provider.retrieve(payment.id);
    expect(retrieved.status).toBe('authorised');
    expect(retrieved.lastError).toBeUndefined();
  });

  it('captures all of an authorised payment, or part of it', async () => {
    const whole = await authorised(5000);
    expect(await provider.capture(whole)).toMatchObject({ status: 'captured', captured: 5000 });
    const part = await authorised(5000);
    expect(await provider.capture(part, 1200)).toMatchObject({
      status: 'captured',
      captured: 1200,
      amount: { amount: 5000, currency: 'EUR' },
    });
  });

  it('cancels a payment not captured', async () => {
    const id = await authorised();
    expect(await provider.cancel(id)).toMatchObject({ id, status: 'cancelled' });
  });

  it('refunds part of a capture, once per key', async () => {
    const id = await authorised(3000);
    await provider.capture(id);
    const first = await provider.refund(id, 1000, 'refund-1');
    expect(first).toEqual({
      refundId: expect.stringMatching(/^re_/),
      payment: expect.objectContaining({ id, captured: 3000, refunded: 1000 }),
    });
    const replayed = await provider.refund(id, 1000, 'refund-1');
    expect(replayed.refundId).toBe(first.refundId);
    expect((await provider.retrieve(id)).refunded).toBe(1000);
  });
});

describe('refusals', () => {
  it('maps the provider’s refusals to ProviderRefusal with its code', async () => {
    await refusedWith(provider.retrieve('pay_unknown'), 'not_found');
    const { payment } = await newPayment();
    await refusedWith(provider.capture(payment.id), 'payment_state');
    const id = await authorised(2000);
    await refusedWith(provider.capture(id, 2001), 'amount_too_large');
    await provider.capture(id);
    await refusedWith(provider.refund(id, 2001, 'refund-over'), 'amount_too_large');
    await refusedWith(provider.cancel(id), 'payment_state');
    await refusedWith(newPayment(0, 'order-zero'), 'invalid_request');
  });

  it('refuses a wrong secret key as unauthorized', async () => {
    const stranger = localProvider({ url: providerUrl, secretKey: 'sk_wrong', webhookSecret: '' });
    await refusedWith(stranger.retrieve('pay_any'), 'unauthorized');
  });

  it('throws an Error, not a refusal, when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = localProvider({
      url: `http://127.0.0.1:${port}`,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const error = await gone.retrieve('pay_any').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(String(error)).toMatch(/unreachable/);
  });

  it('throws an Error for a failure or an answer that is not a payment', async () => {
    const answering = (status: number, body: unknown) =>
      localProvider({
        url: providerUrl,
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        fetch: async () => new Response(JSON.stringify(body), { status }),
      });
    const failed = answering(500, { error: { code: 'internal', message: 'The provider failed.' } });
    const failure = await failed.retrieve('pay_any').catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(ProviderUnavailable);
    expect(String(failure)).toMatch(/HTTP 500/);
    const odd = answering(200, { payment: { id: 'pay_1', status: 'paid' } });
    await expect(odd.retrieve('pay_1')).rejects.toThrow(/without a valid payment/);
  });
});

describe('notifications', () => {
  /** The notification the provider sent about `id` (as the receiver got it). */
  async function notificationOf(id: string, type: string): Promise<Received> {
    for (let waited = 0; waited < 5_000; waited += 10) {
      const found = received.find(({ rawBody }) => {
        const event = JSON.parse(rawBody.toString()) as { type: string; payment: { id: string } };
        return event.payment.id === id && event.type === type;
      });
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} notification of ${id}`);
  }

  const signedNow = (body: string, secret = WEBHOOK_SECRET, at = Date.now()) => ({
    'threadline-signature': signPayload(body, secret, Math.floor(at / 1000)),
  });

  it('accepts a genuine one, as our notification', async () => {
    const id = await authorised(7500);
    const { headers, rawBody } = await notificationOf(id, 'payment.authorised');
    const check = await provider.verifyNotification(rawBody, headers, Date.now());
    expect(check).toEqual({
      ok: true,
      notification: {
        id: expect.stringMatching(/^evt_/),
        type: 'authorised',
        payment: expect.objectContaining({
          id,
          status: 'authorised',
          amount: { amount: 7500, currency: 'EUR' },
        }),
      },
    });
    // The same bytes as a string: the same answer.
    expect(await provider.verifyNotification(rawBody.toString(), headers, Date.now())).toEqual(
      check,
    );
  });

  it.each([
    ['payment.captured', 'captured'],
    ['payment.cancelled', 'cancelled'],
    ['payment.refunded', 'refunded'],
    ['payment.declined', 'declined'],
    ['payment.action_required', 'action-required'],
  ])('maps %s to %s', async (providerType, ours) => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: providerType,
      created: 1,
      payment: {
        id: 'pay_1',
        status: 'captured',
        amount: 100,
        currency: 'GBP',
        reference: 'order-1',
        description: '',
        captured: 100,
        refunded: 0,
        created: 1,
      },
    });
    const check = await provider.verifyNotification(body, signedNow(body), Date.now());
    expect(check).toMatchObject({ ok: true, notification: { type: ours } });
  });

  it('refuses a forged signature', async () => {
    const id = await authorised();
    const { rawBody } = await notificationOf(id, 'payment.authorised');
    const body = rawBody.toString();
    const check = await provider.verifyNotification(
      body,
      signedNow(body, 'whsec_guess'),
      Date.now(),
    );
    expect(check).toEqual({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it('refuses an altered body', async () => {
    const id = await authorised(1000);
    const { headers, rawBody } = await notificationOf(id, 'payment.authorised');
    const altered = rawBody.toString().replace('"amount":1000', '"amount":1');
    expect(altered).not.toBe(rawBody.toString());
    const check = await provider.verifyNotification(altered, headers, Date.now());
    expect(check).toEqual({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it('refuses a stale notification, or one dated ahead, genuine as it may be', async () => {
    const id = await authorised();
    const { headers, rawBody } = await notificationOf(id, 'payment.authorised');
    const later = Date.now() + NOTIFICATION_TOLERANCE_MS + 60_000;
    const stale = await provider.verifyNotification(rawBody, headers, later);
    expect(stale).toEqual({ ok: false, reason: expect.stringMatching(/timestamp/) });
    const body = rawBody.toString();
    const ahead = signedNow(body, WEBHOOK_SECRET, Date.now() + NOTIFICATION_TOLERANCE_MS + 60_000);
    expect(await provider.verifyNotification(body, ahead, Date.now())).toMatchObject({ ok: false });
    // Within the tolerance, it stands.
    const recent = Date.now() + NOTIFICATION_TOLERANCE_MS - 60_000;
    expect(await provider.verifyNotification(rawBody, headers, recent)).toMatchObject({ ok: true });
  });

  it.each([
    ['no signature header', {}],
    ['an empty header', { 'threadline-signature': '' }],
    ['no timestamp', { 'threadline-signature': `v1=${'a'.repeat(64)}` }],
    ['no v1', { 'threadline-signature': 't=1700000000' }],
    ['a v1 not hex', { 'threadline-signature': `t=1700000000,v1=${'z'.repeat(64)}` }],
    ['two headers', { 'threadline-signature': ['t=1,v1=a', 't=2,v1=b'] }],
  ])('refuses %s', async (_name, headers) => {
    const check = await provider.verifyNotification('{}', headers, Date.now());
    expect(check).toEqual({ ok: false, reason: expect.stringMatching(/signature header/) });
  });

  it.each([
    ['not JSON', 'payment authorised'],
    ['an unknown type', JSON.stringify({ id: 'evt_1', type: 'payment.paid', payment: {} })],
    ['no payment', JSON.stringify({ id: 'evt_1', type: 'payment.authorised' })],
    ['no id', JSON.stringify({ type: 'payment.authorised', payment: {} })],
    ['an inherited type', JSON.stringify({ id: 'evt_1', type: 'toString', payment: {} })],
  ])('refuses a signed body that is %s', async (_name, body) => {
    const check = await provider.verifyNotification(body, signedNow(body), Date.now());
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/body/) });
  });

  it('reads the header whatever its case', async () => {
    const id = await authorised();
    const { rawBody } = await notificationOf(id, 'payment.authorised');
    const body = rawBody.toString();
    const headers = { 'Threadline-Signature': signedNow(body)['threadline-signature'] };
    expect(await provider.verifyNotification(body, headers, Date.now())).toMatchObject({
      ok: true,
    });
  });
});
