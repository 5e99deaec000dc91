// How "Try again" on an unknown address recovers the pages of a remote that was down: the
// bootstrap registers it here (it has the router and the route composition), so the page that
// shows the fallback needs neither (no import cycle with routes.tsx).
type Recovery = () => Promise<boolean>;
let recovery: Recovery | null = null;

export function setPageRecovery(value: Recovery | null): void {
  recovery = value;
}

/** Reads the missing route lists again; true when pages were recovered (match the address again). */
export function recoverMissingPages(): Promise<boolean> {
  return recovery ? recovery() : Promise.resolve(false);
}
