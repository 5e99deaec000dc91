// The auth backend's interfaces: what our helpers need from the identity service. Kept apart from
// authBackend.ts (which loads firebaseBackend.ts on demand) so the SDK backend can implement them
// without importing its own loader.
export interface AuthUser {
  uid: string;
  email: string | null;
  /** Whether the owner proved the email is theirs (the link of the verification email). */
  emailVerified?: boolean;
  /** The SDK returns a cached token and refreshes it shortly before it expires. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** The Firebase app that holds the email/password user (the default app holds the session's). */
export const ACCOUNT_APP_NAME = 'account';

/** Errors thrown by a backend carry Firebase's `code` ('auth/wrong-password', ...). */
export interface AuthBackend {
  /**
   * False only when this browser surely holds no signed-in account, answered at once (without
   * loading anything); a backend that cannot tell leaves it out, and callers ask accountReady().
   */
  mayHoldAccount?(): boolean;
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
  /** Sends the service's email-verification email to the signed-in account's address. */
  sendAccountVerificationEmail(): Promise<void>;
  /**
   * Reads the signed-in account again from the service and refreshes its ID token, so that
   * `emailVerified` and the token's `email_verified` claim say what the service knows now.
   */
  reloadAccount(): Promise<AuthUser | null>;
}
