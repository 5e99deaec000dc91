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

export function GuestOrdersNotice() {
  const auth = useAuth();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const uid = auth.userAccountUid;

  async function check(askedByShopper: boolean): Promise<void> {
    if (!(await refreshEmailVerified())) {
      setState((s) => ({
        kind: 'unverified',
        sent: s.kind === 'unverified' && s.sent,
        error: askedByShopper ? STILL_UNVERIFIED : '',
      }));
      return;
    }
    if (claimedThisSession(uid)) return setState({ kind: 'done' });
    const result = await claimGuestOrders();
    if (!result.ok) return setState({ kind: 'failed', error: result.error });
    setState(result.claimed > 0 ? { kind: 'claimed', claimed: result.claimed } : { kind: 'done' });
    if (result.claimed > 0) revalidator.revalidate();
  }

  useEffect(() => {
    if (uid) void check(false);
    // Once per account shown: `check` reads the service, not props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

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
            <Button variant="secondary" size="small" onClick={() => void check(true)}>
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
