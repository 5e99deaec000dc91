// Business constants and limits (docs/product.md §9). One place; every app reads them from here.
export const VALIDATION_DELAY_MS = 500;
export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 10;
/** Most distinct lines one basket (and so one order) holds (decision 1404). */
export const BASKET_LINES_MAX = 50;
export const MOBILE_BREAKPOINT_PX = 992;
export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_SWIPE_THRESHOLD_PX = 20;
export const TOAST_SWIPE_VELOCITY_PX_PER_MS = 0.11;
export const TOAST_REMOVE_DELAY_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Flat shipment fee in dollars (docs/product.md §9). It is zero when the
 * basket carries the discount type 'SHIPMENT'. There is no free-shipment threshold (spec).
 */
export const SHIPMENT_FEE = 9.99;

/** Lowest and highest numeric discount percentage we accept (see docs/decisions/0004). */
export const DISCOUNT_PERCENT_MIN = 10;
export const DISCOUNT_PERCENT_MAX = 99;

/** Debounce of basket uploads: a burst of clicks within this window is sent once. */
export const CART_SYNC_DEBOUNCE_MS = 300;
/** Retry back-off of a failed basket upload: first delay, doubled per attempt, capped. */
export const CART_SYNC_RETRY_BASE_MS = 1000;
export const CART_SYNC_RETRY_MAX_MS = 30_000;
/** A database request that takes longer than this counts as a network failure. */
export const DATABASE_TIMEOUT_MS = 15_000;

/** Every user-facing text of docs/product.md §8 (spelling exactly as specified), plus a few shared ones. */
export const MESSAGES = {
  // Accounts (docs/product.md §8)
  emailTaken: 'There is already an account assigned to this email!',
  userNotFound: "User doesn't exist! Please make an account first.",
  invalidPassword: 'Invalid password!',
  signUpFailed: 'Something went wrong, please try again later.',
  /** auth/invalid-credential: the service does not say whether the email or the password is wrong. */
  invalidCredential: 'Invalid email or password!',
  networkFailed: "Couldn't reach the server. Please check your connection and try again.",
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  /** auth/requires-recent-login: the service wants a fresh proof of the password. */
  requiresRecentLogin:
    'For your security, please confirm your current password (or sign out and sign in again) before changing this.',
  /** Re-authentication before an email or password change (decision 1501). */
  currentPasswordRequired: 'Please enter your current password.',
  wrongCurrentPassword: 'The current password you entered is not correct. Please try again.',
  /** Forgot password: the same answer whether or not the email has an account (decision 1501). */
  passwordResetSent:
    'If an account exists for this email address, we have sent it a link to choose a new password. Please check your inbox.',
  resetLinkExpired: 'This password reset link has expired. Please ask for a new one.',
  resetLinkInvalid:
    'This password reset link is not valid or has already been used. Please ask for a new one.',
  notSignedIn: 'You need to be signed in to do this.',
  anonymousSignInFailed: 'Anonymous sign-in failed.',
  // Global errors (docs/product.md §8)
  unexpectedError: 'An unexpected error happened',
  cartLoadFailed: 'Unable to load cart data',
  cartSendFailed: 'Unable to send cart data',
  couldNotConnect: (status: number | string) =>
    `Couldn't connect to the server. Response code: ${status}`,
  serverResponseCode: (status: number | string) => `Server response code: ${status}`,
  // Success messages (docs/product.md §8)
  signedUp: 'Signed up successfuly!',
  signedIn: 'Signed in successfuly!',
  fieldChanged: (field: string) => `Your ${field} has been changed successfuly!`,
  orderSent: 'Order sent successfuly!',
  // Order confirmation (docs/product.md §2)
  orderSentTitle: 'Order sent!',
  orderFailedTitle: 'Something went wrong!',
  orderFailedBody: 'An error has occured, please try again later.',
  // Account screens (docs/product.md §2)
  yetToBeFilled: 'Yet to be filled!',
  loadingCredentials: 'Loading credentials...',
  loadingPersonalInformation: 'Loading personal information...',
  submitting: 'Submiting...',
} as const;
