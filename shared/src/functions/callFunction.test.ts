/**
 * @jest-environment node
 */
// The one call to our functions, over real HTTP: what goes out, and every kind of answer.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callFunction, searchOf } from './callFunction';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let seen: Seen[] = [];
let reply: (res: ServerResponse) => void = (res) => res.end('{}');
const savedUrl = process.env.SHOP_FUNCTIONS_URL;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.SHOP_FUNCTIONS_URL = `http://127.0.0.1:${port}/`;
});

afterAll(async () => {
  process.env.SHOP_FUNCTIONS_URL = savedUrl;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

const json = (status: number, value: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
};

describe('callFunction', () => {
  it('POSTs the body as JSON with the token, and gives back the status and the JSON object', async () => {
    reply = json(409, { error: 'changed', message: 'Someone else changed it.' });
    const call = await callFunction('changeOrderStatus', { body: { to: 'paid' }, token: 'tok' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/changeOrderStatus',
        authorization: 'Bearer tok',
        contentType: 'application/json',
        body: '{"to":"paid"}',
      },
    ]);
    expect(call).toMatchObject({
      status: 'answered',
      httpStatus: 409,
      ok: false,
      isObject: true,
      fields: { error: 'changed', message: 'Someone else changed it.' },
    });
  });

  it('GETs with the query and no body; a POST without a body sends none', async () => {
    reply = json(200, { orders: [] });
    await callFunction('staffOrders', { method: 'GET', query: { status: 'paid', q: '' } });
    await callFunction('claimGuestOrders', { token: 't' });
    expect(
      seen.map(({ method, url, contentType, body }) => [method, url, contentType, body]),
    ).toEqual([
      ['GET', '/staffOrders?status=paid', undefined, ''],
      ['POST', '/claimGuestOrders', undefined, ''],
    ]);
  });

  it("an answer that is not a JSON object (a proxy's page, a list) is answered with no fields", async () => {
    reply = (res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    await expect(callFunction('placeOrder')).resolves.toMatchObject({
      status: 'answered',
      httpStatus: 502,
      isObject: false,
      fields: {},
    });
    reply = json(200, [1, 2]);
    await expect(callFunction('placeOrder')).resolves.toMatchObject({
      isObject: false,
      fields: {},
    });
  });

  it('no answer in time is unreachable and timed out (the call may still run)', async () => {
    reply = () => undefined; // never answers
    const call = await callFunction('placeOrder', { timeoutMs: 50 });
    expect(call).toMatchObject({ status: 'unreachable', timedOut: true });
  });

  it('a refused connection is unreachable, not timed out', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const fetchTo = (input: string, init: RequestInit) =>
      globalThis.fetch(input.replace(/:\d+\//, `:${port}/`), init);
    const call = await callFunction('placeOrder', { fetch: fetchTo });
    expect(call).toMatchObject({ status: 'unreachable', timedOut: false });
  });
});

describe('searchOf', () => {
  it('writes the values given, leaving empty ones out', () => {
    expect(searchOf({ q: 'linen shirt', after: undefined, status: '' })).toBe('?q=linen+shirt');
    expect(searchOf({})).toBe('');
  });
});
