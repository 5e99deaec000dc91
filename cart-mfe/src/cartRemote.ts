// The cart remote's start on a page: what its exposed modules (the header's mini basket, the basket
// review) and its standalone page call, explicitly, before their first render. The header's mini
// basket is on every page, so its entry starts the basket service there; the basket's own page may
// load before it and starts it too: the service registers once per page (basketService.ts).
import { startBasketService } from './basket-sync/basketService';

/** Starts the cart remote's basket service (load, sync, merge) on this page. Idempotent. */
export function startCartRemote(): void {
  startBasketService();
}
