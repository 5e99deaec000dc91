import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';
import { bus } from './bus';

/** Subscribes a component to a BehaviorSubject channel of the bus. */
export function useChannel<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => subject.getValue(),
    () => subject.getValue(),
  );
}

export const useAuth = () => useChannel(bus.auth$);
export const useCart = () => useChannel(bus.cart$);
export const useError = () => useChannel(bus.error$);
export const useLoading = () => useChannel(bus.loading$);
export const useDevice = () => useChannel(bus.device$);
