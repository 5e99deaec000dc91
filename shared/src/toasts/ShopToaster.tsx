// The one toaster of the page (docs/product.md §2 Notifications, §9 Toasts): it shows every toast
// published on the bus, whichever app published it. Sonner, which draws them, is about 9 KiB gzip
// of script that no page needs until its first toast, so it is loaded then (decision 1307); toasts
// published meanwhile are kept and shown once it is here. Should its code fail to load (the shop's
// own server unreachable), the toasts are still shown, as plain status messages.
import { type ComponentType, useEffect, useState } from 'react';
import { bus } from '../bus/bus';
import { TOAST_DURATION_MS } from '../constants';
import type { ToastEvent } from '../types';

export interface LoadedToaster {
  SonnerToaster: ComponentType;
  showToast(event: ToastEvent): void;
}

export type LoadToaster = () => Promise<LoadedToaster>;

const loadSonner: LoadToaster = () => import('./SonnerToaster');

const LIVE_REGION_DELAY_MS = 100;

/** Toasts shown while sonner's code cannot be loaded: text in a polite live region. */
function PlainToasts({ toasts }: { toasts: ToastEvent[] }) {
  return (
    <div className="shop-plain-toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p
          key={toast.id}
          className={`shop-plain-toasts__toast shop-plain-toasts__toast--${toast.kind}`}
        >
          {toast.message}
        </p>
      ))}
    </div>
  );
}

export function ShopToaster({ load = loadSonner }: { load?: LoadToaster }) {
  const [loaded, setLoaded] = useState<LoadedToaster | null>(null);
  const [plain, setPlain] = useState<ToastEvent[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    let ready: LoadedToaster | null = null;
    let loading = false;
    const waiting: ToastEvent[] = [];
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const showPlain = (event: ToastEvent) => {
      setPlain((shown) => [...shown, event]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setPlain((shown) => shown.filter((toast) => toast.id !== event.id));
      }, event.durationMs ?? TOAST_DURATION_MS);
      timers.add(timer);
    };
    const startLoading = () => {
      loading = true;
      load().then(
        (module) => {
          loading = false;
          if (!active) return;
          ready = module;
          // Sonner hands the toasts it holds to its Toaster when that mounts.
          for (const event of waiting.splice(0)) module.showToast(event);
          setLoaded(module);
        },
        (error: unknown) => {
          loading = false;
          if (!active) return;
          console.error('[shared] the toaster could not be loaded; toasts shown as text', error);
          // The live region first, its text a moment later: screen readers announce changes to a
          // region that is already there, not a region that arrives with its text.
          setFailed(true);
          const shown = waiting.splice(0);
          const timer = setTimeout(() => {
            timers.delete(timer);
            shown.forEach(showPlain);
          }, LIVE_REGION_DELAY_MS);
          timers.add(timer);
        },
      );
    };
    const subscription = bus.toasts$.subscribe((event) => {
      if (ready) return ready.showToast(event);
      waiting.push(event);
      if (!loading) startLoading(); // after a failure, the next toast tries again
    });
    return () => {
      active = false;
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [load]);
  // Text toasts shown after a failed load stay their time when a later load succeeds.
  return (
    <>
      {loaded && <loaded.SonnerToaster />}
      {failed && <PlainToasts toasts={plain} />}
    </>
  );
}
