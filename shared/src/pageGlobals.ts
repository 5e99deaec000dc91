// Every value the shop keeps on globalThis, each with why Module Federation's share scope cannot
// carry it (decision 5503). Only the main entry of @shop/shared is a shared singleton; its subpath
// modules (`@shop/shared/accounts`, `/forms`, …) are bundled into each app that imports them, so a
// module they reach (the bus, the session, the auth backend) can be evaluated once per app on one
// page. What must be one per page therefore lives here, found by whichever copy comes first. The
// shell's early chain (an inline script that runs before the federation runtime and imports
// nothing) keeps its three keys in shell/src/early/; no other product file names a `__SHOP_` key,
// and tests and journeys name only these (scripts/lib/pageGlobals.test.ts checks both).
export const PAGE_GLOBALS = {
  /** The bus's subjects (session, basket, toasts, device): every app must talk over the same. */
  bus: '__SHOP_BUS__',
  /** The basket channels: the one basket service the cart registers, and whether it loaded. */
  basket: '__SHOP_BASKET__',
  /** "Added to the basket" events, which the cart's drawer opens on, whoever published them. */
  basketAdds: '__SHOP_BASKET_ADDS__',
  /** The subscription keeping the basket until the service loads it: released by any copy. */
  basketKeeper: '__SHOP_BASKET_KEEPER__',
  /** The window's resize watch: one per page, stopped by any copy. */
  deviceWatch: '__SHOP_DEVICE_WATCH__',
  /** The identity SDK behind a lazy import: two would sign in twice. */
  authBackend: '__SHOP_AUTH_BACKEND__',
  /** The page's session start, once per page. */
  session: '__SHOP_SESSION__',
  /** Releases a session start that waits for the shopper's first interaction. */
  sessionRelease: '__SHOP_SESSION_RELEASE__',
  /** A session asked for before the session module loaded (the early chain's first press). */
  sessionRequested: '__SHOP_SESSION_REQUESTED__',
  /** The shell's early chain: the remotes' manifests and first reads, started before any module. */
  earlyStart: '__SHOP_EARLY_START__',
  /** The shell's early chain: the shopper interacted before the page's code arrived. */
  interacted: '__SHOP_INTERACTED__',
  /** The shell's early chain: presses held until React takes the page over. */
  releaseEarlyInput: '__SHOP_RELEASE_EARLY_INPUT__',
} as const;
