// On the account overview (decision 4401): an account whose email is not verified is told why
// it matters (its guest orders are added once it is) and can have the verification email sent;
// a verified account's guest orders are claimed once per session and the orders read again.
import { Button, useAuth } from '@shop/shared';
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

export const claimedText = (count: number) =>
  count === 1
    ? '1 order you placed as a guest with this email address was added to your orders.'
    : `${count} orders you placed as a guest with this email address were added to your orders.`;

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
async function verifiedState(uid: string, askedByShopper: boolean, sent: boolean): Promise<State> {
  if (!(await refreshEmailVerified())) {
    return { kind: 'unverified', sent, error: askedByShopper ? STILL_UNVERIFIED : '' };
  }
  if (claimedThisSession(uid)) return { kind: 'done' };
  const result = await claimGuestOrders();
  if (!result.ok) return { kind: 'failed', error: result.error };
  return result.claimed > 0 ? { kind: 'claimed', claimed: result.claimed } : { kind: 'done' };
}

export function GuestOrdersNotice() {
  const auth = useAuth();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const uid = auth.userAccountUid;
  const { revalidate } = revalidator;

  useEffect(() => {
    if (!uid) return undefined;
    let live = true;
    void verifiedState(uid, false, false).then((next) => {
      if (!live) return;
      setState(next);
      // The claimed orders are the account's now: the overview reads its orders again.
      if (next.kind === 'claimed') void revalidate();
    });
    return () => {
      live = false;
    };
  }, [uid, revalidate]);

  async function check(): Promise<void> {
    const next = await verifiedState(uid, true, state.kind === 'unverified' && state.sent);
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
            Orders placed as a guest
          </h2>
          <p>{VERIFY_TEXT}</p>
          <div className="account-guest-orders__actions">
            <Button size="small" onClick={() => void send()}>
              {state.sent ? 'Send the email again' : 'Send verification email'}
            </Button>
            <Button variant="secondary" size="small" onClick={() => void check()}>
              I have verified my email
            </Button>
          </div>
        </section>
      ) : null}
      <p role="status" className="account-guest-orders__result">
        {state.kind === 'unverified' && state.sent && !state.error ? SENT_TEXT : ''}
        {state.kind === 'claimed' ? claimedText(state.claimed) : ''}
      </p>
      <p role="alert" className="account-guest-orders__error">
        {state.kind === 'unverified' ? state.error : ''}
        {state.kind === 'failed' ? state.error : ''}
      </p>
    </div>
  );
}
