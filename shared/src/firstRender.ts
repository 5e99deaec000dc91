// What the shell's first render reads of this package (decision 5102), for the shell only.
// The package's main module is the page's shared singleton; Module Federation never tree-shakes
// it, so every export would be on every first page. The shell imports this smaller set for its
// first render instead (same modules: one copy in the shell's build) and loads the main module
// before any remote's code, so the remotes get the shell's copy
// (shell/src/remotes/sharedPackage.ts). A remote importing this module would get a second copy of
// the shop context: lint forbids it.
export { MESSAGES } from './constants';
export type { RemoteRouteModule } from './routing';
export {
  ShopContextProvider,
  pageShopContext,
  publishRouteLists,
  routerContextFor,
  useMarket,
} from './routes/shopContext';
export { MARKETS, pathInMarket, type Language, type Market } from './markets/markets';
export {
  defineMessages,
  formatMessage,
  isMessages,
  messagesOf,
  useMessages,
  type Translate,
} from './i18n/messages';
export { sharedMessages } from './messages';
export { useAuth, useCart, useError } from './bus/hooks';
export { clearError, raiseError, toast } from './bus/publishers';
export { startDeviceWatch } from './bus/device';
export { remoteUnavailable } from './basket/basketContract';
export { keepBasketUntilLoaded } from './basket/keptBasket';
export { sessionRequested } from './session/sessionRequested';
export { isReturningVisitor } from './session/returningVisitor';
export { ShopToaster } from './toasts/ShopToaster';
