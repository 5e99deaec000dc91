// @shop/shared/accounts: sign-up, sign-in, sign-out and the account changes, with the texts of
// their errors, for the pages that have them. Not in the package's main module, which every page
// loads first (decision 1312); the session, the bus and the database they use are the main
// module's.
export {
  signUp,
  signIn,
  signOut,
  changeEmail,
  changePassword,
  requestPasswordReset,
  checkPasswordResetCode,
  completePasswordReset,
  sendVerificationEmail,
  refreshEmailVerified,
} from '../firebase/accounts';
export { authErrorMessage, authErrorCode, reauthErrorMessage } from '../firebase/authErrors';
