// Firebase Auth error codes → the texts users see (docs/product.md §8 where it has one).
import { MESSAGES } from '@shop/shared';
import { VALIDATION_RULES } from '../validation/rules';

const BY_CODE: Record<string, string> = {
  'auth/email-already-in-use': MESSAGES.emailTaken,
  'auth/user-not-found': MESSAGES.userNotFound,
  'auth/wrong-password': MESSAGES.invalidPassword,
  // With email-enumeration protection (the default of new Firebase projects) the service no
  // longer says which of the two is wrong; we do not guess.
  'auth/invalid-credential': MESSAGES.invalidCredential,
  'auth/invalid-login-credentials': MESSAGES.invalidCredential,
  'auth/invalid-email': VALIDATION_RULES.email.message,
  'auth/missing-email': VALIDATION_RULES.email.message,
  'auth/weak-password': VALIDATION_RULES.password.message,
  'auth/missing-password': VALIDATION_RULES.password.message,
  'auth/network-request-failed': MESSAGES.networkFailed,
  'auth/too-many-requests': MESSAGES.tooManyRequests,
  'auth/requires-recent-login': MESSAGES.requiresRecentLogin,
  'auth/user-token-expired': MESSAGES.requiresRecentLogin,
  'auth/no-current-user': MESSAGES.notSignedIn,
  // Password reset links (decision 1501).
  'auth/expired-action-code': MESSAGES.resetLinkExpired,
  'auth/invalid-action-code': MESSAGES.resetLinkInvalid,
  'auth/missing-code': MESSAGES.resetLinkInvalid,
  'auth/user-disabled': MESSAGES.signUpFailed,
  'auth/operation-not-allowed': MESSAGES.signUpFailed,
};

export function authErrorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    return String((error as { code: unknown }).code);
  }
  return '';
}

/** The message to show under the form for an identity-service failure. */
export function authErrorMessage(error: unknown): string {
  return BY_CODE[authErrorCode(error)] ?? MESSAGES.signUpFailed;
}

/**
 * A failed re-authentication (the current password asked for before an email or password change):
 * the email is the signed-in account's own, so a refused credential means the password is wrong.
 */
const REAUTH_WRONG_PASSWORD = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/user-mismatch',
  'auth/missing-password',
]);

export function reauthErrorMessage(error: unknown): string {
  return REAUTH_WRONG_PASSWORD.has(authErrorCode(error))
    ? MESSAGES.wrongCurrentPassword
    : authErrorMessage(error);
}
