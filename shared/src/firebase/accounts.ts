// Accounts (spec §4, §7, §8), made safe (architecture "Identity and data"): passwords live only
// in Firebase Auth; the database holds the email only.
// Sign up / sign in: the account user signs in on the second auth instance, then
//   users/validated/{accountUid}/credentials = {email}                   (sign up only)
//   users/anonymousTokens/{sessionUid}/isSignedIn = {status: true}
//   users/anonymousTokens/{sessionUid}/credentials = {email, userAccountUid}
// then the anonymous basket is merged into the account's basket and saved once, and the auth
// state {isSignedIn: true, email, justSignedIn: true, userAccountUid} is published.
import { bus } from '../bus/bus';
import { raiseError, setAuth } from '../bus/publishers';
import { EMPTY_CART, fromServerCart, mergeCarts } from '../cart/cartDomain';
import { MESSAGES } from '../constants';
import {
  accountCartPath,
  anonymousCartPath,
  broadcastAuth,
  flushCartSync,
  queueUpload,
} from '../session/cartSync';
import { cartActions } from '../cart/cartStore';
import { forgetNewMember, rememberNewMember } from '../session/newMember';
import type {
  AuthResult,
  AuthState,
  ChangeResult,
  PasswordResetResult,
  ServerCart,
  WriteResult,
} from '../types';
import { authErrorCode, authErrorMessage, reauthErrorMessage } from './authErrors';
import { type AuthUser, getAuthBackend } from './authBackend';
import { getData, setData } from './database';
import { getTokenId } from './identity';

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
 * Moves the anonymous basket into the account: account lines + anonymous lines, quantities
 * summed per line key and capped at 10 (see mergeCarts), saved once to the account; the
 * anonymous basket on the server is then emptied so a later sign-in does not add it twice.
 */
async function adoptAccount(
  user: AuthUser,
  email: string,
  sessionUid: string,
): Promise<AuthResult> {
  const anonymous = bus.cart$.getValue();
  const path = accountCartPath(user.uid);
  const stored = await getData<ServerCart>(path);
  let cart = anonymous;
  if (stored.status === 200) {
    cart = mergeCarts(fromServerCart(stored.response), anonymous);
  } else {
    // Never overwrite an account basket we could not read.
    raiseError(MESSAGES.cartLoadFailed, stored.error.message);
  }

  const auth: AuthState = {
    isSignedIn: true,
    email,
    justSignedIn: true,
    signedOutByLogout: false,
    userAccountUid: user.uid,
  };
  setAuth(auth);
  // justSignedIn makes the sync skip this change (spec §4 one-shot flag); we save it ourselves.
  cartActions.replaceCart(cart);
  broadcastAuth({ ...auth, justSignedIn: false }, cart);

  if (stored.status === 200) {
    await queueUpload(path, bus.cart$.getValue(), true);
    await flushCartSync();
    if (anonymous.products.length > 0) {
      await setData(anonymousCartPath(sessionUid), { totalQuantity: 0 });
    }
  }
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

/** Sign up (spec §4, §7): creates the account and signs it in. */
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

/** Sign in (spec §4, §7) with the spec §8 messages for an unknown email or a wrong password. */
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
 * Marks the session signed in and points it at the account (spec §7), after any account
 * writes given; spec §8: when more than one write failed, the account is signed out again.
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
 * instance signs out, {isSignedIn: false, email: '', signedOutByLogout: true, userAccountUid: ''}
 * is published, and the session's anonymous basket is loaded (not uploaded: one-shot flag).
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
  setAuth(auth);
  let cart = EMPTY_CART;
  if (sessionUid) {
    const result = await getData<ServerCart>(anonymousCartPath(sessionUid));
    if (result.status === 200) cart = fromServerCart(result.response);
    else raiseError(MESSAGES.cartLoadFailed, result.error.message);
  }
  cartActions.replaceCart(cart); // skipped by the sync; clears signedOutByLogout
  broadcastAuth({ ...auth, signedOutByLogout: false }, cart);
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
