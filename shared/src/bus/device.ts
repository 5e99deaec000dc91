// Device type (docs/product.md §4): mobile when the window is narrower than 992 px, recomputed on resize.
import { MOBILE_BREAKPOINT_PX } from '../constants';
import { bus } from './bus';
import { PAGE_GLOBALS } from '../pageGlobals';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

function publish(): void {
  if (typeof window === 'undefined') return;
  const isMobile = isMobileWidth(window.innerWidth);
  if (bus.device$.getValue().isMobile !== isMobile) bus.device$.next({ isMobile });
}

const WATCH_KEY = PAGE_GLOBALS.deviceWatch;
type Holder = typeof globalThis & { [WATCH_KEY]?: () => void };

/**
 * Publishes the device type now and on every resize. Idempotent across copies of the package;
 * returns a function that stops watching. startSession() calls it.
 */
export function startDeviceWatch(): () => void {
  const holder = globalThis as Holder;
  if (typeof window === 'undefined') return () => undefined;
  if (!holder[WATCH_KEY]) {
    window.addEventListener('resize', publish);
    holder[WATCH_KEY] = () => {
      window.removeEventListener('resize', publish);
      delete holder[WATCH_KEY];
    };
  }
  publish();
  return holder[WATCH_KEY];
}

export function stopDeviceWatch(): void {
  (globalThis as Holder)[WATCH_KEY]?.();
}
