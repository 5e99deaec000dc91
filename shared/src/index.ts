// @shop/shared: the one entry point every app imports (shared as a singleton by Module Federation).
// See CONTRACT.md for the channels, payloads and who publishes what.
export * from './types';
export * from './routing';
export * from './constants';

// A page request's context (decision 5504): its public reads and its links to another team's page
// by role (CONTRACT §9), given by the shell per request on the server and per page in the browser
export {
  pageShopContext,
  publishRouteLists,
  routerContextFor,
  shopContext,
  shopContextOf,
  ShopContextProvider,
  useShopContext,
  useMarket,
  type ShopContext,
} from './routes/shopContext';
// Markets (decision 5101): language, currency and address prefix of each, as data.
export {
  LANGUAGES,
  MARKETS,
  ROOT_MARKET,
  isLanguage,
  marketById,
  marketOfOrder,
  marketOfPath,
  pathInMarket,
  pathOutOfMarket,
  type Language,
  type Market,
} from './markets/markets';
// Each team's texts (decision 5101): English where written, a file per other language (CONTRACT §9b).
export {
  defineMessages,
  formatMessage,
  isMessages,
  messagesOf,
  useMessages,
  type MessageValues,
  type Messages,
  type Translate,
} from './i18n/messages';
// The shared package's own words (its UI components'), loaded by the shell with its own.
export { sharedMessages } from './messages';
export type { LinkableLists, LinkAddresses } from './routes/links';
export type { LinkRole } from './routes/roles';

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
  linesCutByMerge,
  includeLines,
  sameCart,
} from './cart/cartDomain';
export { cartActions } from './cart/cartStore';

// Catalog: the forms of slugs. The product reader (the catalog team's contract for
// `catalog/products/{id}`) is `@shop/shared/catalog/productRecord`, imported where records are
// read, so its schema library is not in every page's first load (decision 1311).
export { COLLECTION_SLUG, PRODUCT_TYPE } from './catalog/slugs';
export type { ProductRecord, ProductRead } from './catalog/productRecord';
// Stock (`@shop/shared/catalog/stock`) and basket lines as shown (`@shop/shared/cart/productLine`)
// are imported by their path: only the catalog and the cart need them, not every first page.
export type { StockLevel } from './catalog/stock';

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
  fixedDiscountIn,
  roundToCents,
  type PriceFormat,
  type PricingMarket,
  type PriceSummary,
} from './pricing/pricing';

// Validation: the table, the form hook and the fields are `@shop/shared/forms` (decision 1312):
// only pages with forms need them, and the first page of the shop loads this module.

// Firebase helpers (sign-up, sign-in and the account changes: `@shop/shared/accounts`, decision 1312)
export {
  getFirebaseConfig,
  getAuthEmulatorUrl,
  getFunctionsUrl,
  getCatalogServiceUrl,
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
  type DataAnswer,
  type DataFetch,
} from './firebase/database';
export { newOrderKey } from './firebase/pushId';
export { isNewMember } from './session/newMember';
export { isReturningVisitor } from './session/returningVisitor';

// Session, and the basket's contract (the cart remote's basket service does the sync;
// decision 1202)
export { startSession, stopSession, type StartSessionOptions } from './session/startSession';
export { sessionRequested } from './session/sessionRequested';
export {
  registerBasketService,
  getBasketService,
  basketChannels,
  basketLoaded,
  markBasketLoaded,
  remoteUnavailable,
  flushCartSync,
  hasPendingCartUpload,
  type BasketService,
  type SessionInfo,
} from './basket/basketContract';
export { releaseKeptBasket } from './basket/keptBasket';
export { basketAdds, type BasketAdd } from './basket/basketAdds';
export { cartPathFor, anonymousCartPath, accountCartPath } from './basket/cartPaths';

// UI (the product, price and quantity parts: `@shop/shared/ui`, decision 1312)
export { ShopToaster } from './toasts/ShopToaster';
export { Button, type ButtonProps } from './ui/Button';
export { Skeleton, type SkeletonProps } from './ui/Skeleton';
export { renderStandalone, StandaloneFrame, type StandaloneOptions } from './ui/renderStandalone';
export {
  composeRouteTree,
  isRoutePath,
  ownPaths,
  readRouteList,
  routesFromList,
  type OwnedRouteEntry,
  type RouteConflict,
  type RouteListEntry,
  type RouteMakers,
  type RouteModuleExports,
  type RouteTree,
} from './routes/routeList';
