// The page-wide event bus. Every app on the page must see the same subjects, so the first copy
// of this package to load stores the bus on globalThis and any later copy reuses it.
import { BehaviorSubject, Subject } from 'rxjs';
import type { AuthState, Cart, DeviceState, ErrorState, LoadingState, ToastEvent } from '../types';
import { EMPTY_CART } from '../cart/emptyCart';
import { MOBILE_BREAKPOINT_PX } from '../constants';
import { PAGE_GLOBALS } from '../pageGlobals';
import { type Market, ROOT_MARKET, marketOfPath } from '../markets/markets';

export interface ShopBus {
  readonly version: 1;
  readonly auth$: BehaviorSubject<AuthState>;
  readonly cart$: BehaviorSubject<Cart>;
  readonly error$: BehaviorSubject<ErrorState>;
  readonly loading$: BehaviorSubject<LoadingState>;
  readonly device$: BehaviorSubject<DeviceState>;
  readonly toasts$: Subject<ToastEvent>;
  /**
   * The page's market (decision 5101), for code outside React (the basket's pricing): the shell
   * publishes the one it negotiated; React code reads `useMarket()`.
   */
  readonly market$: BehaviorSubject<Market>;
}

export const SIGNED_OUT: AuthState = {
  isSignedIn: false,
  email: '',
  signedOutByLogout: false,
  justSignedIn: false,
  userAccountUid: '',
};

export const NO_ERROR: ErrorState = { isError: false, message: { content: '', error: '' } };

const GLOBAL_KEY = PAGE_GLOBALS.bus;

function createBus(): ShopBus {
  return {
    version: 1,
    auth$: new BehaviorSubject<AuthState>(SIGNED_OUT),
    cart$: new BehaviorSubject<Cart>(EMPTY_CART),
    error$: new BehaviorSubject<ErrorState>(NO_ERROR),
    loading$: new BehaviorSubject<LoadingState>({ isLoading: false }),
    market$: new BehaviorSubject<Market>(
      typeof location === 'undefined' ? ROOT_MARKET : marketOfPath(location.pathname),
    ),
    device$: new BehaviorSubject<DeviceState>({
      isMobile: typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX,
    }),
    toasts$: new Subject<ToastEvent>(),
  };
}

/**
 * Returns the page singleton, creating it on first use. A second copy of this package on the page
 * (a remote that did not get the shared singleton) finds the first copy's bus on globalThis and
 * reuses it, so every app still talks over the same subjects.
 */
export function getBus(): ShopBus {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: ShopBus };
  const existing = holder[GLOBAL_KEY];
  if (existing && existing.version === 1) return existing;
  const created = createBus();
  holder[GLOBAL_KEY] = created;
  return created;
}

export const bus: ShopBus = getBus();
