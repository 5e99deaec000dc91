// The notifications over real HTTP (decision 5301): each change POSTed to a receiver, signed over
// the exact bytes sent; retried when the receiver fails; never holding up the API's answer; sent
// again on demand with the same event id.
import { createHmac } from 'node:crypto';
import { RETRY_DELAYS_MS } from './notifications';
import { signPayload } from './signature';
import {
  CARDS,
  WEBHOOK_SECRET,
  cardDetails,
  startProvider,
  startReceiver,
  type Delivery,
  type TestProvider,
} from './testing/providerTestServer';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function providerNotifying(
  receiver: Receiver,
  options: Parameters<typeof startProvider>[0] = {},
): Promise<TestProvider> {
  const provider = await startProvider({ webhookUrl: receiver.url, ...options });
  stops.push(() => provider.server.close(), receiver.close);
  return provider;
}

/** The signature header's parts, and whether v1 is the HMAC of `${t}.${body}`. */
function checkSignature({ headers, body }: Delivery) {
  const header = String(headers['threadline-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) throw new Error(`malformed signature header: ${header}`);
  const t = Number(match[1]);
  const expected = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  return { t, valid: match[2] === expected };
}

it('signs a body as t=<seconds>,v1=<HMAC-SHA256 of `${t}.${body}`>', () => {
  const body = '{"id":"evt_1"}';
  const expected = createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex');
  expect(signPayload(body, 'whsec_x', 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
});

it('retries after 1 s, 3 s and 9 s by default', () => {
  expect(RETRY_DELAYS_MS).toEqual([1_000, 3_000, 9_000]);
});

it('notifies each change of a payment, signed, in a JSON event', async () => {
  const receiver = await startReceiver();
  const { api } = await providerNotifying(receiver);
  const { id, clientSecret } = await api.paidWith(CARDS.declined);
  await api.confirm(clientSecret, cardDetails(CARDS.actionRequired));
  await api.authenticate(clientSecret, 'approve');
  await api.capture(id);
  await api.refund(id, 100, 'refund-1');
  const other = await api.create();
  await api.call('POST', `/v1/payments/${other.body.payment.id}/cancel`);

  const deliveries = await receiver.received(6);
  const events = deliveries.map((delivery) => JSON.parse(delivery.body));
  expect(events.map((event) => event.type).sort()).toEqual(
    [
      'payment.declined',
      'payment.action_required',
      'payment.authorised',
      'payment.captured',
      'payment.refunded',
      'payment.cancelled',
    ].sort(),
  );
  for (const delivery of deliveries) {
    expect(delivery.headers['content-type']).toBe('application/json');
    const { t, valid } = checkSignature(delivery);
    expect(valid).toBe(true);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(5);
  }
  const captured = events.find((event) => event.type === 'payment.captured');
  expect(captured).toEqual({
    id: expect.stringMatching(/^evt_[A-Za-z0-9]+$/),
    type: 'payment.captured',
    created: expect.any(Number),
    payment: expect.objectContaining({ id, status: 'captured', captured: 18999, refunded: 0 }),
  });
  const declined = events.find((event) => event.type === 'payment.declined');
  expect(declined.payment.lastError).toEqual({
    code: 'card_declined',
    message: 'Your card was declined.',
  });
});

it('lists the events of a payment, as sent', async () => {
  const receiver = await startReceiver();
  const { api } = await providerNotifying(receiver);
  const { id } = await api.paidWith(CARDS.authorised);
  await api.capture(id);
  const sent = (await receiver.received(2)).map((delivery) => JSON.parse(delivery.body));
  const listed = await api.call('GET', `/v1/events?payment=${id}`);
  expect(listed.body.events.map((event: { type: string }) => event.type)).toEqual([
    'payment.authorised',
    'payment.captured',
  ]);
  expect(listed.body.events).toEqual(expect.arrayContaining(sent));
  const none = await api.call('GET', '/v1/events?payment=pay_other');
  expect(none.body.events).toEqual([]);
});

it('retries a delivery the receiver failed (500): the same body, signed', async () => {
  const receiver = await startReceiver((attempt) => (attempt === 1 ? 500 : 200));
  const { api } = await providerNotifying(receiver, { retryDelaysMs: [50, 50, 50] });
  await api.paidWith(CARDS.authorised);
  const [failed, retried] = await receiver.received(2);
  if (!failed || !retried) throw new Error('two deliveries expected');
  expect(retried.body).toBe(failed.body);
  expect(checkSignature(retried).valid).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(receiver.deliveries).toHaveLength(2);
});

it('gives up after three retries, with one log line', async () => {
  const receiver = await startReceiver(() => 503);
  const lines: string[] = [];
  const { api } = await providerNotifying(receiver, {
    retryDelaysMs: [20, 20, 20],
    log: (line) => lines.push(line),
  });
  await api.paidWith(CARDS.authorised);
  await receiver.received(4);
  for (let waited = 0; lines.length === 0 && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.deliveries).toHaveLength(4);
  expect(lines).toEqual([
    expect.stringMatching(/evt_\w+ \(payment\.authorised\).*4 attempts.*503/),
  ]);
});

it('retries when the receiver cannot be reached', async () => {
  const gone = await startReceiver();
  await gone.close();
  const lines: string[] = [];
  const provider = await startProvider({
    webhookUrl: gone.url,
    retryDelaysMs: [10, 10, 10],
    log: (line) => lines.push(line),
  });
  stops.push(() => provider.server.close());
  await provider.api.paidWith(CARDS.authorised);
  for (let waited = 0; lines.length === 0 && waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(lines).toEqual([expect.stringContaining('4 attempts')]);
});

it('answers the API before the receiver has answered', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A receiver that holds its answer until the test lets it go.
  const receiver = await startReceiver(() => held.then(() => 200));
  stops.unshift(async () => release());
  const { api } = await providerNotifying(receiver);
  const { confirmed } = await api.paidWith(CARDS.authorised);
  expect(confirmed.body.status).toBe('authorised');
  // The delivery is under way, unanswered, while the API has answered.
  await receiver.received(1);
  const listed = await api.call('GET', '/v1/health');
  expect(listed.status).toBe(200);
  release();
});

it('sends an event again on demand: the same id and body, signed afresh', async () => {
  const receiver = await startReceiver();
  const { api } = await providerNotifying(receiver);
  await api.paidWith(CARDS.authorised);
  const [first] = await receiver.received(1);
  const event = JSON.parse(first?.body ?? '{}');
  const resent = await api.call('POST', `/v1/events/${event.id}/resend`);
  expect(resent).toMatchObject({ status: 200, body: { event: { id: event.id } } });
  const [, again] = await receiver.received(2);
  expect(again?.body).toBe(first?.body);
  expect(again && checkSignature(again).valid).toBe(true);
  const unknown = await api.call('POST', '/v1/events/evt_nothing/resend');
  expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  const anonymous = await api.call('POST', `/v1/events/${event.id}/resend`, { token: null });
  expect(anonymous.status).toBe(401);
});
