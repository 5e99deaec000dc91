// The basket's contract (decision 1202): the cart remote owns the basket's behaviour (loading, sync
// with the database, merge on sign-in, other tabs, the one-shot flags of docs/product.md §4) and registers
// it here as the page's basket service. Everyone else changes the basket with `cartActions`
// (published on bus.cart$ at once) and reads it from bus.cart$; until the service has loaded the
// basket, every change is kept in localStorage (see keptBasket.ts), so an add made before the
// cart remote has loaded, or while it is down, is applied when it loads: no line is lost.
import { BehaviorSubject, Subscription } from 'rxjs';
import type { AuthState, ServerCart } from '../types';
import { PAGE_GLOBALS } from '../pageGlobals';

/** Whose basket this page holds, as the session start read it from the session record. */
export interface SessionInfo {
  /** The anonymous session's uid (the default auth instance's user). */
  sessionUid: string;
  /** The signed-in account's uid, '' for a visitor. */
  accountUid: string;
  /**
   * The session record's anonymous basket (`{totalQuantity: 0}` for a new session), or null when
   * it could not be created: its state on the server is unknown.
   */
  anonymousCart: ServerCart | null;
}

/** What the cart remote registers (`registerBasketService`); one per page. */
export interface BasketService {
  /** The cart build that runs the basket (`SHOP_BUILD_LABEL`), for QA and the deploy journeys. */
  readonly build: string;
  /** Sends what waits now; resolves once the database answered. Never rejects. */
  flush(): Promise<void>;
  /** True while a basket state waits to be confirmed by the database. */
  hasPendingUpload(): boolean;
  /**
   * An account has just signed in on this session (its records are written): publish `auth`
   * (signed in, justSignedIn) with the account's basket merged with this one (docs/product.md §4), save it
   * and tell the other tabs. Resolves once saved. Never rejects.
   */
  adoptAccount(auth: AuthState, sessionUid: string): Promise<void>;
  /** The account has signed out: publish `auth` with the session's anonymous basket. */
  leaveAccount(auth: AuthState, sessionUid: string): Promise<void>;
  /** Stops everything (tests, hot reload). */
  stop(): void;
}

interface BasketChannels {
  readonly session$: BehaviorSubject<SessionInfo | null>;
  readonly service$: BehaviorSubject<BasketService | null>;
  /** True once the service has loaded this session's basket. */
  readonly loaded$: BehaviorSubject<boolean>;
  /**
   * True once the shell could not load the basket's remote on this page and no service is
   * registered; false again when one registers.
   */
  unavailable$: BehaviorSubject<boolean>;
}

/** The remote that registers the page's basket service (decision 1202). */
export const BASKET_REMOTE = 'cart';

const GLOBAL_KEY = PAGE_GLOBALS.basket;

/** Page singleton, like the bus: a second copy of this package finds the first one's channels. */
export function basketChannels(): BasketChannels {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: BasketChannels };
  holder[GLOBAL_KEY] ??= {
    session$: new BehaviorSubject<SessionInfo | null>(null),
    service$: new BehaviorSubject<BasketService | null>(null),
    loaded$: new BehaviorSubject<boolean>(false),
    unavailable$: new BehaviorSubject<boolean>(false),
  };
  // (Channels made by an older copy of this package, loaded first on the page, lack it.)
  holder[GLOBAL_KEY].unavailable$ ??= new BehaviorSubject<boolean>(false);
  return holder[GLOBAL_KEY];
}

/** The cart remote registers its basket service; a second registration is refused (false). */
export function registerBasketService(service: BasketService): boolean {
  const { service$ } = basketChannels();
  if (service$.getValue()) return false;
  service$.next(service);
  basketChannels().unavailable$.next(false);
  return true;
}

/** The page's basket service, or null while the cart remote has not loaded (or is down). */
export function getBasketService(): BasketService | null {
  return basketChannels().service$.getValue();
}

/** The basket service says it has loaded the session's basket (or given up on this load). */
export function markBasketLoaded(): void {
  basketChannels().loaded$.next(true);
}

/**
 * The shell could not load `remote`'s code or manifest on this page. When it is the basket's
 * remote and no basket service runs, the waits for the basket end now, as they would at their own
 * time limit, instead of waiting for a service that cannot come (the page then shows the cart's
 * fallback at once).
 */
export function remoteUnavailable(remote: string): void {
  const channels = basketChannels();
  if (remote === BASKET_REMOTE && !channels.service$.getValue()) channels.unavailable$.next(true);
}

/**
 * Resolves once the basket service has loaded this session's basket, or once its remote could
 * not be loaded (`remoteUnavailable`).
 */
export function basketLoaded(): Promise<void> {
  const { loaded$, unavailable$ } = basketChannels();
  // (Plain subscriptions: rxjs's combining operators would add kilobytes to every first page.)
  return new Promise((resolve) => {
    const waits = new Subscription();
    const settle = (settled: boolean) => {
      if (!settled) return;
      waits.unsubscribe();
      resolve();
    };
    waits.add(loaded$.subscribe(settle));
    waits.add(unavailable$.subscribe(settle));
  });
}

/**
 * Sends any basket state still waiting now and resolves once the database answered (the checkout
 * awaits it before sending an order). Without a basket service there is nothing in flight.
 */
export function flushCartSync(): Promise<void> {
  return getBasketService()?.flush() ?? Promise.resolve();
}

/** True while a basket state waits to be confirmed by the database. */
export function hasPendingCartUpload(): boolean {
  return getBasketService()?.hasPendingUpload() ?? false;
}

/** Publishes whose basket this page holds (the session start, sign in, sign out). */
export function setSessionInfo(info: SessionInfo | null): void {
  basketChannels().session$.next(info);
}

/** Ends the page's basket service and session info (tests, hot reload). */
export function resetBasketChannels(): void {
  const channels = basketChannels();
  channels.service$.getValue()?.stop();
  channels.service$.next(null);
  channels.session$.next(null);
  channels.loaded$.next(false);
  channels.unavailable$.next(false);
}
