// The local front end of the Functions emulator (decision 5401): what it passes on, over real HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FRONT_END_HEADER, type FrontEnd, startFunctionsFrontEnd } from './functionsFrontEnd';
import { postFrom } from './requestFrom';

const SECRET = 'the-stack-secret-for-this-test';
let upstream: http.Server;
let upstreamPort = 0;
let frontEnd: FrontEnd;
const upstreamCallsClosed: string[] = [];
const seen: { headers: http.IncomingHttpHeaders; body: string; peer: string | undefined }[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === '/cut-mid-answer') {
      // A function stopped mid-answer: headers and part of the body, then the connection goes.
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('part of it');
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    if (request.url === '/slow') {
      // Still working when the client goes away; says when its caller closed the call.
      request.resume();
      response.on('close', () => upstreamCallsClosed.push(request.url ?? ''));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        peer: request.socket.remoteAddress,
      });
      response.writeHead(418, { 'Content-Type': 'application/json', 'Retry-After': '7' });
      response.end('{"answered":true}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
  frontEnd = await startFunctionsFrontEnd({
    host: '127.0.0.1',
    port: 0,
    upstream: { host: '127.0.0.1', port: upstreamPort },
    secret: SECRET,
  });
});
afterAll(async () => {
  await frontEnd.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const url = () => `http://127.0.0.1:${frontEnd.port}/demo-shop/us-central1/orderStatus?x=1`;

it('appends the caller’s address to what the client wrote, and proves itself with the secret', async () => {
  const answer = await postFrom(
    '127.0.0.2',
    url(),
    { number: 'TL-222222' },
    {
      'X-Forwarded-For': '198.51.100.1, 198.51.100.2',
      [FRONT_END_HEADER]: 'a guess of the client',
    },
  );
  expect(answer).toMatchObject({ status: 418, body: { answered: true } });
  expect(answer.headers['retry-after']).toBe('7');
  expect(seen).toHaveLength(1);
  expect(seen[0]?.headers['x-forwarded-for']).toBe('198.51.100.1, 198.51.100.2, 127.0.0.2');
  expect(seen[0]?.headers[FRONT_END_HEADER]).toBe(SECRET);
  expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ number: 'TL-222222' });
});

it('a caller who writes nothing is the only entry', async () => {
  await postFrom('127.0.0.3', url(), {});
  expect(seen[0]?.headers['x-forwarded-for']).toBe('127.0.0.3');
});

it('answers 503 while the emulator does not answer', async () => {
  const idle = await startFunctionsFrontEnd({
    host: '127.0.0.1',
    port: 0,
    // Nothing listens there once the probe is closed.
    upstream: { host: '127.0.0.1', port: await closedPort() },
    secret: SECRET,
  });
  try {
    const answer = await postFrom('127.0.0.1', `http://127.0.0.1:${idle.port}/x`, {});
    expect(answer.status).toBe(503);
  } finally {
    await idle.close();
  }
});

async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A GET through the front end: its status and body, or the error the client saw. */
function getThrough(path: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(`http://127.0.0.1:${frontEnd.port}${path}`, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => resolve(`${answer.statusCode} ${body}`));
      answer.on('error', (error) => resolve(`failed: ${error.message}`));
    });
    request.on('error', (error) => resolve(`failed: ${error.message}`));
  });
}

it('an answer the emulator cuts short fails the client’s call instead of leaving it waiting', async () => {
  expect(await getThrough('/cut-mid-answer')).toMatch(/^failed: /);
  // …and the front end goes on serving.
  expect(await getThrough('/after')).toBe('418 {"answered":true}');
});

it('a client gone before its answer aborts the call to the emulator', async () => {
  const request = http.get(`http://127.0.0.1:${frontEnd.port}/slow`);
  request.on('error', () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 200));
  request.destroy();
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (upstreamCallsClosed.includes('/slow')) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
  });
  expect(upstreamCallsClosed).toEqual(['/slow']);
  expect(await getThrough('/after')).toBe('418 {"answered":true}');
});
