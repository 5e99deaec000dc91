// Accounts (docs/product.md §4, §7, §8), made safe (architecture "Identity and data"): passwords live only
// in Firebase Auth; the database holds the email only.
// Sign up / sign in: the account user signs in on the second auth instance, then
//   users/validated/{accountUid}/credentials = {email}                   (sign up only)
//   users/anonymousTokens/{sessionUid}/isSignedIn = {status: true}
//   users/anonymousTokens/{sessionUid}/credentials = {email, userAccountUid}
// then the auth state {isSignedIn: true, email, justSignedIn: true, userAccountUid} goes to the
// cart remote's basket service, which publishes it with the anonymous basket merged into the
// account's, saved once (docs/product.md §4; decision 1202: the basket's behaviour is the cart
// team's).
// Bundled by the apps that import `@shop/shared/accounts` (decision 1312): what holds the page's
// state (the bus, the basket's channels, the identity and the database helpers) is the main
// module's, the one every part of the page shares.
import {
  EMPTY_CART,
  MESSAGES,
  basketChannels,
  cartActions,
  flushCartSync,
  getAuthBackend,
  getBasketService,
  getTokenId,
  raiseError,
  setAuth,
  setData,
  type AuthResult,
  type AuthState,
  type AuthUser,
  type ChangeResult,
  type PasswordResetResult,
  type SessionInfo,
  type WriteResult,
} from '@shop/shared';
import { forgetNewMember, rememberNewMember } from '../session/newMember';
import { authErrorCode, authErrorMessage, reauthErrorMessage } from './authErrors';

/** Publishes whose basket this page holds (as the main module's `setSessionInfo` does). */
const setSessionInfo = (info: SessionInfo): void => basketChannels().session$.next(info);

const failedCount = (results: WriteResult[]) => results.filter((r) => r.status !== 200).length;

/** Writes once more whatever failed (a transient failure should not cost the user a sign-up). */
async function writeAll(writes: Array<() => Promise<WriteResult>>): Promise<number> {
  const first = await Promise.all(writes.map((w) => w()));
  const retried = await Promise.all(
    first.map((result, i) =>
      result.status === 200 ? result : (writes[i] as () => Promise<WriteResult>)(),
    ),
  );
  return failedCount(retried);
}

/**
 * Hands the signed-in account to the basket service, which merges the anonymous basket into the
 * account's and publishes the auth state with it. Without a service (the cart remote has not
 * loaded, or is down) the basket stays on the page, kept until the service loads it as the
 * account's (whose basket it is goes on the basket channel).
 */
async function adoptAccount(
  user: AuthUser,
  email: string,
  sessionUid: string,
): Promise<AuthResult> {
  const auth: AuthState = {
    isSignedIn: true,
    email,
    justSignedIn: true,
    signedOutByLogout: false,
    userAccountUid: user.uid,
  };
  const before = basketChannels().session$.getValue();
  setSessionInfo({
    sessionUid,
    accountUid: user.uid,
    anonymousCart: before?.sessionUid === sessionUid ? before.anonymousCart : null,
  });
  const service = getBasketService();
  if (service) await service.adoptAccount(auth, sessionUid);
  else setAuth({ ...auth, justSignedIn: false }); // no sync here to consume the one-shot flag
  return { isSignedIn: true, email, justSignedIn: true, userAccountUid: user.uid };
}

async function prepare(): Promise<string | { error: string }> {
  try {
    const sessionUid = await getTokenId();
    await flushCartSync();
    return sessionUid;
  } catch {
    return { error: MESSAGES.signUpFailed };
  }
}

/** Sign up (docs/product.md §4, §7): creates the account and signs it in. */
export async function signUp(email: string, password: string): Promise<AuthResult> {
  const sessionUid = await prepare();
  if (typeof sessionUid !== 'string') return sessionUid;
  const backend = getAuthBackend();
  let user: AuthUser;
  try {
    user = await backend.createAccount(email.trim(), password);
  } catch (error) {
    return { error: authErrorMessage(error) };
  }
  const mail = user.email ?? email.trim();
  const result = await linkSession(user, mail, sessionUid, [
    () => setData(`users/validated/${user.uid}/credentials`, { email: mail }),
  ]);
  // The overview welcomes a new account (wherever it was created), and welcomes back one that signs in.
  if (!('error' in result)) rememberNewMember(result.userAccountUid);
  return result;
}

/** Sign in (docs/product.md §4, §7) with the docs/product.md §8 messages for an unknown email or a wrong password. */
export async function signIn(email: string, password: string): Promise<AuthResult> {
  const sessionUid = await prepare();
  if (typeof sessionUid !== 'string') return sessionUid;
  const backend = getAuthBackend();
  let user: AuthUser;
  try {
    user = await backend.signInAccount(email.trim(), password);
  } catch (error) {
    return { error: authErrorMessage(error) };
  }
  const result = await linkSession(user, user.email ?? email.trim(), sessionUid);
  if (!('error' in result)) forgetNewMember();
  return result;
}

/**
 * Marks the session signed in and points it at the account (docs/product.md §7), after any account
 * writes given; docs/product.md §8: when more than one write failed, the account is signed out again.
 */
async function linkSession(
  user: AuthUser,
  mail: string,
  sessionUid: string,
  accountWrites: Array<() => Promise<WriteResult>> = [],
): Promise<AuthResult> {
  const failed = await writeAll([
    ...accountWrites,
    () => setData(`users/anonymousTokens/${sessionUid}/isSignedIn`, { status: true }),
    () =>
      setData(`users/anonymousTokens/${sessionUid}/credentials`, {
        email: mail,
        userAccountUid: user.uid,
      }),
  ]);
  if (failed > 1) {
    await getAuthBackend()
      .signOutAccount()
      .catch(() => undefined);
    return { error: MESSAGES.signUpFailed };
  }
  return adoptAccount(user, mail, sessionUid);
}

