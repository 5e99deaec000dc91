// Loader and action of /authentication (spec §2, §4, §8). Signing up or in is done by
// @shop/shared (identity service + database records + basket merge); this route decides where
// the user goes and what they are told.
import { MESSAGES, signIn, signUp, toast } from '@shop/shared';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router-dom';
import { MY_ACCOUNT_PATH, safeNextPath, signedInAccountUid } from '../session/accountSession';
import { authModeFrom } from './authMode';

export interface AuthenticationActionData {
  error: string;
}

function destination(requestUrl: string): string {
  return safeNextPath(new URL(requestUrl).searchParams.get('next')) ?? MY_ACCOUNT_PATH;
}

/** A visitor who is already signed in has nothing to do here (spec §2). */
export async function authenticationLoader({ request }: LoaderFunctionArgs) {
  if (await signedInAccountUid()) throw redirect(destination(request.url));
  return null;
}

export async function authenticationAction({
  request,
}: ActionFunctionArgs): Promise<AuthenticationActionData | Response> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const mode = authModeFrom(new URL(request.url).searchParams.get('mode'));
  const result = mode === 'signin' ? await signIn(email, password) : await signUp(email, password);
  if ('error' in result) return { error: result.error };
  toast.success(mode === 'signin' ? MESSAGES.signedIn : MESSAGES.signedUp);
  return redirect(destination(request.url));
}
