// Which identity a database path is read and written with: the account's, the session's, or
// none (public data), and that identity's user once it is known. One rule for the fetch helper
// (database.ts) and the live watch (watchData.ts).
import { type AuthUser, getAuthBackend } from './authBackend';
import { pathSegments } from './databaseUrl';

export function identityForPath(path: string): 'account' | 'session' | 'public' {
  const [first, second] = pathSegments(path);
  if (first === 'users' && second === 'validated') return 'account';
  // A staff record is its member's account's (decision 5201), never a visitor session's.
  if (first === 'staff') return 'account';
  if (first === 'users') return 'session';
  return 'public';
}

/**
 * The user whose token reads `path`, once the identity service has restored it: the account's
 * ('missing-account' when none is signed in), the session's, or for public data the session's
 * when there is one, without waiting.
 */
export async function userForPath(path: string): Promise<AuthUser | null | 'missing-account'> {
  const identity = identityForPath(path);
  const backend = getAuthBackend();
  if (identity === 'account') {
    await backend.accountReady();
    return backend.accountUser() ?? 'missing-account';
  }
  if (identity === 'session') {
    await backend.sessionReady();
    return backend.sessionUser();
  }
  return backend.sessionUser();
}
