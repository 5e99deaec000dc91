// The sign-in / sign-up screen (spec §2): heading, the mode toggle link, email and password,
// the submit button ('Submiting...' while sending) and the §8 errors under the form.
import { Button, TextField, useValidatedForm } from '@shop/shared';
import type { FormEvent } from 'react';
import { Link, useActionData, useNavigation, useSearchParams, useSubmit } from 'react-router-dom';
import type { AuthenticationActionData } from './authenticationRoute';
import { AUTH_TEXTS, authModeFrom, authUrl } from './authMode';

const FIELDS = ['email', 'password'] as const;

export function AuthenticationPage() {
  const [searchParams] = useSearchParams();
  const mode = authModeFrom(searchParams.get('mode'));
  // Keyed by mode: switching modes starts a clean form and clears the last error.
  return <AuthenticationForm key={mode} mode={mode} next={searchParams.get('next')} />;
}

function AuthenticationForm({ mode, next }: { mode: 'signin' | 'signup'; next: string | null }) {
  const texts = AUTH_TEXTS[mode];
  const form = useValidatedForm(FIELDS);
  const navigation = useNavigation();
  const submit = useSubmit();
  const actionData = useActionData() as AuthenticationActionData | undefined;
  // Also true while the redirect after a successful submit loads the next page.
  const sending = navigation.state !== 'idle' && navigation.formData !== undefined;
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
        {actionData?.error && !sending ? (
          <p className="account-auth__error" role="alert">
            {actionData.error}
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
