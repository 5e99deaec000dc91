// @shop/shared: the one entry point every app imports (shared as a singleton by Module Federation).
// See CONTRACT.md for the channels, payloads and who publishes what.
export * from './types';
export * from './routing';
export * from './constants';

// Bus
export { bus, getBus, SIGNED_OUT, NO_ERROR, type ShopBus } from './bus/bus';
export {
  useChannel,
  useObservable,
  useAuth,
  useCart,
  useError,
  useLoading,
  useDevice,
} from './bus/hooks';
export { setAuth, raiseError, clearError, setLoading, toast } from './bus/publishers';
export { startDeviceWatch, stopDeviceWatch, isMobileWidth } from './bus/device';

// Cart
export {
  EMPTY_CART,
  NO_DISCOUNT,
  lineKey,
  colourKey,
  clampQuantity,
  addProduct,
  replaceCart,
  removeItem,
  setQuantity,
  updateDiscount,
  setTotalPrice,
  toServerCart,
  fromServerCart,
  mergeCarts,
  includeLines,
  sameCart,
} from './cart/cartDomain';
export { cartActions } from './cart/cartStore';
export { toProductLine } from './cart/productLine';

// Catalog: the forms of slugs. The product reader (the catalog team's contract for
// `catalog/products/{id}`) is `@shop/shared/catalog/productRecord`, imported where records are
// read, so its schema library is not in every page's first load (decision 1311).
export { COLLECTION_SLUG, PRODUCT_TYPE } from './catalog/slugs';
export type { ProductRecord, ProductRead } from './catalog/productRecord';
export {
  LOW_STOCK_LEFT,
  ONE_SIZE,
  describeItem,
  stockKey,
  stockLabel,
  stockLeft,
  stockLevel,
  stockWarning,
  type StockLevel,
} from './catalog/stock';

// Order fields (the checkout's form and its order function)
export {
  ORDER_PERSONAL_FIELDS,
  PAYMENT_METHOD_VALUES,
  isPaymentMethod,
  type OrderPersonalField,
  type PaymentMethodValue,
} from './order/orderFields';

// Pricing
export {
  formatPrice,
  discountFactor,
  isPercentDiscount,
  shipmentFor,
  priceLines,
  roundToCents,
  type PriceSummary,
} from './pricing/pricing';

// Validation and form fields
export {
  validateField,
  VALIDATION_RULES,
  UNEXPECTED_FIELD_MESSAGE,
  EMAIL_PATTERN,
  TEL_PATTERN,
  isKnownField,
  type FieldName,
  type ValidationRule,
} from './validation/rules';
export { FIELD_META, getFieldMeta, type FieldMeta } from './validation/fieldMeta';
export {
  useValidatedForm,
  type ValidatedForm,
  type ValidatedFormOptions,
  type FieldProps,
} from './validation/useValidatedForm';
export { COUNTRIES } from './validation/countries';

// Firebase helpers
export {
  getFirebaseConfig,
  getAuthEmulatorUrl,
  getFunctionsUrl,
  type ShopFirebaseConfig,
} from './firebase/config';
export {
  getAuthBackend,
  setAuthBackend,
  type AuthBackend,
  type AuthUser,
} from './firebase/authBackend';
export { signInAnonymouslyForToken, getTokenId, getAccountUid } from './firebase/identity';
export {
  getData,
  setData,
  setDatabaseFetch,
  databaseUrl,
  identityForPath,
  type WriteMethod,
} from './firebase/database';
export { newOrderKey } from './firebase/pushId';
export {
  signUp,
  signIn,
  signOut,
  changeEmail,
  changePassword,
  requestPasswordReset,
  checkPasswordResetCode,
  completePasswordReset,
} from './firebase/accounts';
export { authErrorMessage, authErrorCode, reauthErrorMessage } from './firebase/authErrors';
export { isNewMember } from './session/newMember';
export { isReturningVisitor } from './session/returningVisitor';

// Session, and the basket's contract (the cart remote's basket service does the sync; issue 12)
export {
  startSession,
  stopSession,
  sessionRequested,
  type StartSessionOptions,
} from './session/startSession';
export {
  registerBasketService,
  getBasketService,
  basketChannels,
  basketLoaded,
  markBasketLoaded,
  flushCartSync,
  hasPendingCartUpload,
  type BasketService,
  type SessionInfo,
} from './basket/basketContract';
export { releaseKeptBasket } from './basket/keptBasket';
export { cartPathFor, anonymousCartPath, accountCartPath } from './basket/cartPaths';

// UI
export { ShopToaster } from './toasts/ShopToaster';
export { Button, type ButtonProps } from './ui/Button';
export { TextField, type TextFieldProps } from './ui/TextField';
export { SelectField, type SelectFieldProps, type SelectOption } from './ui/SelectField';
export { Price, type PriceProps } from './ui/Price';
export { PricingSummary, describeDiscount, type PricingSummaryProps } from './ui/PricingSummary';
export { QuantitySelector, type QuantitySelectorProps } from './ui/QuantitySelector';
export { Skeleton, type SkeletonProps } from './ui/Skeleton';
export { ProductListItem, type ProductListItemProps } from './ui/ProductListItem';
export { renderStandalone, StandaloneFrame, type StandaloneOptions } from './ui/renderStandalone';
export {
  composeRouteTree,
  isRoutePath,
  readRouteList,
  routesFromList,
  type OwnedRouteEntry,
  type RouteConflict,
  type RouteListEntry,
  type RouteMakers,
  type RouteModuleExports,
  type RouteTree,
} from './routes/routeList';
