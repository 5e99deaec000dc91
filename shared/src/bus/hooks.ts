import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';
import { bus } from './bus';

/** Subscribes a component to a BehaviorSubject channel of the bus. */
export function useChannel<T>(subject: BehaviorSubject<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [subject],
  );
  const read = useCallback(() => subject.getValue(), [subject]);
  return useSyncExternalStore(subscribe, read, read);
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

export const useAuth = () => useChannel(bus.auth$);
export const useCart = () => useChannel(bus.cart$);
export const useError = () => useChannel(bus.error$);
export const useLoading = () => useChannel(bus.loading$);
export const useDevice = () => useChannel(bus.device$);
