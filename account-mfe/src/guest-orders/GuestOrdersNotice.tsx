// On the account overview (decision 4401): an account whose email is not verified is told why
// it matters (its guest orders are added once it is) and can have the verification email sent;
// a verified account's guest orders are claimed once per session and the orders read again.
import { Button, formatMessage, useAuth, useMessages, type Translate } from '@shop/shared';
import { messages } from '../messages';
import { refreshEmailVerified, sendVerificationEmail } from '@shop/shared/accounts';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import { claimGuestOrders, claimedThisSession } from './guestOrderClaim';

type State =
  | { kind: 'checking' }
  | { kind: 'unverified'; sent: boolean; error: string }
  | { kind: 'claimed'; claimed: number }
  | { kind: 'failed'; error: string }
  | { kind: 'done' };

export const claimedText = (count: number, t: Translate = formatMessage) =>
  count === 1
    ? t('1 order you placed as a guest with this email address was added to your orders.')
    : t('{count} orders you placed as a guest with this email address were added to your orders.', {
        count,
      });

// The English texts (the tests and journeys find them); shown in the page's language.

export const VERIFY_TEXT =
  'Verify your email address to see here the orders you placed as a guest with it.';
export const SENT_TEXT =
  'We have sent you an email with a verification link. Open it, then come back and choose "I have verified my email".';
export const STILL_UNVERIFIED =
  'Your email address is not verified yet. Please open the link in the email we sent you.';

/**
 * What the overview shows after asking the service whether the email is verified (and, if it
 * is, claiming the guest orders once per session). `sent` keeps "we have sent you an email".
 */
async function verifiedState(
  uid: string,
  askedByShopper: boolean,
  sent: boolean,
  t: Translate,
): Promise<State> {
  if (!(await refreshEmailVerified())) {
    const error = askedByShopper
      ? t('Your email address is not verified yet. Please open the link in the email we sent you.')
      : '';
    return { kind: 'unverified', sent, error };
  }
  if (claimedThisSession(uid)) return { kind: 'done' };
  const result = await claimGuestOrders();
  if (!result.ok) return { kind: 'failed', error: result.error };
  return result.claimed > 0 ? { kind: 'claimed', claimed: result.claimed } : { kind: 'done' };
}

export function GuestOrdersNotice() {
  const t = useMessages(messages);
  const auth = useAuth();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const uid = auth.userAccountUid;
  const { revalidate } = revalidator;

  useEffect(() => {
    if (!uid) return undefined;
    let live = true;
    void verifiedState(uid, false, false, t).then((next) => {
      if (!live) return;
      setState(next);
      // The claimed orders are the account's now: the overview reads its orders again.
      if (next.kind === 'claimed') void revalidate();
    });
    return () => {
      live = false;
    };
  }, [uid, revalidate, t]);

  async function check(): Promise<void> {
    const next = await verifiedState(uid, true, state.kind === 'unverified' && state.sent, t);
    setState(next);
    if (next.kind === 'claimed') void revalidate();
  }

  async function send(): Promise<void> {
    const result = await sendVerificationEmail();
    setState(
      result.ok
        ? { kind: 'unverified', sent: true, error: '' }
        : { kind: 'unverified', sent: false, error: result.error },
    );
  }

  return (
    <div className="account-guest-orders">
      {state.kind === 'unverified' ? (
        <section className="account-card" aria-labelledby="account-verify-heading">
          <h2 id="account-verify-heading" className="account-card__title">
            {t('Orders placed as a guest')}
          </h2>
          <p>
            {t('Verify your email address to see here the orders you placed as a guest with it.')}
          </p>
          <div className="account-guest-orders__actions">
            <Button size="small" onClick={() => void send()}>
              {state.sent ? t('Send the email again') : t('Send verification email')}
            </Button>
            <Button variant="secondary" size="small" onClick={() => void check()}>
              {t('I have verified my email')}
            </Button>
          </div>
        </section>
      ) : null}
      <p role="status" className="account-guest-orders__result">
        {state.kind === 'unverified' && state.sent && !state.error
          ? t(
              'We have sent you an email with a verification link. Open it, then come back and choose "I have verified my email".',
            )
          : ''}
        {state.kind === 'claimed' ? claimedText(state.claimed, t) : ''}
      </p>
      <p role="alert" className="account-guest-orders__error">
        {state.kind === 'unverified' ? state.error : ''}
        {state.kind === 'failed' ? state.error : ''}
      </p>
    </div>
  );
}
