import type * as FirstPage from './firstPage';
import { watchEarlyInteraction } from '../early/earlyInteraction';

describe('firstPageLoaded', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A fresh copy of the module (its promise is per page) and whether it has settled. */
  function freshModule() {
    let module!: typeof FirstPage;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof FirstPage>('./firstPage');
    });
    const state = { loaded: false };
    void module.firstPageLoaded.then(() => {
      state.loaded = true;
    });
    return { module, state };
  }
  const flush = () => jest.advanceTimersByTimeAsync(0);

  it('settles once the page has committed and the following frame is drawn, not before', async () => {
    const { module, state } = freshModule();
    await jest.advanceTimersByTimeAsync(1000);
    expect(state.loaded).toBe(false);
    module.firstPageCommitted();
    await flush();
    expect(state.loaded).toBe(false); // waits for the next animation frame
    await jest.advanceTimersByTimeAsync(20); // a frame, then the task after it
    expect(state.loaded).toBe(true);
  });

  it('waits for the browser to be idle where it can tell (at most 1 s more)', async () => {
    const idle: Array<{ run: () => void; timeout?: number }> = [];
    // jsdom has no idle callbacks: this stands in for the browser's.
    Object.defineProperty(globalThis, 'requestIdleCallback', {
      configurable: true,
      value: (run: () => void, options?: { timeout?: number }) =>
        idle.push({ run, timeout: options?.timeout }),
    });
    try {
      const { module, state } = freshModule();
      module.firstPageCommitted();
      await jest.advanceTimersByTimeAsync(20);
      expect(state.loaded).toBe(false);
      expect(idle).toHaveLength(1);
      expect(idle[0]?.timeout).toBe(1000);
      idle[0]?.run();
      await flush();
      expect(state.loaded).toBe(true);
    } finally {
      Reflect.deleteProperty(globalThis, 'requestIdleCallback');
    }
  });

  it('settles after 4 s at the most, so the session never waits for a page that never paints', async () => {
    const { state } = freshModule();
    await jest.advanceTimersByTimeAsync(3999);
    expect(state.loaded).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.loaded).toBe(true);
  });
});

describe('sessionWanted: a new visitor gets the session with their first interaction', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    localStorage.clear();
  });

  function freshSessionWanted() {
    let module!: typeof FirstPage;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof FirstPage>('./firstPage');
    });
    const state = { wanted: false, header: false };
    void module.sessionWanted.then(() => {
      state.wanted = true;
    });
    void module.headerModulesWanted.then(() => {
      state.header = true;
    });
    return state;
  }

  it('a new visitor: not when the first page has loaded, but on the first press', async () => {
    const state = freshSessionWanted();
    await jest.advanceTimersByTimeAsync(10_000); // the first page has long loaded (4 s at most)
    expect(state).toEqual({ wanted: false, header: false });
    window.dispatchEvent(new Event('pointerdown'));
    await jest.advanceTimersByTimeAsync(0);
    expect(state).toEqual({ wanted: true, header: true });
  });

  it('a new visitor who pressed a key before the first page loaded: when it has loaded', async () => {
    const state = freshSessionWanted();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(state.wanted).toBe(false); // still the first page first
    await jest.advanceTimersByTimeAsync(4000);
    expect(state.wanted).toBe(true);
  });

  it('a returning visitor (a persisted session): as soon as the first page has loaded', async () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"session-1"}');
    const state = freshSessionWanted();
    await jest.advanceTimersByTimeAsync(3999);
    expect(state.wanted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state).toEqual({ wanted: true, header: true });
  });
});

describe('firstInteraction', () => {
  it('settles on the first of its events and then stops listening', async () => {
    let module!: typeof FirstPage;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof FirstPage>('./firstPage');
    });
    const target = new EventTarget();
    const removed = jest.spyOn(target, 'removeEventListener');
    let settled = false;
    void module.firstInteraction(target).then(() => {
      settled = true;
    });
    target.dispatchEvent(new Event('scroll')); // not an interaction of the shopper's own
    await Promise.resolve();
    expect(settled).toBe(false);
    target.dispatchEvent(new Event('click')); // a screen reader's activation: no press, no key
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(removed).toHaveBeenCalledTimes(7);
  });

  it("counts an interaction the page's inline script saw before this code ran", async () => {
    let module!: typeof FirstPage;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof FirstPage>('./firstPage');
    });
    watchEarlyInteraction(window);
    window.dispatchEvent(new Event('touchstart')); // a tap while the scripts still download
    let settled = false;
    void module.firstInteraction().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(true);
  });
});
