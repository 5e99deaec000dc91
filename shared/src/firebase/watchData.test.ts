import { setAuthBackend } from './authBackend';
import { createFakeAuth, type FakeAuth } from '../testing/fakeAuth';
import { applyStreamEvent, setEventStreamOpener, watchData } from './watchData';

/** A stream the test drives: the URL it was opened with, its listeners, whether it was closed. */
class FakeStream {
  readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

let streams: FakeStream[];
let auth: FakeAuth;
const PATH = 'users/validated/acct-1/userOrders/-Norder0000000000001';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  streams = [];
  setEventStreamOpener((url) => {
    const stream = new FakeStream(url);
    streams.push(stream);
    return stream;
  });
  auth = createFakeAuth();
  auth.setAccountUser('acct-1', 'ada@example.com');
  setAuthBackend(auth);
});
afterEach(() => {
  setEventStreamOpener(null);
  setAuthBackend(null);
});

describe('applyStreamEvent: the protocol’s put and patch on a local copy', () => {
  const order = { status: 'placed', totalPrice: 10 };

  it('a put at the root replaces the value; a put below changes that part only', () => {
    expect(applyStreamEvent(null, 'put', '/', order)).toEqual(order);
    expect(applyStreamEvent(order, 'put', '/status', 'paid')).toEqual({ ...order, status: 'paid' });
    expect(applyStreamEvent(order, 'put', '/statusHistory/0', { to: 'paid' })).toEqual({
      ...order,
      statusHistory: { 0: { to: 'paid' } },
    });
  });

  it('a change below a list keeps its other items (the database sends lists as arrays)', () => {
    expect(
      applyStreamEvent({ statusHistory: [{ to: 'paid' }] }, 'put', '/statusHistory/1', {
        to: 'shipped',
      }),
    ).toEqual({ statusHistory: { 0: { to: 'paid' }, 1: { to: 'shipped' } } });
  });

  it('a patch merges its children, null removing one; a null put removes the part', () => {
    expect(applyStreamEvent(order, 'patch', '/', { status: 'paid', totalPrice: null })).toEqual({
      status: 'paid',
    });
    expect(applyStreamEvent(order, 'put', '/totalPrice', null)).toEqual({ status: 'placed' });
    expect(applyStreamEvent({ a: 1 }, 'put', '/a', null)).toBeNull();
  });
});

describe('watchData', () => {
  it("opens the path's stream with the account's token and reports each change", async () => {
    const seen: unknown[] = [];
    const stop = watchData(PATH, (value) => seen.push(value));
    await settle();
    expect(streams).toHaveLength(1);
    expect(streams[0]?.url).toMatch(
      /\/users\/validated\/acct-1\/userOrders\/-Norder0000000000001\.json\?auth=/,
    );
    streams[0]?.send('put', { path: '/', data: { status: 'placed' } });
    streams[0]?.send('patch', { path: '/', data: { status: 'shipped' } });
    streams[0]?.send('keep-alive', null);
    expect(seen).toEqual([{ status: 'placed' }, { status: 'shipped' }]);
    stop();
    expect(streams[0]?.closed).toBe(true);
  });

  it('opens the stream once more with a fresh token when the credential ends, not twice', async () => {
    watchData(PATH, () => undefined);
    await settle();
    streams[0]?.send('auth_revoked', 'credential is no longer valid');
    await settle();
    expect(streams[0]?.closed).toBe(true);
    expect(streams).toHaveLength(2);
    expect(auth.tokenRequests.map((request) => request.forceRefresh)).toEqual([false, true]);
    streams[1]?.send('cancel', 'Permission denied');
    await settle();
    expect(streams).toHaveLength(2);
    expect(streams[1]?.closed).toBe(true);
  });

  it('stopped before the token came: no stream is opened', async () => {
    const stop = watchData(PATH, () => undefined);
    stop();
    await settle();
    expect(streams).toHaveLength(0);
  });
});
