// What the pages of a kind share at their beginning (the template's head and the remote page's
// styles: renderPage's `sharedLength`, 25–40 KB) is worked out once, not on every cache miss:
// its gzip (pageGzip), its digest (the page's ETag) and its inline scripts' hashes (the policy).

/** Beginnings kept per use: one per kind of page and deploy (the oldest go first). */
export const MAX_KEPT_BEGINNINGS = 16;

export interface KeptPerBeginning<T> {
  /** What `make` gives for this beginning, made once while it is kept. */
  of(beginning: string): T;
  /** How many beginnings are kept (tests). */
  size(): number;
}

export function keptPerBeginning<T>(make: (beginning: string) => T): KeptPerBeginning<T> {
  const kept = new Map<string, T>();
  return {
    of(beginning) {
      let value = kept.get(beginning);
      if (value === undefined) {
        value = make(beginning);
        while (kept.size >= MAX_KEPT_BEGINNINGS) kept.delete(kept.keys().next().value as string);
      } else {
        kept.delete(beginning);
      }
      kept.set(beginning, value);
      return value;
    },
    size: () => kept.size,
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Whether `text` may be cut at `sharedLength` into a beginning and a rest: long enough to be
 * worth it, within the text, and not inside a character written as two UTF-16 units (the cut
 * would change both halves' bytes).
 */
export function cutsCleanly(text: string, sharedLength: number, minimum = 1): boolean {
  return (
    sharedLength >= minimum &&
    sharedLength <= text.length &&
    !isHighSurrogate(text.charCodeAt(sharedLength - 1))
  );
}
