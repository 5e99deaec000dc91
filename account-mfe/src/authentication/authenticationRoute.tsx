// Route module "./authentication" (/authentication). Loader and action of /authentication
// (docs/product.md §2, §4, §8; password reset: decision 1501). Signing up or in and the reset calls
// are done by @shop/shared (identity service + database records + basket merge); this route decides
// where the user goes and what they are told.
import { MESSAGES, toast } from '@shop/shared';
import { validateField } from '@shop/shared/forms';
import {
  checkPasswordResetCode,
  completePasswordReset,
  requestPasswordReset,
  signIn,
  signUp,
} from '@shop/shared/accounts';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { MY_ACCOUNT_PATH, safeNextPath, signedInAccountUid } from '../session/accountSession';
import {
  type AuthenticationActionData,
  type AuthenticationLoaderData,
  AuthenticationPage,
} from './AuthenticationPage';
import { authModeFrom, authPageModeFrom, authUrl, authPageTitle } from './authMode';
import '../styles/account.css';
import { messages } from '../messages';

function destination(requestUrl: string): string {
  return safeNextPath(new URL(requestUrl).searchParams.get('next')) ?? MY_ACCOUNT_PATH;
}

/** A visitor who is already signed in has nothing to do here (docs/product.md §2). */
export async function loader({
  request,
}: LoaderFunctionArgs): Promise<AuthenticationLoaderData | null> {
  if (await signedInAccountUid()) throw redirect(destination(request.url));
  const params = new URL(request.url).searchParams;
  if (authPageModeFrom(params.get('mode')) !== 'resetPassword') return null;
  return { resetCode: await checkPasswordResetCode(params.get('oobCode') ?? '') };
}

export async function action({
  request,
}: ActionFunctionArgs): Promise<AuthenticationActionData | Response> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const params = new URL(request.url).searchParams;
  const pageMode = authPageModeFrom(params.get('mode'));
  if (pageMode === 'forgot') return forgotPassword(email);
  if (pageMode === 'resetPassword') {
    return resetPassword(params.get('oobCode') ?? '', password, request.url);
  }

  const mode = authModeFrom(params.get('mode'));
  const result = mode === 'signin' ? await signIn(email, password) : await signUp(email, password);
  if ('error' in result) return { error: result.error };
  toast.success(mode === 'signin' ? MESSAGES.signedIn : MESSAGES.signedUp);
  return redirect(destination(request.url));
}

/** The same answer for a known and an unknown email (no account enumeration). */
async function forgotPassword(email: string): Promise<AuthenticationActionData> {
  const invalid = validateField('email', email);
  if (invalid) return { error: invalid };
  const result = await requestPasswordReset(email);
  return result.ok ? { sent: true } : { error: result.error };
}

/** Sets the new password (docs/product.md §5 rule), then signs in as usual (session records, basket merge). */
async function resetPassword(
  code: string,
  password: string,
  requestUrl: string,
): Promise<AuthenticationActionData | Response> {
  const invalid = validateField('password', password);
  if (invalid) return { error: invalid };
  const reset = await completePasswordReset(code, password);
  if (!reset.ok) return { error: reset.error };
  toast.success(MESSAGES.fieldChanged('password'));
  const signedIn = await signIn(reset.email, password);
  if ('error' in signedIn) {
    // The password is changed; only the sign-in failed. The sign-in page says why.
    toast.error(signedIn.error);
    return redirect(authUrl('signin', new URL(requestUrl).searchParams.get('next')));
  }
  return redirect(destination(requestUrl));
}

export const handle = {
  // Its texts: the shell shows the title in the page's language (CONTRACT §9b).
  messages,
  // The title follows the mode (read when the shell sets the title).
  get title() {
    const search = typeof window === 'undefined' ? '' : window.location.search;
    return authPageTitle(authPageModeFrom(new URLSearchParams(search).get('mode')));
  },
};
export const Component = AuthenticationPage;
