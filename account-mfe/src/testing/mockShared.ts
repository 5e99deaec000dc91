// The @shop/shared functions that reach the identity service or the database, replaced by jest
// mocks (see jest.mock in each test); the rest of the package stays real.
import * as shared from '@shop/shared';
import * as accounts from '@shop/shared/accounts';
import { SIGNED_OUT, setAuth } from '@shop/shared';
// Not mocked: the real sign-up and sign-in keep it, so the fakes below keep it as they would.
import { forgetNewMember, rememberNewMember } from '@shop/shared/session/newMember';
import { ACCOUNT_UID, fakeDatabase, fakeGetData, fakeSetData } from './accountTestKit';

export const sharedMocks = {
  startSession: jest.mocked(shared.startSession),
  getAccountUid: jest.mocked(shared.getAccountUid),
  getData: jest.mocked(shared.getData),
  setData: jest.mocked(shared.setData),
  signIn: jest.mocked(accounts.signIn),
  signUp: jest.mocked(accounts.signUp),
  signOut: jest.mocked(accounts.signOut),
  changeEmail: jest.mocked(accounts.changeEmail),
  changePassword: jest.mocked(accounts.changePassword),
  requestPasswordReset: jest.mocked(accounts.requestPasswordReset),
  checkPasswordResetCode: jest.mocked(accounts.checkPasswordResetCode),
  completePasswordReset: jest.mocked(accounts.completePasswordReset),
  sendVerificationEmail: jest.mocked(accounts.sendVerificationEmail),
  refreshEmailVerified: jest.mocked(accounts.refreshEmailVerified),
};

/** Resets the fakes: an empty database, a visitor who is not signed in. */
export function resetBackend(): void {
  fakeDatabase.clear();
  jest.clearAllMocks();
  setAuth(SIGNED_OUT);
  shared.clearError();
  sharedMocks.startSession.mockResolvedValue(undefined);
  sharedMocks.getAccountUid.mockImplementation(async () =>
    shared.bus.auth$.getValue().isSignedIn ? ACCOUNT_UID : '',
  );
  sharedMocks.getData.mockImplementation(fakeGetData as typeof shared.getData);
  sharedMocks.setData.mockImplementation(fakeSetData as typeof shared.setData);
  // An account whose email is not verified yet claims no guest orders (decision 4401).
  sharedMocks.refreshEmailVerified.mockResolvedValue(false);
  sharedMocks.sendVerificationEmail.mockResolvedValue({ ok: true });
}

/** What a sign-in leaves behind: the account signed in, welcomed back. */
export function signInAs(email: string): void {
  setAuth({ isSignedIn: true, email, userAccountUid: ACCOUNT_UID });
  fakeDatabase.set(`users/validated/${ACCOUNT_UID}/credentials`, { email });
  forgetNewMember();
}

/** What a sign-up leaves behind: the account signed in and remembered as new in this tab. */
export function signUpAs(email: string): void {
  signInAs(email);
  rememberNewMember(ACCOUNT_UID);
}
