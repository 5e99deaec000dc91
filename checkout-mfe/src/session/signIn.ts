// Where the checkout sends a shopper to sign in: the account remote's sign-in page (the "sign-in"
// role of its route list; links between teams are URLs), coming back afterwards (issue 41).
import { returningTo } from '@shop/shared/routes/routeList';

const SIGN_IN_ADDRESS = '/authentication?mode=signin';

/** The sign-in page, then back to `here` (a path with its query). */
export const signInReturningTo = (here: string) => returningTo(SIGN_IN_ADDRESS, here);
