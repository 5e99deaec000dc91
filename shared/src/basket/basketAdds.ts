// "Add to basket" as a page-wide event (decision 4001): the cart remote opens its basket drawer on
// a shopper's add, whichever remote made it, without the remotes importing each other. Only
// `cartActions.addProduct` announces (the basket's sync and merges replace the basket, they add
// nothing), and only when the basket changed. The last add is kept, so an add made before the cart
// remote's code has loaded (a press held until the page was live) is still seen when it loads.
import { BehaviorSubject } from 'rxjs';
import { PAGE_GLOBALS } from '../pageGlobals';

export interface BasketAdd {
  /** The line's key (`lineKey`). */
  key: string;
  /** The page the add was made on: a drawer opens only on that page. */
  path: string;
}

const GLOBAL_KEY = PAGE_GLOBALS.basketAdds;

/** Page singleton, like the bus: a second copy of this package finds the first one's subject. */
export function basketAdds(): BehaviorSubject<BasketAdd | null> {
  const holder = globalThis as typeof globalThis & {
    [GLOBAL_KEY]?: BehaviorSubject<BasketAdd | null>;
  };
  return (holder[GLOBAL_KEY] ??= new BehaviorSubject<BasketAdd | null>(null));
}
