// The account's side of claimed guest orders (decision 4401): once the account's email is
// verified, `claimGuestOrders` (a function of ours) copies the orders placed as a guest with that
// email into the account's orders. Called once per tab session per account (sessionStorage): the
// function answers the same on a second call, this only spares it the request on each page.
import { getAuthBackend, pageShopContext } from '@shop/shared';
import { messages } from '../messages';
import { callFunction } from '@shop/shared/functions/callFunction';

export type ClaimResult = { ok: true; claimed: number } | { ok: false; error: string };

/** The function reads at most 50 orders a call and says `more`; a few calls are plenty. */
const MAX_CALLS = 5;
const CLAIMED_KEY = 'shop:guestOrdersClaimed:';

/** Why the claim failed, in the page's language (a page is in one market, decision 5101). */
function claimFailed(): string {
  const t = messages.translator(pageShopContext.market.language);
  return t(
    'We could not add the orders you placed as a guest just now. Please reload the page to try again.',
  );
}

export function claimedThisSession(uid: string): boolean {
  try {
    return sessionStorage.getItem(CLAIMED_KEY + uid) === '1';
  } catch {
    return false;
  }
}

function rememberClaimed(uid: string): void {
  try {
    sessionStorage.setItem(CLAIMED_KEY + uid, '1');
  } catch {
    // Storage refused (private mode): the claim runs again on the next page, which is harmless.
  }
}

async function callOnce(token: string): Promise<{ claimed: number; more: boolean } | string> {
  const call = await callFunction('claimGuestOrders', { token });
  if (call.status === 'unreachable') return claimFailed();
  const { fields } = call;
  if (call.ok && typeof fields.claimed === 'number') {
    return { claimed: fields.claimed, more: fields.more === true };
  }
  return typeof fields.message === 'string' ? fields.message : claimFailed();
}

/** Claims the signed-in account's guest orders; never throws. */
export async function claimGuestOrders(): Promise<ClaimResult> {
  const user = getAuthBackend().accountUser();
  if (!user) return { ok: false, error: claimFailed() };
  let claimed = 0;
  for (let call = 0; call < MAX_CALLS; call += 1) {
    const answer = await callOnce(await user.getIdToken());
    if (typeof answer === 'string') return { ok: false, error: answer };
    claimed += answer.claimed;
    if (!answer.more) break;
  }
  rememberClaimed(user.uid);
  return { ok: true, claimed };
}
