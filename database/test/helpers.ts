import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabaseServer, type DatabaseServer } from '../src/createServer';

export interface TestServer {
  server: DatabaseServer;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(
  options: Parameters<typeof startDatabaseServer>[0] = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
  const server = await startDatabaseServer({ port: 0, dataDir, log: false, ...options });
  return {
    server,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
}

export interface RequestOptions {
  /** Strings and Buffers are sent as they are; the client's put/patch/post JSON-encode. */
  body?: string | Buffer | unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** One HTTP request over a real socket (bodies may be raw strings or Buffers, sent as they are). */
export function request(
  baseUrl: string,
  method: string,
  path: string,
  { body, token, headers = {} }: RequestOptions = {},
): Promise<Reply> {
  const url = new URL(path, baseUrl);
  const payload =
    body === undefined
      ? undefined
      : Buffer.isBuffer(body)
        ? body
        : typeof body === 'string'
          ? Buffer.from(body)
          : Buffer.from(JSON.stringify(body));
  const allHeaders: Record<string, string> = { ...headers };
  if (token) allHeaders.Authorization = `Bearer ${token}`;
  if (payload) allHeaders['Content-Length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: allHeaders, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text.length ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export const ADMIN = 'owner';

export function client(baseUrl: string) {
  return {
    get: (path: string, o?: RequestOptions) => request(baseUrl, 'GET', path, o),
    put: (path: string, body: unknown, o?: RequestOptions) =>
      request(baseUrl, 'PUT', path, { ...o, body: JSON.stringify(body) }),
    patch: (path: string, body: unknown, o?: RequestOptions) =>
      request(baseUrl, 'PATCH', path, { ...o, body: JSON.stringify(body) }),
    post: (path: string, body: unknown, o?: RequestOptions) =>
      request(baseUrl, 'POST', path, { ...o, body: JSON.stringify(body) }),
    del: (path: string, o?: RequestOptions) => request(baseUrl, 'DELETE', path, o),
    raw: (method: string, path: string, o?: RequestOptions) => request(baseUrl, method, path, o),
    /** The whole tree, read with the admin token. */
    dump: async () => (await request(baseUrl, 'GET', '/.json', { token: ADMIN })).text,
  };
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Opens an event stream; collects events; `next()` waits for the next one. */
export function openStream(baseUrl: string, path: string, token?: string) {
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let status = 0;
  let ended = false;
  let buffer = '';
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let closeRequest = (): void => undefined;
  const ready = new Promise<number>((resolve, reject) => {
    const req = http.get(new URL(path, baseUrl), { headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      resolve(status);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
          events.push({ event, data: JSON.parse(data) });
          waiters.splice(0).forEach((w) => w());
        }
      });
      res.on('end', () => {
        ended = true;
        waiters.splice(0).forEach((w) => w());
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    closeRequest = () => req.destroy();
  });
  let read = 0;
  const stream = {
    events,
    ready,
    get status() {
      return status;
    },
    get ended() {
      return ended;
    },
    close: () => closeRequest(),
    async next(timeoutMs = 3000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (read >= events.length) {
        if (ended) throw new Error('stream ended');
        if (Date.now() > deadline) throw new Error('timed out waiting for an event');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events[read++] as SseEvent;
    },
    /**
     * The next event that is not a keep-alive, as a client reads the stream: the server sends
     * keep-alives on a timer, so on a loaded machine one may come between two changes.
     */
    async nextChange(timeoutMs = 3000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await stream.next(Math.max(0, deadline - Date.now()));
        if (event.event !== 'keep-alive') return event;
      }
    },
  };
  return stream;
}
