// Where the checkout sends a shopper to sign in: the account remote's sign-in page (the "sign-in"
// role of its route list, linked through the page's shop context), coming back afterwards.
import type { ShopContext } from '@shop/shared';
import { returningTo } from '@shop/shared/routes/routeList';

/** The sign-in page, then back to `here` (a path with its query). */
export const signInReturningTo = (shop: ShopContext, here: string) =>
  returningTo(shop.hrefFor('sign-in'), here);
