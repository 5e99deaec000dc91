// jest.mock('@shop/shared', sharedMockFactory): backend-facing functions become jest.fn().
export function sharedMockFactory() {
  const actual = jest.requireActual('@shop/shared');
  return {
    ...actual,
    startSession: jest.fn(),
    getAccountUid: jest.fn(),
    getData: jest.fn(),
    setData: jest.fn(),
  };
}

// jest.mock('@shop/shared/accounts', accountsMockFactory): the account functions become jest.fn().
export function accountsMockFactory() {
  const actual = jest.requireActual('@shop/shared/accounts');
  return {
    ...actual,
    signIn: jest.fn(),
    signUp: jest.fn(),
    signOut: jest.fn(),
    changeEmail: jest.fn(),
    changePassword: jest.fn(),
    requestPasswordReset: jest.fn(),
    checkPasswordResetCode: jest.fn(),
    completePasswordReset: jest.fn(),
    sendVerificationEmail: jest.fn(),
    refreshEmailVerified: jest.fn(),
  };
}
