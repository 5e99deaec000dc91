// The storefront's router, for the few places that patch it (recovered route lists).
import type { createBrowserRouter } from 'react-router-dom';

type StorefrontRouter = ReturnType<typeof createBrowserRouter>;
let router: StorefrontRouter | null = null;

export function setCurrentRouter(value: StorefrontRouter | null): void {
  router = value;
}

export function currentRouter(): StorefrontRouter | null {
  return router;
}
