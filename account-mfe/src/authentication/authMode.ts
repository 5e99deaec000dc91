// The authentication screen's two modes (spec §2): `?mode=signin` or `?mode=signup`; any other
// value (or none) is sign up.
export type AuthMode = 'signin' | 'signup';

export function authModeFrom(value: string | null): AuthMode {
  return value === 'signin' ? 'signin' : 'signup';
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

/** The authentication URL in the other mode, keeping where to go afterwards. */
export function authUrl(mode: AuthMode, next: string | null): string {
  const params = new URLSearchParams({ mode });
  if (next) params.set('next', next);
  return `/authentication?${params.toString()}`;
}
