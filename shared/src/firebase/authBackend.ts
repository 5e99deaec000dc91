// The seam between our helpers and the identity service. Production uses the firebase SDK
// (firebaseBackend.ts), loaded on first use so its ~150 kB never delay the first paint; tests
// inject a small fake with setAuthBackend(). The interfaces live in authTypes.ts, which both this
// file and firebaseBackend.ts import, so neither imports the other statically (no import cycle).
import { ACCOUNT_APP_NAME, type AuthBackend } from './authTypes';
import { getFirebaseConfig } from './config';
import { PAGE_GLOBALS } from '../pageGlobals';

export type { AuthBackend, AuthUser } from './authTypes';

const KEY = PAGE_GLOBALS.authBackend;
type Holder = typeof globalThis & { [KEY]?: AuthBackend };

/**
 * The Firebase backend behind a dynamic import: every method first loads the SDK. Until then no
 * user is known, exactly as the SDK reports before its persisted state is restored (callers wait
 * for sessionReady()/accountReady() before asking for the user).
 */
export function createLazyFirebaseBackend(
  load: () => Promise<AuthBackend> = () =>
    import('./firebaseBackend').then((sdk) => sdk.createFirebaseBackend()),
): AuthBackend {
  let loaded: AuthBackend | null = null;
  let loading: Promise<AuthBackend> | null = null;
  const backend = (): Promise<AuthBackend> =>
    (loading ??= load().then(
      (ready) => (loaded = ready),
      (error: unknown) => {
        loading = null; // a chunk that failed to load is fetched again next time
        throw error;
      },
    ));
  return {
    // Until the SDK is here, its persisted account user answers (the SDK itself, once loaded).
    mayHoldAccount: () =>
      loaded ? loaded.accountUser() !== null || persistedAccount() : persistedAccount(),
    sessionReady: async () => (await backend()).sessionReady(),
    accountReady: async () => (await backend()).accountReady(),
    sessionUser: () => loaded?.sessionUser() ?? null,
    accountUser: () => loaded?.accountUser() ?? null,
    signInAnonymously: async () => (await backend()).signInAnonymously(),
    createAccount: async (email, password) => (await backend()).createAccount(email, password),
    signInAccount: async (email, password) => (await backend()).signInAccount(email, password),
    signOutAccount: async () => (await backend()).signOutAccount(),
    updateAccountEmail: async (newEmail) => (await backend()).updateAccountEmail(newEmail),
    updateAccountPassword: async (newPassword) =>
      (await backend()).updateAccountPassword(newPassword),
    reauthenticateAccount: async (currentPassword) =>
      (await backend()).reauthenticateAccount(currentPassword),
    sendPasswordResetEmail: async (email) => (await backend()).sendPasswordResetEmail(email),
    verifyPasswordResetCode: async (code) => (await backend()).verifyPasswordResetCode(code),
    confirmPasswordReset: async (code, newPassword) =>
      (await backend()).confirmPasswordReset(code, newPassword),
    sendAccountVerificationEmail: async () => (await backend()).sendAccountVerificationEmail(),
    reloadAccount: async () => (await backend()).reloadAccount(),
  };
}

/**
 * Whether the SDK has a user of `appName` persisted in this browser: it keeps it in localStorage
 * (browserLocalPersistence, firebaseBackend.ts) under `firebase:authUser:<apiKey>:<app>`. Where
 * storage cannot be read, the answer is "maybe" (callers then ask the SDK).
 */
function persistedUser(appName: string, storage?: Storage): boolean {
  try {
    const store = storage ?? globalThis.localStorage;
    if (!store) return true;
    return store.getItem(`firebase:authUser:${getFirebaseConfig().apiKey}:${appName}`) !== null;
  } catch {
    return true;
  }
}

/** Whether this browser may hold a signed-in account (see persistedUser). */
export function persistedAccount(storage?: Storage): boolean {
  return persistedUser(ACCOUNT_APP_NAME, storage);
}

/** Whether this browser may hold a session (the anonymous user of the default app). */
export function persistedSession(storage?: Storage): boolean {
  return persistedUser('[DEFAULT]', storage);
}

/** The page's auth backend (one per page, shared by every copy of the package). */
export function getAuthBackend(): AuthBackend {
  const holder = globalThis as Holder;
  holder[KEY] ??= createLazyFirebaseBackend();
  return holder[KEY];
}

/** Replaces the auth backend (tests, storybook-like pages); `null` restores the default. */
export function setAuthBackend(backend: AuthBackend | null): void {
  const holder = globalThis as Holder;
  if (backend) holder[KEY] = backend;
  else delete holder[KEY];
}