/**
 * Sign out: the account's basket is flushed, the session is marked signed out, the account
 * instance signs out, and the basket service publishes {isSignedIn: false, email: '',
 * signedOutByLogout: true, userAccountUid: ''} with the session's anonymous basket (not uploaded:
 * one-shot flag).
 */
export async function signOut(): Promise<void> {
  await flushCartSync();
  let sessionUid = '';
  try {
    sessionUid = await getTokenId();
    await setData(`users/anonymousTokens/${sessionUid}/isSignedIn`, { status: false });
  } catch {
    // the account is signed out below anyway
  }
  await getAuthBackend()
    .signOutAccount()
    .catch(() => undefined);
  const auth: AuthState = {
    isSignedIn: false,
    email: '',
    signedOutByLogout: true,
    justSignedIn: false,
    userAccountUid: '',
  };
  const service = getBasketService();
  if (sessionUid) setSessionInfo({ sessionUid, accountUid: '', anonymousCart: null });
  if (service && sessionUid) {
    await service.leaveAccount(auth, sessionUid); // publishes auth with the anonymous basket
    return;
  }
  setAuth({ ...auth, signedOutByLogout: false }); // no sync here to consume the one-shot flag
  cartActions.replaceCart(EMPTY_CART); // the account's basket must not stay on the page
}

/**
 * Proves the current password before a sensitive change (decision 1501); `undefined` skips it
 * (the service may then answer auth/requires-recent-login, mapped to a clear sentence).
 */
async function reauthenticate(currentPassword: string | undefined): Promise<ChangeResult> {
  if (currentPassword === undefined) return { ok: true };
  if (currentPassword === '') return { ok: false, error: MESSAGES.currentPasswordRequired };
  try {
    await getAuthBackend().reauthenticateAccount(currentPassword);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: reauthErrorMessage(error) };
  }
}

/**
 * Changes the account's email in Auth, then the copies in the database and the auth state.
 * With `currentPassword`, the account proves it first (a wrong one changes nothing).
 */
export async function changeEmail(
  newEmail: string,
  currentPassword?: string,
): Promise<ChangeResult> {
  const backend = getAuthBackend();
  await backend.accountReady();
  const user = backend.accountUser();
  if (!user) return { ok: false, error: MESSAGES.notSignedIn };
  const email = newEmail.trim();
  const proven = await reauthenticate(currentPassword);
  if (!proven.ok) return proven;
  try {
    await backend.updateAccountEmail(email);
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
  const sessionUid = await getTokenId().catch(() => '');
  const results = await Promise.all([
    setData(`users/validated/${user.uid}/credentials`, { email }, 'PATCH'),
    sessionUid
      ? setData(
          `users/anonymousTokens/${sessionUid}/credentials`,
          { email, userAccountUid: user.uid },
          'PATCH',
        )
      : Promise.resolve<WriteResult>({ status: 200, response: null }),
  ]);
  for (const result of results) {
    if (result.status !== 200) {
      raiseError(MESSAGES.unexpectedError, result.error.code || result.error.message);
      break;
    }
  }
  setAuth({ email });
  return { ok: true };
}

/**
 * Changes the account's password (in Auth only; the database never holds a password). With
 * `currentPassword`, the account proves it first (a wrong one changes nothing).
 */
export async function changePassword(
  newPassword: string,
  currentPassword?: string,
): Promise<ChangeResult> {
  const backend = getAuthBackend();
  await backend.accountReady();
  if (!backend.accountUser()) return { ok: false, error: MESSAGES.notSignedIn };
  const proven = await reauthenticate(currentPassword);
  if (!proven.ok) return proven;
  try {
    await backend.updateAccountPassword(newPassword);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
}

/**
 * Forgot password (decision 1501): asks the identity service to mail a reset link. The answer is
 * the same whether or not the email has an account (no account enumeration): an unknown email
 * is reported as sent. Only a malformed email, the network or rate limits are errors.
 */
export async function requestPasswordReset(email: string): Promise<ChangeResult> {
  try {
    await getAuthBackend().sendPasswordResetEmail(email.trim());
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') {
      return { ok: false, error: authErrorMessage(error) };
    }
  }
  return { ok: true };
}

/** The account a reset link's code belongs to, or the clear reason it cannot be used. */
export async function checkPasswordResetCode(code: string): Promise<PasswordResetResult> {
  if (!code) return { ok: false, error: MESSAGES.resetLinkInvalid };
  try {
    return { ok: true, email: await getAuthBackend().verifyPasswordResetCode(code) };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
}

/**
 * Sets the new password with a reset code and returns the account's email, so the caller can
 * sign in with `signIn(email, newPassword)` (the usual session records and basket merge).
 */
export async function completePasswordReset(
  code: string,
  newPassword: string,
): Promise<PasswordResetResult> {
  const checked = await checkPasswordResetCode(code);
  if (!checked.ok) return checked;
  try {
    await getAuthBackend().confirmPasswordReset(code, newPassword);
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
  return checked;
}

/** Sends the signed-in account the service's email-verification email (decision 4401). */
export async function sendVerificationEmail(): Promise<ChangeResult> {
  try {
    await getAuthBackend().sendAccountVerificationEmail();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
}

/**
 * Whether the signed-in account's email is verified, as the service says now (the user and its
 * ID token read again: a link opened in another tab or on the phone counts). False on failure.
 */
export async function refreshEmailVerified(): Promise<boolean> {
  try {
    const user = await getAuthBackend().reloadAccount();
    return user?.emailVerified === true;
  } catch {
    return false;
  }
}
