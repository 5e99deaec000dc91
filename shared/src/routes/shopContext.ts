// The shop context of one page request (decision 5504): what a render reads that belongs to the
// request rather than to the code, passed in explicitly. The shell server makes one per request
// (its kept public reads, the links of the composition it renders); the browser's shell provides
// the page's. Loaders get it as React Router's `context` (`shopContextOf(context)`), components
// through React context (`useShopContext()`); both default to the page's (tests, a standalone
// remote). In the main module: the React and router context keys must be one per page.
import { createContext as createReactContext, useContext } from 'react';
import { RouterContextProvider, createContext as createRouterContext } from 'react-router-dom';
import { databaseFetchNow } from '../firebase/database';
import type { DataFetch } from '../firebase/dataAnswer';
import { type Market, ROOT_MARKET, marketOfPath } from '../markets/markets';
import { type LinkAddresses, type LinkableLists, linkAddresses, linkTo } from './links';
import type { LinkRole } from './roles';

export interface ShopContext {
  /**
   * The fetch of public reads: the database's public data (`getData(path, fetchPublic)`) and our
   * services' (the catalog's query service). On the server, the request's page handler's kept
   * public reads (decision 1302): a burst of pages asks once.
   */
  readonly fetchPublic: DataFetch;
  /**
   * The link to the page published for `role` in this page's composition (CONTRACT §9), as the
   * router reads it: without the market's prefix, which the router's basename adds (decision 5101).
   */
  hrefFor(role: LinkRole, params?: Record<string, string>): string;
  /** The market the page is in (decision 5101): its language, currency and address prefix. */
  readonly market: Market;
}

/**
 * A request's context: its public reads, the links of the composition it is rendered with and its
 * market (the root market unless given).
 */
export function shopContext(parts: {
  fetchPublic: DataFetch;
  links: LinkAddresses | (() => LinkAddresses);
  market?: Market;
}): ShopContext {
  const { fetchPublic, links, market = ROOT_MARKET } = parts;
  const addresses = typeof links === 'function' ? links : () => links;
  return { fetchPublic, hrefFor: (role, params) => linkTo(addresses(), role, params), market };
}

/** The browser page's links: the route lists the shell composed this page from. */
let pageAddresses: LinkAddresses = new Map();

/** The route lists the browser's page is composed of now (the shell; tests). */
export function publishRouteLists(lists: LinkableLists): void {
  pageAddresses = linkAddresses(lists);
}

/**
 * The browser page's context: the database's fetch, the published route lists' links. What
 * renders without a context given (tests, a remote on its own); on the server never used by a
 * render, whose context the shell server always gives (and links home: nothing is published).
 */
export const pageShopContext: ShopContext = shopContext({
  fetchPublic: (input, init) => databaseFetchNow()(input, init),
  links: () => pageAddresses,
  // A page is in one market: another market's page is another document (decision 5101).
  market: typeof location === 'undefined' ? ROOT_MARKET : marketOfPath(location.pathname),
});

const ShopReactContext = createReactContext<ShopContext>(pageShopContext);

/** Gives the components under it their request's context. */
export const ShopContextProvider = ShopReactContext.Provider;

/** The shop context of the page being rendered. */
export function useShopContext(): ShopContext {
  return useContext(ShopReactContext);
}

/** The market of the page being rendered (decision 5101). */
export function useMarket(): Market {
  return useContext(ShopReactContext).market;
}

/** The key of the shop context among React Router's loader and action `context`. */
export const SHOP_ROUTER_CONTEXT = createRouterContext<ShopContext>(pageShopContext);

/** React Router's `context` for the loaders and actions of a request with `shop`. */
export function routerContextFor(shop: ShopContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(SHOP_ROUTER_CONTEXT, shop);
  return context;
}

/** The shop context a loader or action was called with (`args.context`); the page's if none. */
export function shopContextOf(context: unknown): ShopContext {
  const provider = context as { get?: unknown } | null | undefined;
  if (typeof provider?.get !== 'function') return pageShopContext;
  return (provider as RouterContextProvider).get(SHOP_ROUTER_CONTEXT);
}
