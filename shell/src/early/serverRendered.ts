// A page the shell server rendered (decision 1302) is whole before any script runs: its code
// loads after the page's first contentful paint, so nothing competes with the HTML, its styles
// and its images for the network until the shopper sees the page. The server marks such a page
// on <html> and names the scripts it took out of the head there (serverTemplate.ts).

/** `<html data-rendered="server" data-scripts="/main.js">`. */
export const SERVER_RENDERED = 'server';

export function isServerRendered(doc: Document = document): boolean {
  return doc.documentElement.dataset.rendered === SERVER_RENDERED;
}

/** The scripts to load after the first paint, in order. */
export function deferredScripts(doc: Document = document): string[] {
  return (doc.documentElement.dataset.scripts ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Calls `start` once, after the first contentful paint; on the window's load where the browser
 * reports no paint timing (or the page paints no content).
 */
export function afterFirstContentfulPaint(
  start: () => void,
  win: Window & { PerformanceObserver?: typeof PerformanceObserver } = window,
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  try {
    if (!win.PerformanceObserver) throw new TypeError('no PerformanceObserver');
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      // After the frame that painted, not inside it.
      win.setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing: the load event below starts it
  }
  if (win.document.readyState === 'complete') win.setTimeout(once, 0);
  else win.addEventListener('load', () => win.setTimeout(once, 0), { once: true });
}

/**
 * The nonce the shell server gave this response's scripts (decision 1304), '' without one. Read
 * from the element's property: browsers hide the attribute's value once the page is parsed.
 */
export function pageNonce(doc: Document = document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/** Adds the scripts in order (as `defer` would run them), vouched for with the page's nonce. */
export function loadScripts(sources: readonly string[], doc: Document = document): void {
  const nonce = pageNonce(doc);
  for (const src of sources) {
    const script = doc.createElement('script');
    if (nonce) script.nonce = nonce;
    script.src = src;
    script.async = false;
    doc.head.appendChild(script);
  }
}

let hydrating = false;
let markHydrated: () => void = () => undefined;
const hydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/** The browser takes a server-rendered page over (bootstrap): loaders wait for that to commit. */
export function startHydrating(): void {
  hydrating = true;
}

/** React's first commit of the page (bootstrap's HydrationMark): the server's markup is React's. */
export function hydrationCommitted(): void {
  markHydrated();
}

/**
 * Settles once the server's markup has been taken over (at once when nothing is hydrated). The
 * loaders of a page the server sent as its placeholder (a private page) wait for it: one that
 * answered before React's first render made the browser render the page where the server had
 * sent the placeholder (a hydration mismatch). React Router's own hydrated router initializes
 * only after hydration, for the same reason.
 */
export function afterHydration(): Promise<void> {
  return hydrating ? hydrated : Promise.resolve();
}
