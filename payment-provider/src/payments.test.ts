// The provider's API over real HTTP (decision 5301): who may call it, what it refuses, the test
// cards, the bank's second step, capture, cancel and refunds, and idempotency keys.
import { CARDS, cardDetails, startProvider, type TestProvider } from './testing/providerTestServer';

let provider: TestProvider;
let api: TestProvider['api'];
beforeAll(async () => {
  provider = await startProvider();
  api = provider.api;
});
afterAll(() => provider.server.close());

const refusal = (code: string) => ({ error: { code, message: expect.any(String) } });

describe('who may call it', () => {
  it('answers its health to anyone', async () => {
    const answer = await api.call('GET', '/v1/health', { token: null });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });

  it.each([
    ['no key', null],
    ['a wrong key', 'sk_wrong'],
    ['the webhook secret', 'whsec_test_provider'],
  ])('refuses the trusted side’s routes with %s (401)', async (_name, token) => {
    const { body } = await api.create();
    const { id } = body.payment;
    for (const [method, path] of [
      ['POST', '/v1/payments'],
      ['GET', `/v1/payments/${id}`],
      ['GET', '/v1/payments?reference=order-1'],
      ['POST', `/v1/payments/${id}/capture`],
      ['POST', `/v1/payments/${id}/cancel`],
      ['POST', `/v1/payments/${id}/refunds`],
      ['GET', '/v1/events'],
    ] as const) {
      const sent = method === 'POST' ? {} : undefined;
      const answer = await api.call(method, path, { token, idempotencyKey: 'k', body: sent });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({
        method,
        path,
        status: 401,
        body: refusal('unauthorized'),
      });
    }
    expect((await api.retrieve(id)).body.payment.status).toBe('awaiting-card');
  });

  it('takes a card only with the payment’s own client secret', async () => {
    const first = await api.create();
    const second = await api.create();
    const wrong = await api.call('POST', `/v1/payments/${first.body.payment.id}/confirm`, {
      token: null,
      body: { clientSecret: second.body.clientSecret, ...cardDetails(CARDS.authorised) },
    });
    expect(wrong).toMatchObject({ status: 401, body: refusal('unauthorized') });
    const none = await api.call('POST', `/v1/payments/${first.body.payment.id}/confirm`, {
      body: cardDetails(CARDS.authorised),
    });
    expect(none).toMatchObject({ status: 401, body: refusal('unauthorized') });
    expect((await api.retrieve(first.body.payment.id)).body.payment.status).toBe('awaiting-card');
  });

  it('takes the browser’s steps as JSON only (no cross-site form post)', async () => {
    const { body } = await api.create();
    const answer = await api.call('POST', `/v1/payments/${body.payment.id}/confirm`, {
      token: null,
      headers: { 'Content-Type': 'text/plain' },
      body: { clientSecret: body.clientSecret, ...cardDetails(CARDS.authorised) },
    });
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });
});

