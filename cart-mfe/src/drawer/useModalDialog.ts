// A native modal <dialog> driven by an `open` prop (decision 4001): shown with focus on its first
// control, closed when `open` turns false; Escape (its "cancel") and a press on the backdrop close
// it natively, and every close tells the owner and returns focus to what opened it.
import { useEffect, useRef, type RefObject } from 'react';

export interface ModalDialogOptions {
  open: boolean;
  /** The dialog has closed, whichever way. */
  onClose: () => void;
  /** Where focus goes back to once it closes. */
  returnFocusTo: () => HTMLElement | null;
}

export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  firstControl: RefObject<HTMLElement | null>,
  { open, onClose, returnFocusTo }: ModalDialogOptions,
) {
  const latest = useRef({ onClose, returnFocusTo });
  useEffect(() => {
    latest.current = { onClose, returnFocusTo };
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      firstControl.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, dialog, firstControl]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Escape closes a modal dialog natively (its "cancel"), then "close" fires as for the rest.
    const closed = () => {
      latest.current.onClose();
      const target = latest.current.returnFocusTo();
      if (target?.isConnected) target.focus();
    };
    // The panel fills the dialog box: a press whose target is the dialog itself is its backdrop.
    const pressed = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('close', closed);
    element.addEventListener('click', pressed);
    return () => {
      element.removeEventListener('close', closed);
      element.removeEventListener('click', pressed);
    };
  }, [dialog]);
}
