import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';
import { EMPTY_CART } from '../cart/emptyCart';
import { NO_ERROR, SIGNED_OUT, bus } from './bus';

/**
 * Subscribes a component to a BehaviorSubject channel of the bus. `asRendered`: the value the
 * shell server renders with (the channel's first value; the server publishes on no channel). React
 * reads it while it takes a server-rendered page over (hydration), then renders again with the
 * page's own value: a session or kept basket published before the page's code arrived would
 * otherwise differ from the server's markup, and React would throw that markup away and draw the
 * page anew, losing a press made on it meanwhile. Without it, the channel's value now.
 */
export function useChannel<T>(subject: BehaviorSubject<T>, asRendered?: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [subject],
  );
  const read = useCallback(() => subject.getValue(), [subject]);
  const readAsRendered = useCallback(
    () => (asRendered === undefined ? subject.getValue() : asRendered),
    [subject, asRendered],
  );
  return useSyncExternalStore(subscribe, read, readAsRendered);
}

/**
 * Subscribes a component to any observable; `initial` is used until it emits. The observable
 * should be stable (created outside render or memoised).
 */
export function useObservable<T>(observable$: Observable<T>, initial: T): T {
  const latest = useRef<{ value: T }>({ value: initial });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = observable$.subscribe((value) => {
        latest.current = { value };
        onChange();
      });
      return () => subscription.unsubscribe();
    },
    [observable$],
  );
  const read = useCallback(() => latest.current.value, []);
  return useSyncExternalStore(subscribe, read, read);
}

// What the server renders with: nobody signed in, an empty basket, no error, nothing loading, a
// wide screen (the layouts switch by CSS until the browser knows its width).
const NOT_LOADING = { isLoading: false };
const WIDE = { isMobile: false };
export const useAuth = () => useChannel(bus.auth$, SIGNED_OUT);
export const useCart = () => useChannel(bus.cart$, EMPTY_CART);
export const useError = () => useChannel(bus.error$, NO_ERROR);
export const useLoading = () => useChannel(bus.loading$, NOT_LOADING);
export const useDevice = () => useChannel(bus.device$, WIDE);
