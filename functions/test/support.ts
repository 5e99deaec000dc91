// What the function tests share: the database as an operator reads and writes it (admin token,
// local mode), a response object the handlers answer into, and the order out of an answer.
import type { CorsResponse } from '../src/cors';
import type { ClientRequest } from '../src/limits';
import type { OrderRecord, PlaceOrderAnswer } from '../src/orderRecord';

/** An operator's request to the test database server at `url` (admin token). */
export function adminOf(url: () => string) {
  return async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${url()}/${path}.json`, {
      method,
      headers: { Authorization: 'Bearer owner' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}`);
    return response.json();
  };
}

export interface Sent {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** An Express-like response that keeps what the handler sent. */
export function fakeResponse() {
  const sent: Sent = { status: 0, body: undefined, headers: {} };
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(value: unknown) {
      sent.body = value;
    },
    set(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
  };
  return { res, sent };
}

/** The order of a placeOrder answer; a refusal fails the test with what was answered. */
export function orderOf(answer: PlaceOrderAnswer): OrderRecord {
  if (!('order' in answer)) throw new Error(`no order: ${JSON.stringify(answer)}`);
  return answer.order;
}

/** A handler as the functions export it: Express-like request (with its query) and response. */
type Handler = (
  req: ClientRequest & { query: Record<string, string | string[]>; rawBody: Buffer },
  res: CorsResponse,
) => Promise<void>;

/**
 * Serves `handler` over real HTTP on a loopback port, as the Functions runtime does (a JSON body
 * parsed, the socket the request came on), so a test's requests arrive from a real client address.
 */
export async function serveOverHttp(
  handler: Handler,
): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      if (/json/.test(request.headers['content-type'] ?? '')) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          // the handler says what is wrong with it
        }
      }
      let status = 200;
      const res: CorsResponse = {
        status(code: number) {
          status = code;
          return res;
        },
        json(value: unknown) {
          response.writeHead(status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(value));
        },
        set(name: string, value: string) {
          response.setHeader(name, value);
          return res;
        },
        end() {
          response.writeHead(status);
          response.end();
        },
      };
      // Express's query: each parameter's text, a list when it is repeated.
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of new URL(request.url ?? '/', 'http://localhost').searchParams) {
        const before = query[name];
        query[name] = before === undefined ? value : [...[before].flat(), value];
      }
      void handler(
        {
          method: request.method ?? 'GET',
          headers: request.headers,
          body,
          // The bytes received, as Cloud Functions keeps them (a notification's signature).
          rawBody: Buffer.concat(chunks),
          query,
          socket: request.socket,
        },
        res,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A shopper's personal information, valid for the order function (name, email, address…). */
export const SAMPLE_INFO = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  tel: '+48 123 456 789',
  address: '12 Analytical Street',
  city: 'London',
  zipCode: 'N1 9GU',
  country: 'United Kingdom',
};
