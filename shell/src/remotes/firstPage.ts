// When the first page has loaded and painted: what waits for it (the header's mini basket, the
// session) must not hold up the page's first paint (decision 0502).
import { isReturningVisitor, sessionRequested } from '@shop/shared/firstRender';
import { interactedEarly, onFirstInteraction } from '../early/earlyInteraction';
import type { RemoteModuleRef } from './pageModules';

/**
 * In the header of every page. They are neither preloaded nor loaded before the page itself has
 * loaded (`firstPageLoaded`): their code must not hold up the page's first paint, and until then
 * the header shows a plain basket link with the count.
 */
export const HEADER_MODULES: RemoteModuleRef[] = [{ remote: 'cart', exposed: './MiniBasket' }];

let markLoaded: () => void = () => undefined;
/** Settles once the first page has loaded and painted (or failed), or after 4 s at the most. */
export const firstPageLoaded = new Promise<void>((resolve) => {
  markLoaded = resolve;
  const timer: unknown = setTimeout(resolve, 4000);
  // On the shell server no first page is waited for: the timer must not keep Node running.
  (timer as { unref?: () => void }).unref?.();
});

/**
 * Settles on the shopper's first interaction with the page (`INTERACTIONS`), or at once when the
 * page's inline script saw one before this code ran (never on the shell server).
 */
export function firstInteraction(
  target: EventTarget | undefined = globalThis.window,
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (target === globalThis.window && interactedEarly()) resolve();
    else onFirstInteraction(target, resolve);
  });
}

/**
 * The shopper's first interaction, watched from the start: a press before the first page counts.
 * A page whose code waits for it (decision 1312) loads its code then.
 */
export const shopperInteracted: Promise<void> = firstInteraction();

/**
 * When the session starts (and with it the identity SDK and the header's basket code): once the
 * first page has loaded, for a returning visitor (a session, an account or an unsent basket to
 * show). A new visitor has nothing to show yet, so theirs also waits for their first interaction:
 * their first load carries neither (decision 1308).
 */
export const sessionWanted: Promise<void> = firstPageLoaded.then(() =>
  isReturningVisitor() ? undefined : shopperInteracted,
);

/**
 * When the header's modules load: with the session, or as soon as a page needs the session
 * sooner (checkout, account): the mini basket's code brings the cart remote's basket service,
 * which loads the basket those pages wait for (decision 1202).
 */
export const headerModulesWanted: Promise<void> = Promise.race([sessionWanted, sessionRequested()]);

/** Runs `task` when the browser is idle, or after `timeoutMs` at the latest. */
function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 0); // Safari has no idle callbacks
}

/**
 * Called from an effect of the first page's content (a remote's page or its error), or by the
 * bootstrap for a page without loaders: it has committed, so it is marked loaded once the browser
 * has painted it and has a moment to spare. The router's own "ready" comes earlier: React commits
 * its first page later, in a transition, and what waits for `firstPageLoaded` must not compete
 * with that paint (decision 0503).
 */
export function firstPageCommitted(): void {
  requestAnimationFrame(() => setTimeout(() => whenIdle(markLoaded, 1000), 0));
}
