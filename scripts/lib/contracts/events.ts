// The page's bus events (shared/CONTRACT.md §1, §4 "A shopper's add", §8): each one's payload, a
// named type of @shop/shared, and the calls through which an app emits or handles it. An app emits
// or handles an event when its own shipped code makes one of those calls (sharedUses.ts). This is
// the one table of them (decision 5001): a new publisher or reader of the bus is added here.

export interface BusEvent {
  /** The payload's type, declared in `file` (from the repository's root). */
  payload: { file: string; type: string };
  /** Dotted paths from a shared import (sharedUses.ts) through which an app sends it. */
  emittedBy: string[];
  /** … and through which an app reads it. */
  handledBy: string[];
}

const TYPES = 'shared/src/types.ts';

export const BUS_EVENTS: Record<string, BusEvent> = {
  'basket-add': {
    payload: { file: 'shared/src/basket/basketAdds.ts', type: 'BasketAdd' },
    emittedBy: ['cartActions.addProduct'],
    handledBy: ['basketAdds'],
  },
  toast: {
    payload: { file: TYPES, type: 'ToastEvent' },
    emittedBy: ['toast.success', 'toast.error', 'toast.info'],
    handledBy: ['ShopToaster', 'bus.toasts$', 'getBus().toasts$'],
  },
  auth: {
    payload: { file: TYPES, type: 'AuthState' },
    emittedBy: ['startSession', 'signIn', 'signUp', 'signOut', 'changeEmail', 'setAuth'],
    handledBy: ['useAuth', 'bus.auth$', 'getBus().auth$'],
  },
  cart: {
    payload: { file: TYPES, type: 'Cart' },
    emittedBy: [
      'cartActions.addProduct',
      'cartActions.replaceCart',
      'cartActions.removeItem',
      'cartActions.setQuantity',
      'cartActions.updateDiscount',
      'cartActions.setTotalPrice',
      'cartActions.reset',
    ],
    handledBy: ['useCart', 'cartActions.get', 'bus.cart$', 'getBus().cart$'],
  },
  session: {
    payload: { file: 'shared/src/basket/basketContract.ts', type: 'SessionInfo' },
    emittedBy: ['startSession', 'setSessionInfo'],
    handledBy: ['basketChannels().session$'],
  },
  'basket-service': {
    payload: { file: 'shared/src/basket/basketContract.ts', type: 'BasketService' },
    emittedBy: ['registerBasketService'],
    // Sign in, up and out hand the basket to the service (CONTRACT §8).
    handledBy: [
      'getBasketService',
      'flushCartSync',
      'hasPendingCartUpload',
      'signIn',
      'signUp',
      'signOut',
    ],
  },
  error: {
    payload: { file: TYPES, type: 'ErrorState' },
    emittedBy: ['raiseError', 'clearError'],
    handledBy: ['useError', 'bus.error$', 'getBus().error$'],
  },
  loading: {
    payload: { file: TYPES, type: 'LoadingState' },
    // The session start shows the page as loading while it runs (CONTRACT §1).
    emittedBy: ['setLoading', 'startSession'],
    handledBy: ['useLoading', 'bus.loading$', 'getBus().loading$'],
  },
};

/** The events an app emits and handles, given the shared paths its code uses. */
export function eventsOf(used: ReadonlySet<string>): { emits: string[]; handles: string[] } {
  const names = Object.keys(BUS_EVENTS).sort();
  return {
    emits: names.filter((name) => BUS_EVENTS[name]!.emittedBy.some((path) => used.has(path))),
    handles: names.filter((name) => BUS_EVENTS[name]!.handledBy.some((path) => used.has(path))),
  };
}
