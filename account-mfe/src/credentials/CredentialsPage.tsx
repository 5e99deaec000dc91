// The Credentials screen (docs/product.md §2): email and password, each hidden by default, with Show/Hide
// and the edit cycle. The password cannot be shown (only the identity service knows it), so Show
// explains that instead; see docs/decisions/0701-account-credentials-password.md.
import { Button, MESSAGES, useMessages } from '@shop/shared';
import { messages } from '../messages';
import { Suspense, useState } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import type { Loaded } from '../data/accountRecords';
import { EditableField } from '../fields/EditableField';
import { LoadFailed } from '../layout/LoadFailed';
import { maskEmail, PASSWORD_MASK } from './masking';

export function CredentialsPage() {
  const t = useMessages(messages);
  const data = useLoaderData() as { email: Promise<Loaded<string>> };
  return (
    <section className="account-page" aria-labelledby="account-credentials-heading">
      <h1 id="account-credentials-heading" className="account-page__title">
        {t('Credentials')}
      </h1>
      <Suspense fallback={<p role="status">{MESSAGES.loadingCredentials}</p>}>
        <Await resolve={data.email}>
          {(email: Loaded<string>) =>
            email.ok ? <CredentialsList email={email.value} /> : <LoadFailed error={email.error} />
          }
        </Await>
      </Suspense>
    </section>
  );
}

function ShowHideButton({
  shown,
  onToggle,
  what,
}: {
  shown: boolean;
  onToggle: () => void;
  what: 'email' | 'password';
}) {
  const t = useMessages(messages);
  const label =
    what === 'email'
      ? shown
        ? t('Hide email')
        : t('Show email')
      : shown
        ? t('Hide password')
        : t('Show password');
  return (
    <Button variant="ghost" size="small" onClick={onToggle} aria-pressed={shown} aria-label={label}>
      {shown ? t('Hide') : t('Show')}
    </Button>
  );
}

export function CredentialsList({ email }: { email: string }) {
  const t = useMessages(messages);
  const [emailShown, setEmailShown] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  return (
    <dl className="account-fields">
      <EditableField
        name="email"
        label={t('Email')}
        value={email}
        confirmWithPassword
        display={
          <span className={emailShown ? undefined : 'account-field__masked'}>
            {emailShown ? email : maskEmail(email)}
          </span>
        }
        viewActions={
          <ShowHideButton
            shown={emailShown}
            onToggle={() => setEmailShown((s) => !s)}
            what="email"
          />
        }
      />
      <EditableField
        name="password"
        label={t('Password')}
        inputLabel={t('New password')}
        value=""
        startEmpty
        confirmWithPassword
        keepSpaces
        display={
          passwordShown ? (
            <span className="account-field__note">
              {t(
                'Your password is kept only by our sign-in service, never by the shop, so it cannot be shown. Use Edit to set a new one.',
              )}
            </span>
          ) : (
            <span className="account-field__masked">
              <span aria-hidden="true">{PASSWORD_MASK}</span>
              <span className="shop-visually-hidden">{t('Password hidden')}</span>
            </span>
          )
        }
        viewActions={
          <ShowHideButton
            shown={passwordShown}
            onToggle={() => setPasswordShown((s) => !s)}
            what="password"
          />
        }
      />
    </dl>
  );
}
