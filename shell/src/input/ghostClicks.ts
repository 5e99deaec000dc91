// A double click on "Place order" (or any button that replaces the page) must not press whatever
// the next page puts under the pointer: the second press was aimed at the element that is gone.
// The browser counts the presses of a multi-click in `detail` whatever lies under the pointer,
// so a click with detail ≥ 2 whose target is not the element the multi-click started on is
// swallowed before React or the browser act on it (decision 1601: a double click landed on the home
// page through the confirmation's "Return to the home page").

/** Starts the guard on a window; returns a function that stops it. */
export function ignoreGhostClicks(target: Window): () => void {
  let started: EventTarget | null = null;
  const onClick = (event: MouseEvent) => {
    if (event.detail <= 1) {
      started = event.target;
      return;
    }
    if (event.target === started) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  target.addEventListener('click', onClick, { capture: true });
  return () => target.removeEventListener('click', onClick, { capture: true });
}
