// The seam between our helpers and the identity service. Production uses the firebase SDK
// (firebaseBackend.ts), loaded on first use so its ~150 kB never delay the first paint; tests
// inject a small fake with setAuthBackend().
export interface AuthUser {
  uid: string;
  email: string | null;
  /** The SDK returns a cached token and refreshes it shortly before it expires. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** Errors thrown by a backend carry Firebase's `code` ('auth/wrong-password', ...). */
export interface AuthBackend {
  /** Resolves once the persisted session user (if any) was restored. */
  sessionReady(): Promise<void>;
  /** Resolves once the persisted account user (if any) was restored. */
  accountReady(): Promise<void>;
  sessionUser(): AuthUser | null;
  accountUser(): AuthUser | null;
  signInAnonymously(): Promise<AuthUser>;
  createAccount(email: string, password: string): Promise<AuthUser>;
  signInAccount(email: string, password: string): Promise<AuthUser>;
  signOutAccount(): Promise<void>;
  updateAccountEmail(newEmail: string): Promise<void>;
  updateAccountPassword(newPassword: string): Promise<void>;
  /**
   * Proves the signed-in account's current password again (a recent sign-in, which the service
   * asks for before an email or password change). Rejects like a sign-in with a wrong password.
   */
  reauthenticateAccount(currentPassword: string): Promise<void>;
  /**
   * Sends the service's password-reset email. An unknown email rejects with auth/user-not-found
   * unless the project has email-enumeration protection (then it resolves silently).
   */
  sendPasswordResetEmail(email: string): Promise<void>;
  /** The email of the account a reset code belongs to (auth/expired-action-code, auth/invalid-action-code). */
  verifyPasswordResetCode(code: string): Promise<string>;
  /** Sets the new password with a reset code (the code is used up). */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
}

const KEY = '__SHOP_AUTH_BACKEND__';
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
  };
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
