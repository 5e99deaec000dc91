// A provider on a free port for a test, and a client of its API over real HTTP.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createProviderServer,
  type ProviderServer,
  type ProviderServerOptions,
} from '../createServer';

export const SECRET_KEY = 'sk_test_provider';
export const WEBHOOK_SECRET = 'whsec_test_provider';

/** The test cards, as a shopper types them. */
export const CARDS = {
  authorised: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  actionRequired: '4000 0027 6000 3184',
  /** Luhn-valid, but not a test card. */
  unknown: '5555 5555 5555 4444',
} as const;

/** A card's details with a future expiry and a three-digit security code. */
export const cardDetails = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
});

export interface Answer {
  status: number;
  headers: Headers;
  // Answers are JSON of several shapes; each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as it is (malformed JSON). */
  rawBody?: string;
  idempotencyKey?: string;
  /** The bearer token: the secret key unless given; null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export function apiClient(url: string) {
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? SECRET_KEY : options.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const body =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  };
  let keys = 0;
  const api = {
    call,
    /** A new payment (a fresh idempotency key unless given). */
    create: (input: Record<string, unknown> = {}, idempotencyKey = `key-${(keys += 1)}`) =>
      call('POST', '/v1/payments', {
        idempotencyKey,
        body: {
          amount: 18999,
          currency: 'USD',
          reference: 'order-1',
          description: 'Order',
          ...input,
        },
      }),
    /** The hosted fields' card step: the client secret, not the secret key. */
    confirm: (clientSecret: string, details: Record<string, unknown>) =>
      call('POST', `/v1/payments/${clientSecret.split('_secret_')[0]}/confirm`, {
        token: null,
        body: { clientSecret, ...details },
      }),
    authenticate: (clientSecret: string, outcome: string) =>
      call('POST', `/v1/payments/${clientSecret.split('_secret_')[0]}/authenticate`, {
        token: null,
        body: { clientSecret, outcome },
      }),
    /** A payment confirmed with `card`: its id and the confirm's answer. */
    async paidWith(card: string, input: Record<string, unknown> = {}) {
      const created = await api.create(input);
      const { clientSecret } = created.body as { clientSecret: string };
      const confirmed = await api.confirm(clientSecret, cardDetails(card));
      return { id: created.body.payment.id as string, clientSecret, confirmed };
    },
    capture: (id: string, body?: unknown) => call('POST', `/v1/payments/${id}/capture`, { body }),
    refund: (id: string, amount: unknown, idempotencyKey: string) =>
      call('POST', `/v1/payments/${id}/refunds`, { idempotencyKey, body: { amount } }),
    retrieve: (id: string) => call('GET', `/v1/payments/${id}`),
  };
  return api;
}

export interface TestProvider {
  url: string;
  server: ProviderServer;
  api: ReturnType<typeof apiClient>;
}

/** A provider on a free port: notifications off unless `webhookUrl` is given; quiet. */
export async function startProvider(
  options: Partial<ProviderServerOptions> = {},
): Promise<TestProvider> {
  const server = createProviderServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: '',
    log: () => undefined,
    ...options,
  });
  const url = await server.listen(0);
  return { url, server, api: apiClient(url) };
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A notification receiver: keeps each delivery, then answers it with `statusFor(n)` (n from 1;
 * a promise holds the answer back); `received(n)` waits until n deliveries came.
 */
export async function startReceiver(
  statusFor: (attempt: number) => number | Promise<number> = () => 200,
) {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      void Promise.resolve(statusFor(deliveries.length)).then((status) =>
        response.writeHead(status).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paymentNotification`,
    deliveries,
    async received(count: number, timeoutMs = 5_000): Promise<Delivery[]> {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${deliveries.length} of ${count} deliveries within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return deliveries.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
