// The authentication screen's modes: `?mode=signin` or `?mode=signup` (docs/product.md §2; any other value,
// or none, is sign up), plus the password reset (decision 1501): `?mode=forgot` asks for the
// email, `?mode=resetPassword&oobCode=...` sets the new password. `resetPassword` and `oobCode`
// are the names the identity service puts in its reset links, so a project whose email action URL
// is this page needs no translation.
import { formatMessage, type Translate } from '@shop/shared/i18n/format';
import { ACCOUNT_PATHS } from '../routes/ownPaths';

export type AuthMode = 'signin' | 'signup';
export type AuthPageMode = AuthMode | 'forgot' | 'resetPassword';

export function authModeFrom(value: string | null): AuthMode {
  return value === 'signin' ? 'signin' : 'signup';
}

export function authPageModeFrom(value: string | null): AuthPageMode {
  return value === 'forgot' || value === 'resetPassword' ? value : authModeFrom(value);
}

/** The sign-in and sign-up texts in the page's language (`t`). */
export const authTexts = (
  t: Translate,
): Record<AuthMode, { heading: string; toggle: string; toggleTo: AuthMode; submit: string }> => ({
  signin: {
    heading: t('Sign in'),
    toggle: t("You don't have an account yet? Create new one"),
    toggleTo: 'signup',
    submit: t('Sign in'),
  },
  signup: {
    heading: t('Create new account'),
    toggle: t('Already a member? Sign in'),
    toggleTo: 'signin',
    submit: t('Sign up'),
  },
});

/** Texts of the password reset pages (decision 1501), in the page's language (`t`). */
export const resetTexts = (t: Translate) => ({
  forgotLink: t('Forgot password?'),
  forgotHeading: t('Reset your password'),
  forgotIntro: t(
    'Enter the email address of your account and we will send you a link to choose a new password.',
  ),
  forgotSubmit: t('Send reset link'),
  backToSignIn: t('Back to sign in'),
  resetHeading: t('Choose a new password'),
  newPasswordLabel: t('New password'),
  resetSubmit: t('Save new password'),
  askAgain: t('Ask for a new link'),
});

/** The English texts (tests). */
export const AUTH_TEXTS = authTexts(formatMessage);
export const RESET_TEXTS = resetTexts(formatMessage);

/** The page title of each mode (the shell shows it in the tab). */
export function authPageTitle(mode: AuthPageMode, t: Translate = formatMessage): string {
  if (mode === 'forgot') return resetTexts(t).forgotHeading;
  if (mode === 'resetPassword') return resetTexts(t).resetHeading;
  return authTexts(t)[mode].heading;
}

/** The authentication URL in the given mode, keeping where to go afterwards. */
export function authUrl(mode: AuthMode | 'forgot', next: string | null): string {
  const params = new URLSearchParams({ mode });
  if (next) params.set('next', next);
  return `${ACCOUNT_PATHS.authentication}?${params.toString()}`;
}
