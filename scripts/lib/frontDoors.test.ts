// The stack's public doors (decision 5003), over real TCP and HTTP.
import http from 'node:http';
import net from 'node:net';
import { forwarder, openDoor, type Door } from './frontDoors';
import { isPortOpen } from './services';

let upstream: http.Server;
let door: Door;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === '/hold') return; // answers nothing: the call stays open
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end(`upstream saw ${request.method} ${request.url}`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as net.AddressInfo;
  door = await openDoor(forwarder({ host: '127.0.0.1', port }), '127.0.0.1', 0);
});
afterAll(async () => {
  await door.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const call = (path: string) => fetch(`http://127.0.0.1:${door.port}${path}`);

it('passes every connection on to the service behind it', async () => {
  const answer = await call('/emulator/v1/projects/demo-shop/accounts?x=1');
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe('upstream saw GET /emulator/v1/projects/demo-shop/accounts?x=1');
});

it('cut off: the port refuses connections and a call in flight fails; opened again on the same port, it answers', async () => {
  const inFlight = call('/hold').then(
    () => 'answered',
    () => 'failed',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  await door.cutOff();
  expect(await inFlight).toBe('failed');
  expect(await isPortOpen(door.port)).toBe(false);
  await expect(call('/after')).rejects.toThrow();

  await door.reconnect();
  expect(await isPortOpen(door.port)).toBe(true);
  const answer = await call('/back');
  expect(await answer.text()).toBe('upstream saw GET /back');
});

it('a service behind it that is down: the connection is closed, not left hanging', async () => {
  const unused = net.createServer();
  await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
  const { port } = unused.address() as net.AddressInfo;
  await new Promise((resolve) => unused.close(resolve));
  const toNowhere = await openDoor(forwarder({ host: '127.0.0.1', port }), '127.0.0.1', 0);
  try {
    await expect(fetch(`http://127.0.0.1:${toNowhere.port}/`)).rejects.toThrow();
  } finally {
    await toNowhere.close();
  }
});