describe('a new payment', () => {
  it('is awaiting a card, with a client secret naming it', async () => {
    const { status, body } = await api.create({
      amount: 4500,
      currency: 'GBP',
      reference: 'A-1_b',
    });
    expect(status).toBe(200);
    expect(body.payment).toEqual({
      id: expect.stringMatching(/^pay_[A-Za-z0-9]+$/),
      status: 'awaiting-card',
      amount: 4500,
      currency: 'GBP',
      reference: 'A-1_b',
      description: 'Order',
      captured: 0,
      refunded: 0,
      created: expect.any(Number),
    });
    expect(Math.abs(body.payment.created - Date.now() / 1000)).toBeLessThan(5);
    expect(body.clientSecret).toMatch(new RegExp(`^${body.payment.id}_secret_[A-Za-z0-9]{24}$`));
  });

  // prettier-ignore
  it.each([
    ['amount 0', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['a fractional amount', { amount: 189.99 }],
    ['an amount as text', { amount: '18999' }],
    ['an unsafe integer', { amount: 2 ** 53 }],
    ['another currency', { currency: 'JPY' }],
    ['a lower-case currency', { currency: 'usd' }],
    ['an empty reference', { reference: '' }],
    ['a reference of 65 characters', { reference: 'r'.repeat(65) }],
    ['a reference with a space', { reference: 'order 1' }],
    ['a reference with a slash', { reference: 'order/1' }],
    ['a description that is not text', { description: 5 }],
  ])('refuses %s (400)', async (_name, input) => {
    const answer = await api.create(input);
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });

  it('accepts a reference of 64 characters', async () => {
    expect((await api.create({ reference: 'r'.repeat(64) })).status).toBe(200);
  });

  it('requires an Idempotency-Key', async () => {
    const answer = await api.call('POST', '/v1/payments', {
      body: { amount: 100, currency: 'USD', reference: 'no-key', description: '' },
    });
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
    const listed = await api.call('GET', '/v1/payments?reference=no-key');
    expect(listed.body.payments).toEqual([]);
  });

  it('is the same payment and secret when its key is sent again, and one payment in all', async () => {
    const input = { reference: 'order-idem', amount: 2500 };
    const first = await api.create(input, 'create-idem');
    const second = await api.create(input, 'create-idem');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const listed = await api.call('GET', '/v1/payments?reference=order-idem');
    expect(listed.body.payments).toEqual([first.body.payment]);
  });

  it('with the same key and another body is refused as a conflict (409)', async () => {
    await api.create({ reference: 'order-conflict' }, 'create-conflict');
    const other = await api.create({ reference: 'order-conflict', amount: 1 }, 'create-conflict');
    expect(other).toMatchObject({ status: 409, body: refusal('idempotency_conflict') });
  });

  it('with another key is another payment of the same reference', async () => {
    await api.create({ reference: 'order-twice' });
    await api.create({ reference: 'order-twice' });
    const listed = await api.call('GET', '/v1/payments?reference=order-twice');
    expect(listed.body.payments).toHaveLength(2);
  });
});

describe('the test cards', () => {
  it('authorises 4242 4242 4242 4242', async () => {
    const { id, confirmed } = await api.paidWith(CARDS.authorised);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { status: 'authorised', amount: 18999, currency: 'USD' },
    });
    expect(confirmed.body.lastError).toBeUndefined();
    expect((await api.retrieve(id)).body.payment.status).toBe('authorised');
  });

  it.each([
    [CARDS.declined, 'card_declined', 'Your card was declined.'],
    [CARDS.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
    [CARDS.unknown, 'card_not_supported', 'This test provider accepts only its test cards.'],
  ])('declines %s with %s, and takes another card after', async (card, code, message) => {
    const { id, clientSecret, confirmed } = await api.paidWith(card);
    expect(confirmed.body).toEqual({
      status: 'awaiting-card',
      amount: 18999,
      currency: 'USD',
      lastError: { code, message },
    });
    expect((await api.retrieve(id)).body.payment).toMatchObject({
      status: 'awaiting-card',
      lastError: { code, message },
    });
    const retried = await api.confirm(clientSecret, cardDetails(CARDS.authorised));
    expect(retried.body.status).toBe('authorised');
    expect((await api.retrieve(id)).body.payment.lastError).toBeUndefined();
  });

  it('ignores spaces and takes a two-digit year', async () => {
    const { body } = await api.create();
    const answer = await api.confirm(body.clientSecret, {
      ...cardDetails('4242424242424242'),
      expYear: (new Date().getUTCFullYear() + 1) % 100,
    });
    expect(answer.body.status).toBe('authorised');
  });

  it('takes a card until the end of its expiry month', async () => {
    const now = new Date();
    const { body } = await api.create();
    const answer = await api.confirm(body.clientSecret, {
      ...cardDetails(CARDS.authorised),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    });
    expect(answer.body.status).toBe('authorised');
  });

  // prettier-ignore
  it.each([
    ['a number failing the Luhn check', { number: '4242 4242 4242 4241' }, 'invalid_number'],
    ['a number too short', { number: '4242 4242' }, 'invalid_number'],
    ['a number with letters', { number: '4242 4242 4242 424a' }, 'invalid_number'],
    ['no number', { number: undefined }, 'invalid_number'],
    ['last month’s expiry', { expMonth: 12, expYear: new Date().getUTCFullYear() - 1 }, 'expired_card'],
    ['month 13', { expMonth: 13 }, 'invalid_expiry'],
    ['a two-digit security code', { cvc: '12' }, 'invalid_cvc'],
    ['a security code as a number', { cvc: 123 }, 'invalid_cvc'],
  ])('refuses %s (400), the payment still awaiting a card', async (_name, change, code) => {
    const { body } = await api.create();
    const answer = await api.confirm(body.clientSecret, { ...cardDetails(CARDS.authorised), ...change });
    expect(answer).toMatchObject({ status: 400, body: refusal(code) });
    expect((await api.retrieve(body.payment.id)).body.payment.status).toBe('awaiting-card');
  });

  it('answers a second press after an authorisation as it is: no failure, no second charge', async () => {
    const { id, clientSecret } = await api.paidWith(CARDS.authorised);
    const again = await api.confirm(clientSecret, cardDetails(CARDS.authorised));
    expect(again).toMatchObject({ status: 200, body: { status: 'authorised' } });
    // Even with another card: the payment is authorised once.
    const other = await api.confirm(clientSecret, cardDetails(CARDS.declined));
    expect(other.body.status).toBe('authorised');
    expect((await api.retrieve(id)).body.payment.status).toBe('authorised');
  });

  it('refuses a card for a payment cancelled or captured (409)', async () => {
    const cancelled = await api.create();
    await api.call('POST', `/v1/payments/${cancelled.body.payment.id}/cancel`);
    const late = await api.confirm(cancelled.body.clientSecret, cardDetails(CARDS.authorised));
    expect(late).toMatchObject({ status: 409, body: refusal('payment_state') });
    const { id, clientSecret } = await api.paidWith(CARDS.authorised);
    await api.capture(id);
    const again = await api.confirm(clientSecret, cardDetails(CARDS.authorised));
    expect(again).toMatchObject({ status: 409, body: refusal('payment_state') });
  });
});

