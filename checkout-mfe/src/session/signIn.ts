// Where the checkout sends a shopper to sign in: the account remote's sign-in page (the "sign-in"
// role of its route list, through hrefFor), coming back afterwards.
import { hrefFor } from '@shop/shared';
import { returningTo } from '@shop/shared/routes/routeList';

/** The sign-in page, then back to `here` (a path with its query). */
export const signInReturningTo = (here: string) => returningTo(hrefFor('sign-in'), here);
