// Who is this visitor? The session uid (token id) and the signed-in account's uid (docs/product.md §7).
import { MESSAGES } from '../constants';
import { getAuthBackend } from './authBackend';

let pending: Promise<string> | null = null;

/**
 * Anonymous sign-in with the identity service, returning the uid (the token id). A session
 * persisted by an earlier visit is reused. Any failure is rethrown as a generic Error (docs/product.md §8);
 * the original is kept as `cause` for logs.
 */
export function signInAnonymouslyForToken(): Promise<string> {
  pending ??= (async () => {
    try {
      const backend = getAuthBackend();
      await backend.sessionReady();
      const existing = backend.sessionUser();
      if (existing) return existing.uid;
      const user = await backend.signInAnonymously();
      return user.uid;
    } catch (cause) {
      throw new Error(MESSAGES.anonymousSignInFailed, { cause });
    }
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** The session uid (token id); signs in anonymously when there is no session yet. */
export async function getTokenId(): Promise<string> {
  return signInAnonymouslyForToken();
}

/** The signed-in account's uid, or '' when no account is signed in. */
export async function getAccountUid(): Promise<string> {
  try {
    const backend = getAuthBackend();
    await backend.accountReady();
    return backend.accountUser()?.uid ?? '';
  } catch {
    return '';
  }
}
