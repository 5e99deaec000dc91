// Presses made before the page's scripts have taken over a server-rendered page (decision 1302):
// a size chosen and "Add to basket" pressed while the scripts still download would otherwise do
// nothing (or submit the form natively and reload). Inlined in the head, this holds such presses
// on the page's controls and presses them again, in order, once React has taken the page over.
// Links are left alone: following one loads the next server-rendered page, as without scripts.

const RELEASE_KEY = '__SHOP_RELEASE_EARLY_INPUT__';
type Holder = typeof globalThis & { [RELEASE_KEY]?: () => void };

/** Controls whose press needs the page's scripts (text fields and selects work natively). */
const HELD = 'button, label, summary, input[type="radio"], input[type="checkbox"]';

export function holdEarlyInput(win: Window & typeof globalThis): void {
  const held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(HELD) : null;
    if (!(target instanceof HTMLElement) || !target.closest('#root')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === 'click') held.push(target);
  };
  win.addEventListener('click', hold, true);
  win.addEventListener('submit', hold, true);
  (win as Holder)[RELEASE_KEY] = () => {
    win.removeEventListener('click', hold, true);
    win.removeEventListener('submit', hold, true);
    delete (win as Holder)[RELEASE_KEY];
    const presses = held.splice(0);
    // One press per task, as a person makes them: React applies what a press changed (a size
    // chosen) in a microtask, so the next press (the add) must come after it, not in the same
    // task, or it reads the page as it was before.
    const pressNext = () => {
      const element = presses.shift();
      if (element?.isConnected) element.click();
      if (presses.length > 0) win.setTimeout(pressNext, 0);
    };
    pressNext();
  };
}

/** Called once the page is React's (the root layout's first effect): presses held are made now. */
export function releaseEarlyInput(): void {
  (globalThis as Holder)[RELEASE_KEY]?.();
}
