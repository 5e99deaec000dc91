// The order's action empties the basket at once (a synchronous store), while the router brings the
// confirmation's page a moment later (a transition). In between, the checkout shows what the action
// puts here: the sent order's confirmation, in the same render as the empty basket, so the screen
// that follows a stored order is never the details step with nothing left to order (decision 1601).
// A module of its own, and no rxjs (the checkout would bundle a copy of its own): the checkout's
// layout reads it without loading the confirmation's code.
import { type ReactNode, useSyncExternalStore } from 'react';

let shown: ReactNode = null;
const listeners = new Set<() => void>();

const current = () => shown;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows `view` in the checkout's place (null: the checkout itself again). Only a checkout on
 * screen shows it: an order that ends after the shopper has left the checkout (a link followed
 * while it was sent) is not shown by the next checkout they open.
 */
export function showConfirmationInPlace(view: ReactNode): void {
  shown = listeners.size > 0 ? view : null;
  listeners.forEach((listener) => listener());
}

export function confirmationInPlace(): ReactNode {
  return shown;
}

/** A synchronous store, as the basket's: both changes render together. */
export function useConfirmationInPlace(): ReactNode {
  return useSyncExternalStore(subscribe, current, current);
}
