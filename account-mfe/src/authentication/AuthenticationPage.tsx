// The sign-in / sign-up screen (docs/product.md §2): heading, the mode toggle link, email and password,
// the submit button ('Submiting...' while sending) and the §8 errors under the form. The same
// route also holds the password reset (decision 1501): `?mode=forgot` and `?mode=resetPassword`.
import { Button, MESSAGES, useMessages, type PasswordResetResult } from '@shop/shared';
import { messages } from '../messages';
import { TextField, useValidatedForm } from '@shop/shared/forms';
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from 'react-router-dom';
import { authPageModeFrom, authTexts, authUrl, resetTexts, type AuthMode } from './authMode';

/** What a submit answers when it does not leave the page. */
export type AuthenticationActionData = { error: string } | { sent: true };

/** The reset page's data: the code's account, or why the link cannot be used. */
export interface AuthenticationLoaderData {
  resetCode: PasswordResetResult;
}

const FIELDS = ['email', 'password'] as const;
const EMAIL_ONLY = ['email'] as const;
const PASSWORD_ONLY = ['password'] as const;

export function AuthenticationPage() {
  const [searchParams] = useSearchParams();
  const mode = authPageModeFrom(searchParams.get('mode'));
  const next = searchParams.get('next');
  // Keyed by mode: switching modes starts a clean form and clears the last error.
  if (mode === 'forgot') return <ForgotPasswordForm key={mode} next={next} />;
  if (mode === 'resetPassword') return <ResetPasswordForm key={mode} next={next} />;
  return <AuthenticationForm key={mode} mode={mode} next={next} />;
}

/** The action's error, shown only while nothing is being sent. */
function useActionError(sending: boolean): string {
  const actionData = useActionData() as AuthenticationActionData | undefined;
  return actionData && 'error' in actionData && !sending ? actionData.error : '';
}

/** Moves focus to the element whenever a new action answer arrives (decision 1501). */
function useFocusOnAnswer<T extends HTMLElement>(show: boolean) {
  const actionData = useActionData() as AuthenticationActionData | undefined;
  const ref = useRef<T>(null);
  // In the commit, not after paint: the answer is never on screen without the focus on it.
  useLayoutEffect(() => {
    if (show) ref.current?.focus();
  }, [actionData, show]);
  return ref;
}

function useSending(): boolean {
  const navigation = useNavigation();
  // Also true while the redirect after a successful submit loads the next page.
  return navigation.state !== 'idle' && navigation.formData !== undefined;
}

