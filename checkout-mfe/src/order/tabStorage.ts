/**
 * This tab's session storage, or null where the browser blocks it (privacy modes throw on the
 * very read of `sessionStorage`).
 */
export function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
