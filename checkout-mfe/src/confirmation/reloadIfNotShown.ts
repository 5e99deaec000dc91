// The confirmation's one reload (decision 1601). An order's confirmation once stayed off screen
// while the address bar already showed its address; a reload always showed it. So, after an
// order, if the confirmation's page has not mounted a little after the router moved to its
// address, the page is loaded once more. The order is stored by then: the reload reads it back.
// Only the order form's action arms it, so the reloaded page (a GET) arms nothing and cannot
// reload in a loop. One timer per order, no polling.
import { pathOutOfMarket } from '@shop/shared';

/** How long the page may take to mount once its loader has run (it takes ~0.1 s). */
export const CONFIRMATION_GRACE_MS = 1_000;

/** What the guard needs from the browser; tests pass their own. */
export interface GuardEnvironment {
  /** The address as shown in the address bar: path and query. */
  address: () => string;
  reload: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const browser: GuardEnvironment = {
  // As the router reads it: without the market's prefix (decision 5101).
  address: () => pathOutOfMarket(window.location.pathname) + window.location.search,
  reload: () => window.location.reload(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
};

let expected: { outcome: string; environment: GuardEnvironment; timer?: unknown } | null = null;

/** The order form's action redirects to `outcome` (path and query). */
export function expectConfirmation(outcome: string, environment: GuardEnvironment = browser): void {
  forgetConfirmation();
  expected = { outcome, environment };
}

/**
 * The confirmation's loader has run for `outcome`: the router moves to it now. If its page has
 * not mounted after the grace while the address is still its own, the page is loaded again.
 */
export function confirmationLoaded(outcome: string): void {
  const watch = expected;
  if (!watch || watch.outcome !== outcome || watch.timer !== undefined) return;
  const { environment } = watch;
  watch.timer = environment.setTimeout(() => {
    if (expected !== watch) return;
    expected = null;
    // The shopper has gone elsewhere: whatever shows now is not this order's page.
    if (environment.address() !== outcome) return;
    console.warn('[checkout] the order confirmation did not show; loading the page again');
    environment.reload();
  }, CONFIRMATION_GRACE_MS);
}

/** The confirmation's page for `outcome` is on screen (its commit). */
export function confirmationShown(outcome: string): void {
  if (expected?.outcome === outcome) forgetConfirmation();
}

/** Nothing expected any more (and tests: a clean start). */
export function forgetConfirmation(): void {
  if (expected?.timer !== undefined) expected.environment.clearTimeout(expected.timer);
  expected = null;
}
