// The one Toaster of the page (spec §2 Notifications, §9 Toasts): bottom-right, at most 3 visible,
// 4000 ms, Alt+T expands, Escape collapses (sonner's own keyboard handling). It renders every
// toast published on the bus, whichever app published it.
import { useEffect } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { bus } from '../bus/bus';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOASTS_VISIBLE } from '../constants';

export function ShopToaster() {
  useEffect(() => {
    const subscription = bus.toasts$.subscribe((event) => {
      const options = { id: event.id, duration: event.durationMs ?? TOAST_DURATION_MS };
      if (event.kind === 'success') sonnerToast.success(event.message, options);
      else if (event.kind === 'error') sonnerToast.error(event.message, options);
      else sonnerToast(event.message, options);
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={TOASTS_VISIBLE}
      duration={TOAST_DURATION_MS}
      gap={TOAST_GAP_PX}
      hotkey={['altKey', 'KeyT']}
      closeButton
    />
  );
}
