// The shopper's first interaction, watched from the inline script of the page's head: a touch or
// a key while the page's scripts still download counts, so a page whose code waits for it
// (decision 1312) loads that code at once when they arrive, not on a second interaction.

const INTERACTED_KEY = '__SHOP_INTERACTED__';
type Marked = typeof globalThis & { [INTERACTED_KEY]?: true };

/**
 * What counts as the shopper's first interaction: a press, a key, a touch, a pointer move, a
 * wheel, and a click or a focus move, which is all a screen reader in browse mode may send.
 */
export const INTERACTIONS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'wheel',
  'click',
  'focusin',
] as const;

/** Settles on the first of `INTERACTIONS` on `target` (never without one: the shell server). */
export function onFirstInteraction(target: EventTarget | undefined, then: () => void): void {
  if (!target) return;
  const options = { capture: true, passive: true } as const;
  const done = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, done, options);
    then();
  };
  for (const type of INTERACTIONS) target.addEventListener(type, done, options);
}

/** From the inline script: marks the page once the shopper has interacted. */
export function watchEarlyInteraction(win: Window & typeof globalThis): void {
  onFirstInteraction(win, () => {
    (win as Marked)[INTERACTED_KEY] = true;
  });
}

/** Whether the inline script saw an interaction already. */
export function interactedEarly(): boolean {
  return (globalThis as Marked)[INTERACTED_KEY] === true;
}
