// The auth backend's interfaces: what our helpers need from the identity service. Kept apart from
// authBackend.ts (which loads firebaseBackend.ts on demand) so the SDK backend can implement them
// without importing its own loader.
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
}
