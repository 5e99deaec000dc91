// Which identity a database path is read and written with: the account's, the session's, or
// none (public data). One rule for the fetch helper (database.ts) and the live watch (watchData.ts).
import { pathSegments } from './databaseUrl';

export function identityForPath(path: string): 'account' | 'session' | 'public' {
  const [first, second] = pathSegments(path);
  if (first === 'users' && second === 'validated') return 'account';
  if (first === 'users') return 'session';
  return 'public';
}