describe('the bank’s second step', () => {
  it('is asked for by 4000 0027 6000 3184, with the amount to show', async () => {
    const { id, confirmed } = await api.paidWith(CARDS.actionRequired, {
      amount: 4999,
      currency: 'EUR',
    });
    expect(confirmed.body).toEqual({ status: 'awaiting-action', amount: 4999, currency: 'EUR' });
    expect((await api.retrieve(id)).body.payment.status).toBe('awaiting-action');
  });

  it('approved: the payment is authorised (and a second approval changes nothing)', async () => {
    const { id, clientSecret } = await api.paidWith(CARDS.actionRequired);
    const approved = await api.authenticate(clientSecret, 'approve');
    expect(approved).toMatchObject({ status: 200, body: { status: 'authorised' } });
    expect((await api.authenticate(clientSecret, 'approve')).body.status).toBe('authorised');
    expect((await api.retrieve(id)).body.payment.status).toBe('authorised');
  });

  it('rejected: back to awaiting a card, with the reason', async () => {
    const { id, clientSecret } = await api.paidWith(CARDS.actionRequired);
    const rejected = await api.authenticate(clientSecret, 'reject');
    const lastError = {
      code: 'authentication_failed',
      message: 'The payment was not confirmed with your bank.',
    };
    expect(rejected.body).toEqual({
      status: 'awaiting-card',
      amount: 18999,
      currency: 'USD',
      lastError,
    });
    expect((await api.retrieve(id)).body.payment).toMatchObject({
      status: 'awaiting-card',
      lastError,
    });
    expect((await api.confirm(clientSecret, cardDetails(CARDS.authorised))).body.status).toBe(
      'authorised',
    );
  });

  it('takes no card while it waits, nor an answer when there is no step (409)', async () => {
    const { clientSecret } = await api.paidWith(CARDS.actionRequired);
    const card = await api.confirm(clientSecret, cardDetails(CARDS.authorised));
    expect(card).toMatchObject({ status: 409, body: refusal('payment_state') });
    const created = await api.create();
    const step = await api.authenticate(created.body.clientSecret, 'approve');
    expect(step).toMatchObject({ status: 409, body: refusal('payment_state') });
    const odd = await api.authenticate(clientSecret, 'maybe');
    expect(odd).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });
});

