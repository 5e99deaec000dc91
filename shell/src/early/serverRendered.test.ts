import {
  afterFirstContentfulPaint,
  afterHydration,
  hydrationCommitted,
  startHydrating,
  deferredScripts,
  isServerRendered,
  loadScripts,
  pageNonce,
} from './serverRendered';

afterEach(() => {
  delete document.documentElement.dataset.rendered;
  delete document.documentElement.dataset.scripts;
  document.head.innerHTML = '';
  jest.useRealTimers();
});

describe('isServerRendered / deferredScripts', () => {
  it('reads what the server wrote on <html>', () => {
    expect(isServerRendered()).toBe(false);
    expect(deferredScripts()).toEqual([]);
    document.documentElement.dataset.rendered = 'server';
    document.documentElement.dataset.scripts = '/main.js  /other.js';
    expect(isServerRendered()).toBe(true);
    expect(deferredScripts()).toEqual(['/main.js', '/other.js']);
  });
});

describe('loadScripts', () => {
  it('adds the scripts in order, run in order like deferred ones', () => {
    loadScripts(['/main.js', '/other.js']);
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/main.js', '/other.js']);
    expect(scripts.every((s) => !s.async)).toBe(true);
    expect(scripts.every((s) => s.nonce === '')).toBe(true);
  });

  it("vouches for them with the nonce the server gave the page's scripts (decision 1304)", () => {
    const inline = document.createElement('script');
    inline.nonce = 'n0nce';
    document.head.append(inline);
    expect(pageNonce()).toBe('n0nce');
    loadScripts(['/main.js']);
    expect(document.head.querySelector<HTMLScriptElement>('script[src="/main.js"]')?.nonce).toBe(
      'n0nce',
    );
  });
});

/** A window whose paint observer and load event the test drives. */
function fakeWindow(readyState: DocumentReadyState, paintTiming = true) {
  let report: ((list: { getEntriesByName(name: string): unknown[] }) => void) | null = null;
  const listeners: Record<string, () => void> = {};
  const win = {
    document: { readyState },
    setTimeout: (fn: () => void) => fn(),
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = fn;
    },
    PerformanceObserver: paintTiming
      ? class {
          constructor(callback: typeof report) {
            report = callback;
          }
          observe() {}
          disconnect() {}
        }
      : class {
          constructor() {
            throw new TypeError('not supported');
          }
        },
  };
  return {
    win: win as unknown as Window,
    paint: (name: string) => report?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }),
    load: () => listeners.load?.(),
  };
}

describe('afterFirstContentfulPaint', () => {
  it('starts once, after the first contentful paint, not on a first (empty) paint', () => {
    const start = jest.fn();
    const page = fakeWindow('loading');
    afterFirstContentfulPaint(start, page.win);
    page.paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    page.load();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts on load where the browser reports no paint timing', () => {
    const start = jest.fn();
    const page = fakeWindow('interactive', false);
    afterFirstContentfulPaint(start, page.win);
    expect(start).not.toHaveBeenCalled();
    page.load();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page that has already loaded', () => {
    const start = jest.fn();
    afterFirstContentfulPaint(start, fakeWindow('complete', false).win);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('afterHydration', () => {
  it('lets loaders run at once without hydration, and after its first commit with it', async () => {
    const settled = (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      return async () => {
        await Promise.resolve();
        await Promise.resolve();
        return done;
      };
    };
    expect(await settled(afterHydration())()).toBe(true);
    startHydrating();
    const waiting = settled(afterHydration());
    expect(await waiting()).toBe(false);
    hydrationCommitted();
    expect(await waiting()).toBe(true);
  });
});
