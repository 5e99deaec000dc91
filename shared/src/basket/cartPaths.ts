// Where baskets live in the database (docs/product.md §7): the data model every team reads.
import type { AuthState } from '../types';

export const anonymousCartPath = (sessionUid: string) =>
  `users/anonymousTokens/${sessionUid}/anonymousCart`;
export const accountCartPath = (accountUid: string) => `users/validated/${accountUid}/userCart`;

/** Where the basket of this auth state lives. */
export function cartPathFor(auth: AuthState, sessionUid: string): string {
  return auth.isSignedIn && auth.userAccountUid
    ? accountCartPath(auth.userAccountUid)
    : anonymousCartPath(sessionUid);
}