function ErrorMessage({ message }: { message: string }) {
  const ref = useFocusOnAnswer<HTMLParagraphElement>(message !== '');
  return message ? (
    <p ref={ref} className="account-auth__error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

function AuthenticationForm({ mode, next }: { mode: AuthMode; next: string | null }) {
  const t = useMessages(messages);
  const texts = authTexts(t)[mode];
  const RESET_TEXTS = resetTexts(t);
  const form = useValidatedForm(FIELDS);
  const submit = useSubmit();
  const sending = useSending();
  const error = useActionError(sending);
  const passwordMeta =
    mode === 'signup' ? { autoComplete: 'new-password' } : { autoComplete: 'current-password' };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.canSubmit || sending) return;
    // Posted to this URL (its mode and next parameters included) from the form's state.
    void submit({ email: form.values.email, password: form.values.password }, { method: 'post' });
  }

  return (
    <section className="account-auth" aria-labelledby="account-auth-heading">
      <div className="account-auth__card">
        <h1 id="account-auth-heading" className="account-auth__heading">
          {texts.heading}
        </h1>
        <form method="post" className="account-auth__form" onSubmit={handleSubmit} noValidate>
          <TextField {...form.getFieldProps('email')} error={form.errors.email} />
          <TextField
            {...form.getFieldProps('password')}
            {...passwordMeta}
            error={form.errors.password}
          />
          {mode === 'signin' ? (
            <p className="account-auth__forgot">
              <Link to={authUrl('forgot', next)}>{RESET_TEXTS.forgotLink}</Link>
            </p>
          ) : null}
          <Button
            type="submit"
            block
            busy={sending}
            disabled={!form.canSubmit}
            className="account-auth__submit"
          >
            {texts.submit}
          </Button>
        </form>
        {error ? (
          <p className="account-auth__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="account-auth__toggle">
          <Link to={authUrl(texts.toggleTo, next)} replace>
            {texts.toggle}
          </Link>
        </p>
      </div>
    </section>
  );
}

/** Asks for the email; the answer is the same whether or not it has an account. */
function ForgotPasswordForm({ next }: { next: string | null }) {
  const t = useMessages(messages);
  const RESET_TEXTS = resetTexts(t);
  const form = useValidatedForm(EMAIL_ONLY);
  const submit = useSubmit();
  const sending = useSending();
  const actionData = useActionData() as AuthenticationActionData | undefined;
  const sent = !sending && actionData !== undefined && 'sent' in actionData;
  const error = useActionError(sending);
  const noticeRef = useFocusOnAnswer<HTMLParagraphElement>(sent);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.canSubmit || sending) return;
    void submit({ email: form.values.email }, { method: 'post' });
  }

  return (
    <section className="account-auth" aria-labelledby="account-auth-heading">
      <div className="account-auth__card">
        <h1 id="account-auth-heading" className="account-auth__heading">
          {RESET_TEXTS.forgotHeading}
        </h1>
        <p className="account-auth__intro">{RESET_TEXTS.forgotIntro}</p>
        <form method="post" className="account-auth__form" onSubmit={handleSubmit} noValidate>
          <TextField {...form.getFieldProps('email')} error={form.errors.email} />
          <Button
            type="submit"
            block
            busy={sending}
            disabled={!form.canSubmit}
            className="account-auth__submit"
          >
            {RESET_TEXTS.forgotSubmit}
          </Button>
        </form>
        {/* Present from the start so screen readers announce what is put in it. */}
        <div role="status" className="account-auth__status">
          {sent ? (
            <p ref={noticeRef} className="account-auth__notice" tabIndex={-1}>
              {MESSAGES.passwordResetSent}
            </p>
          ) : null}
        </div>
        <ErrorMessage message={error} />
        <p className="account-auth__toggle">
          <Link to={authUrl('signin', next)}>{RESET_TEXTS.backToSignIn}</Link>
        </p>
      </div>
    </section>
  );
}

/** Sets the new password with the link's code, then signs in (the action redirects). */
function ResetPasswordForm({ next }: { next: string | null }) {
  const t = useMessages(messages);
  const [forBefore, forAfter = ''] = t('For {email}. After saving it you are signed in.').split(
    '{email}',
  );
  const RESET_TEXTS = resetTexts(t);
  const data = useLoaderData() as AuthenticationLoaderData | null;
  const form = useValidatedForm(PASSWORD_ONLY);
  const submit = useSubmit();
  const sending = useSending();
  const error = useActionError(sending);
  const code = data?.resetCode;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.canSubmit || sending) return;
    // Posted to this URL: the action reads the code from it.
    void submit({ password: form.values.password }, { method: 'post' });
  }

  return (
    <section className="account-auth" aria-labelledby="account-auth-heading">
      <div className="account-auth__card">
        <h1 id="account-auth-heading" className="account-auth__heading">
          {RESET_TEXTS.resetHeading}
        </h1>
        {code?.ok ? (
          <>
            <p className="account-auth__intro">
              {/* One sentence for the translation, the address in bold within it. */}
              {forBefore}
              <strong>{code.email}</strong>
              {forAfter}
            </p>
            <form method="post" className="account-auth__form" onSubmit={handleSubmit} noValidate>
              <TextField
                {...form.getFieldProps('password')}
                label={RESET_TEXTS.newPasswordLabel}
                autoComplete="new-password"
                error={form.errors.password}
              />
              <Button
                type="submit"
                block
                busy={sending}
                disabled={!form.canSubmit}
                className="account-auth__submit"
              >
                {RESET_TEXTS.resetSubmit}
              </Button>
            </form>
            <ErrorMessage message={error} />
          </>
        ) : (
          <p className="account-auth__error" role="alert">
            {code?.error ?? MESSAGES.resetLinkInvalid}
          </p>
        )}
        <p className="account-auth__toggle">
          {code?.ok ? null : (
            <>
              <Link to={authUrl('forgot', next)}>{RESET_TEXTS.askAgain}</Link>
              {' · '}
            </>
          )}
          <Link to={authUrl('signin', next)}>{RESET_TEXTS.backToSignIn}</Link>
        </p>
      </div>
    </section>
  );
}
