// Which account was created in this tab, so /account/myaccount can welcome a new member
// ("Welcome, …") rather than welcome them back. Kept in sessionStorage: it survives a reload of
// the tab and ends with it; a sign-in (even of the same account) forgets it. See decision 0005.
// Written by the shared sign-up and sign-in, so an account created at checkout counts too.
const STORAGE_KEY = 'shop.newMemberAccount';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : null;
  } catch {
    return null; // storage is off (private mode, sandboxed frame): everyone is welcomed back
  }
}

/** After a sign-up: the account `accountUid` is new. */
export function rememberNewMember(accountUid: string): void {
  try {
    tabStorage()?.setItem(STORAGE_KEY, accountUid);
  } catch {
    // A full or blocked storage only costs the new member's greeting.
  }
}

/** After a sign-in: the shopper is a returning member. */
export function forgetNewMember(): void {
  try {
    tabStorage()?.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}

export function isNewMember(accountUid: string): boolean {
  return accountUid !== '' && tabStorage()?.getItem(STORAGE_KEY) === accountUid;
}
