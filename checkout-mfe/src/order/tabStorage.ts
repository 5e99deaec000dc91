/**
 * This tab's session storage, or null where the browser blocks it (privacy modes throw on the
 * very read of `sessionStorage`). No other import, so the confirmation watch, which the e2e
 * journeys load in Node, can use it too.
 */
export function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
