// The page's toasts as sonner shows them (docs/product.md §2 Notifications, §9 Toasts): bottom-right, at most
// 3 visible, 4000 ms, Alt+T expands, Escape collapses (sonner's own keyboard handling). Loaded by
// ShopToaster when the page's first toast comes, so sonner (and the styles it injects) is no part
// of a page's first load.
import { useEffect, useRef } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOASTS_VISIBLE } from '../constants';
import type { ToastEvent } from '../types';

/**
 * Sonner remembers where focus came from when it enters the toasts, and puts it back there when it
 * leaves them. Right after Alt+T (it focuses the list itself) that is the way back; but a shopper
 * who Tabs in from the footer's last link would be sent back to that link on every Tab out, and
 * Tab would cycle toast → "Close toast" → toast until the toast expires. So unless the hotkey
 * focused the list, focus moving onto the toasts is hidden from sonner: Tab order simply goes on.
 */
function useNaturalTabOrder() {
  const toaster = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = toaster.current;
    if (!section) return;
    // The hotkey focuses the list itself: from then on until focus leaves the list, sonner may
    // remember where the shopper was and take them back there.
    let enteredByHotkey = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      const list = target?.closest('[data-sonner-toaster]');
      if (!list) return;
      if (target === list) enteredByHotkey = true;
      // Sonner listens through React's root, above this section: stop the event on its way there.
      if (!enteredByHotkey) event.stopPropagation();
    };
    const onFocusOut = (event: FocusEvent) => {
      const list = (event.target as Element | null)?.closest('[data-sonner-toaster]');
      const next = event.relatedTarget;
      if (!(next instanceof Node && list?.contains(next))) enteredByHotkey = false;
    };
    section.addEventListener('focusin', onFocusIn);
    section.addEventListener('focusout', onFocusOut);
    return () => {
      section.removeEventListener('focusin', onFocusIn);
      section.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return toaster;
}

/** Shows one toast; sonner keeps it for its Toaster if that is not mounted yet. */
export function showToast(event: ToastEvent): void {
  const options = { id: event.id, duration: event.durationMs ?? TOAST_DURATION_MS };
  if (event.kind === 'success') sonnerToast.success(event.message, options);
  else if (event.kind === 'error') sonnerToast.error(event.message, options);
  else sonnerToast(event.message, options);
}

export function SonnerToaster() {
  const toaster = useNaturalTabOrder();
  return (
    <Toaster
      ref={toaster}
      position="bottom-right"
      visibleToasts={TOASTS_VISIBLE}
      duration={TOAST_DURATION_MS}
      gap={TOAST_GAP_PX}
      hotkey={['altKey', 'KeyT']}
      closeButton
    />
  );
}
