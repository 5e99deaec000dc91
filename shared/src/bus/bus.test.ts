/* eslint-disable @typescript-eslint/no-require-imports -- jest.isolateModules loads fresh copies */
import type * as BusModule from './bus';
import type * as PublishersModule from './publishers';
import { NO_ERROR, SIGNED_OUT, bus, type ShopBus } from './bus';
import { clearError, raiseError, setAuth, setLoading, toast } from './publishers';

const KEY = '__SHOP_BUS__';
type Holder = typeof globalThis & { [KEY]?: ShopBus };

describe('bus singleton guard', () => {
  it('a second copy of the module reuses the first copy’s bus', () => {
    const holder = globalThis as Holder;
    const original = holder[KEY];
    delete holder[KEY]; // as on a fresh page
    try {
      let first: ShopBus | undefined;
      let second: ShopBus | undefined;
      jest.isolateModules(() => {
        first = (require('./bus') as typeof BusModule).bus;
      });
      jest.isolateModules(() => {
        second = (require('./bus') as typeof BusModule).bus;
      });
      expect(first).toBeDefined();
      expect(first).not.toBe(original);
      expect(second).toBe(first);
      expect(holder[KEY]).toBe(first);
    } finally {
      holder[KEY] = original;
    }
  });

  it('the module loaded normally and an isolated copy share the page bus', () => {
    let copy: ShopBus | undefined;
    jest.isolateModules(() => {
      copy = (require('./bus') as typeof BusModule).getBus();
    });
    expect(copy).toBe(bus);
  });

  it('copies talk over the same subjects (publisher in one, hooks/subscribers in another)', () => {
    let publishers!: typeof PublishersModule;
    let otherBus!: typeof BusModule;
    jest.isolateModules(() => {
      publishers = require('./publishers');
    });
    jest.isolateModules(() => {
      otherBus = require('./bus');
    });
    const seen: string[] = [];
    const sub = otherBus.bus.auth$.subscribe((a) => seen.push(a.email));
    publishers.setAuth({ isSignedIn: true, email: 'a@b.co' });
    sub.unsubscribe();
    expect(seen).toEqual(['', 'a@b.co']);
    publishers.setAuth({ isSignedIn: false, email: '' });
  });

  it('channels give their current value on subscribe', () => {
    const values: unknown[] = [];
    bus.auth$.subscribe((v) => values.push(v)).unsubscribe();
    bus.error$.subscribe((v) => values.push(v)).unsubscribe();
    bus.loading$.subscribe((v) => values.push(v)).unsubscribe();
    expect(values).toEqual([SIGNED_OUT, NO_ERROR, { isLoading: false }]);
  });
});

describe('publishers', () => {
  it('raiseError publishes content and error text; clearError resets', () => {
    raiseError('Unable to load cart data', new Error('boom'));
    expect(bus.error$.getValue()).toEqual({
      isError: true,
      message: { content: 'Unable to load cart data', error: 'boom' },
    });
    raiseError('Unable to send cart data', 'Server response code: 401');
    expect(bus.error$.getValue().message.error).toBe('Server response code: 401');
    clearError();
    expect(bus.error$.getValue()).toEqual(NO_ERROR);
  });

  it('setLoading and setAuth merge into the channels', () => {
    setLoading(true);
    expect(bus.loading$.getValue()).toEqual({ isLoading: true });
    setLoading(false);
    setAuth({ justSignedIn: true });
    expect(bus.auth$.getValue()).toMatchObject({ isSignedIn: false, justSignedIn: true });
    setAuth({ justSignedIn: false });
  });

  it('toast publishes events with a kind, a message and an id', () => {
    const events: unknown[] = [];
    const sub = bus.toasts$.subscribe((e) => events.push(e));
    const id = toast.success('Order sent successfuly!');
    toast.error('Nope', 1000);
    toast.info('FYI');
    sub.unsubscribe();
    expect(events).toEqual([
      { id, kind: 'success', message: 'Order sent successfuly!' },
      { id: expect.any(String), kind: 'error', message: 'Nope', durationMs: 1000 },
      { id: expect.any(String), kind: 'info', message: 'FYI' },
    ]);
  });
});