describe('capture and cancel', () => {
  it('captures all of an authorised payment by default', async () => {
    const { id } = await api.paidWith(CARDS.authorised);
    const captured = await api.capture(id);
    expect(captured).toMatchObject({
      status: 200,
      body: { payment: { id, status: 'captured', captured: 18999, refunded: 0 } },
    });
  });

  it('captures part of it, never more than it', async () => {
    const { id } = await api.paidWith(CARDS.authorised);
    const tooMuch = await api.capture(id, { amount: 19000 });
    expect(tooMuch).toMatchObject({ status: 400, body: refusal('amount_too_large') });
    const fraction = await api.capture(id, { amount: 10.5 });
    expect(fraction).toMatchObject({ status: 400, body: refusal('invalid_request') });
    const part = await api.capture(id, { amount: 10000 });
    expect(part.body.payment).toMatchObject({ status: 'captured', captured: 10000 });
  });

  it.each([
    ['awaiting a card', null],
    ['awaiting the bank', CARDS.actionRequired],
  ])('captures no payment %s (409)', async (_name, card) => {
    const id = card
      ? (await api.paidWith(card)).id
      : ((await api.create()).body.payment.id as string);
    expect(await api.capture(id)).toMatchObject({ status: 409, body: refusal('payment_state') });
  });

  it('captures once: a second capture is refused (409)', async () => {
    const { id } = await api.paidWith(CARDS.authorised);
    await api.capture(id);
    expect(await api.capture(id)).toMatchObject({ status: 409, body: refusal('payment_state') });
  });

  it.each([
    ['awaiting a card', null],
    ['awaiting the bank', CARDS.actionRequired],
    ['authorised', CARDS.authorised],
  ])('cancels a payment %s', async (_name, card) => {
    const id = card
      ? (await api.paidWith(card)).id
      : ((await api.create()).body.payment.id as string);
    const cancelled = await api.call('POST', `/v1/payments/${id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { payment: { status: 'cancelled' } } });
    expect(await api.capture(id)).toMatchObject({ status: 409, body: refusal('payment_state') });
  });

  it('cancels no payment captured or already cancelled (409)', async () => {
    const { id } = await api.paidWith(CARDS.authorised);
    await api.capture(id);
    const captured = await api.call('POST', `/v1/payments/${id}/cancel`);
    expect(captured).toMatchObject({ status: 409, body: refusal('payment_state') });
    const other = await api.create();
    await api.call('POST', `/v1/payments/${other.body.payment.id}/cancel`);
    const twice = await api.call('POST', `/v1/payments/${other.body.payment.id}/cancel`);
    expect(twice).toMatchObject({ status: 409, body: refusal('payment_state') });
  });
});

describe('refunds', () => {
  async function captured(amount?: number): Promise<string> {
    const { id } = await api.paidWith(CARDS.authorised);
    await api.capture(id, amount === undefined ? undefined : { amount });
    return id;
  }

  it('gives back part of the capture, then the rest, never more', async () => {
    const id = await captured(10000);
    const first = await api.refund(id, 4000, 'refund-a');
    expect(first).toMatchObject({
      status: 200,
      body: {
        refund: { id: expect.stringMatching(/^re_[A-Za-z0-9]+$/), amount: 4000 },
        payment: { id, status: 'captured', captured: 10000, refunded: 4000 },
      },
    });
    const over = await api.refund(id, 6001, 'refund-b');
    expect(over).toMatchObject({ status: 400, body: refusal('amount_too_large') });
    const rest = await api.refund(id, 6000, 'refund-c');
    expect(rest.body.payment.refunded).toBe(10000);
    const more = await api.refund(id, 1, 'refund-d');
    expect(more).toMatchObject({ status: 400, body: refusal('amount_too_large') });
    expect((await api.retrieve(id)).body.payment).toMatchObject({
      captured: 10000,
      refunded: 10000,
    });
  });

  it.each([0, -5])('refuses a refund of %s (400)', async (amount) => {
    const id = await captured();
    const answer = await api.refund(id, amount, `refund-${amount}`);
    expect(answer).toMatchObject({ status: 400, body: refusal('amount_too_large') });
  });

  it('refuses a refund of a payment not captured (409)', async () => {
    const { id } = await api.paidWith(CARDS.authorised);
    const answer = await api.refund(id, 100, 'refund-uncaptured');
    expect(answer).toMatchObject({ status: 409, body: refusal('payment_state') });
  });

  it('requires an Idempotency-Key', async () => {
    const id = await captured();
    const answer = await api.call('POST', `/v1/payments/${id}/refunds`, { body: { amount: 100 } });
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
    expect((await api.retrieve(id)).body.payment.refunded).toBe(0);
  });

  it('replays a refund for its key: the same refund, given back once', async () => {
    const id = await captured();
    const first = await api.refund(id, 2500, 'refund-replay');
    const again = await api.refund(id, 2500, 'refund-replay');
    expect(again.status).toBe(200);
    expect(again.body.refund).toEqual(first.body.refund);
    expect(again.body.payment.refunded).toBe(2500);
    const conflict = await api.refund(id, 2600, 'refund-replay');
    expect(conflict).toMatchObject({ status: 409, body: refusal('idempotency_conflict') });
    expect((await api.retrieve(id)).body.payment.refunded).toBe(2500);
  });

  it('keeps a key to its payment: the same key on another payment is another refund', async () => {
    const first = await captured();
    const second = await captured();
    await api.refund(first, 100, 'refund-shared-key');
    const other = await api.refund(second, 100, 'refund-shared-key');
    expect(other.body.payment).toMatchObject({ id: second, refunded: 100 });
  });
});

describe('what it answers to anything else', () => {
  it('refuses malformed JSON (400 invalid_request)', async () => {
    const answer = await api.call('POST', '/v1/payments', {
      idempotencyKey: 'bad',
      rawBody: '{"amount":',
    });
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });

  it('refuses a body that is not an object (400 invalid_request)', async () => {
    const answer = await api.call('POST', '/v1/payments', {
      idempotencyKey: 'list',
      rawBody: '[1]',
    });
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });

  it('answers an unknown payment 404 not_found', async () => {
    expect(await api.retrieve('pay_nothing')).toMatchObject({
      status: 404,
      body: refusal('not_found'),
    });
    expect(await api.capture('pay_nothing')).toMatchObject({
      status: 404,
      body: refusal('not_found'),
    });
  });

  it.each([
    ['GET', '/'],
    ['GET', '/v1/nothing'],
    ['DELETE', '/v1/payments'],
    ['GET', '/v1/payments/pay_x/capture'],
  ])('answers %s %s 404 not_found', async (method, path) => {
    const answer = await api.call(method, path);
    expect(answer).toMatchObject({ status: 404, body: refusal('not_found') });
  });

  it('lists payments by reference only', async () => {
    const answer = await api.call('GET', '/v1/payments');
    expect(answer).toMatchObject({ status: 400, body: refusal('invalid_request') });
  });
});
