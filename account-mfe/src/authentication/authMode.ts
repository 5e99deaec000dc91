// The authentication screen's modes: `?mode=signin` or `?mode=signup` (docs/product.md §2; any other value,
// or none, is sign up), plus the password reset (decision 1501): `?mode=forgot` asks for the
// email, `?mode=resetPassword&oobCode=...` sets the new password. `resetPassword` and `oobCode`
// are the names the identity service puts in its reset links, so a project whose email action URL
// is this page needs no translation.
import { ACCOUNT_PATHS } from '../routes/ownPaths';

export type AuthMode = 'signin' | 'signup';
export type AuthPageMode = AuthMode | 'forgot' | 'resetPassword';

export function authModeFrom(value: string | null): AuthMode {
  return value === 'signin' ? 'signin' : 'signup';
}

export function authPageModeFrom(value: string | null): AuthPageMode {
  return value === 'forgot' || value === 'resetPassword' ? value : authModeFrom(value);
}

export const AUTH_TEXTS: Record<
  AuthMode,
  { heading: string; toggle: string; toggleTo: AuthMode; submit: string }
> = {
  signin: {
    heading: 'Sign in',
    toggle: "You don't have an account yet? Create new one",
    toggleTo: 'signup',
    submit: 'Sign in',
  },
  signup: {
    heading: 'Create new account',
    toggle: 'Already a member? Sign in',
    toggleTo: 'signin',
    submit: 'Sign up',
  },
};

/** Texts of the password reset pages (decision 1501). */
export const RESET_TEXTS = {
  forgotLink: 'Forgot password?',
  forgotHeading: 'Reset your password',
  forgotIntro:
    'Enter the email address of your account and we will send you a link to choose a new password.',
  forgotSubmit: 'Send reset link',
  backToSignIn: 'Back to sign in',
  resetHeading: 'Choose a new password',
  newPasswordLabel: 'New password',
  resetSubmit: 'Save new password',
  askAgain: 'Ask for a new link',
} as const;

/** The page title of each mode (the shell shows it in the tab). */
export function authPageTitle(mode: AuthPageMode): string {
  if (mode === 'forgot') return RESET_TEXTS.forgotHeading;
  if (mode === 'resetPassword') return RESET_TEXTS.resetHeading;
  return AUTH_TEXTS[mode].heading;
}

/** The authentication URL in the given mode, keeping where to go afterwards. */
export function authUrl(mode: AuthMode | 'forgot', next: string | null): string {
  const params = new URLSearchParams({ mode });
  if (next) params.set('next', next);
  return `${ACCOUNT_PATHS.authentication}?${params.toString()}`;
}
