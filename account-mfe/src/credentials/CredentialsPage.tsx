// The Credentials screen (docs/product.md §2): email and password, each hidden by default, with Show/Hide
// and the edit cycle. The password cannot be shown (only the identity service knows it), so Show
// explains that instead; see docs/decisions/0701-account-credentials-password.md.
import { Button, MESSAGES } from '@shop/shared';
import { Suspense, useState } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import type { Loaded } from '../data/accountRecords';
import { EditableField } from '../fields/EditableField';
import { LoadFailed } from '../layout/LoadFailed';
import { maskEmail, PASSWORD_MASK } from './masking';

export function CredentialsPage() {
  const data = useLoaderData() as { email: Promise<Loaded<string>> };
  return (
    <section className="account-page" aria-labelledby="account-credentials-heading">
      <h1 id="account-credentials-heading" className="account-page__title">
        Credentials
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
  what: string;
}) {
  return (
    <Button
      variant="ghost"
      size="small"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={`${shown ? 'Hide' : 'Show'} ${what}`}
    >
      {shown ? 'Hide' : 'Show'}
    </Button>
  );
}

export function CredentialsList({ email }: { email: string }) {
  const [emailShown, setEmailShown] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  return (
    <dl className="account-fields">
      <EditableField
        name="email"
        label="Email"
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
        label="Password"
        inputLabel="New password"
        value=""
        startEmpty
        confirmWithPassword
        keepSpaces
        display={
          passwordShown ? (
            <span className="account-field__note">
              Your password is kept only by our sign-in service, never by the shop, so it cannot be
              shown. Use Edit to set a new one.
            </span>
          ) : (
            <span className="account-field__masked">
              <span aria-hidden="true">{PASSWORD_MASK}</span>
              <span className="shop-visually-hidden">Password hidden</span>
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
