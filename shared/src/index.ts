// @shop/shared: the one entry point every app imports (shared as a singleton by Module Federation).
export * from './types';
export * from './routing';
export { bus, getBus, SIGNED_OUT, NO_ERROR, type ShopBus } from './bus/bus';
export { useChannel, useAuth, useCart, useError, useLoading, useDevice } from './bus/hooks';
export { setAuth, raiseError, clearError, setLoading, toast } from './bus/publishers';
export { EMPTY_CART } from './cart/emptyCart';
export * from './constants';
export { ShopToaster } from './toasts/ShopToaster';
