// The shop's markets (decision 5101): data, not code. A market is a language, a currency, a
// shipping fee and the countries it ships to, under an address prefix of its own (`/de/…`); the
// United States is today's shop at the root. A fourth market is an entry in markets.json and its
// language's message files.
import marketData from './markets.json';
import type { Currency } from '../payments/money';

/** The languages the shop's texts are written in; English is every text's fallback. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export interface Market {
  /** Its address prefix without the slash ("de"); the root market's is "us". */
  id: string;
  /** Its name as its own shoppers write it, for the market chooser. */
  name: string;
  /** '' for the root market, else "/{id}": every page of the market is under it. */
  pathPrefix: string;
  language: Language;
  /** BCP 47 locale of its numbers, dates and prices ("de-DE"). */
  locale: string;
  currency: Currency;
  /** Shipment of a basket with products, in the market's currency (docs/product.md §9). */
  shippingFee: number;
  /**
   * Its prices include its sales tax (VAT), and its shoppers are told so beside them: Germany and
   * the United Kingdom. In the United States tax is not part of a shown price (docs/product.md §1).
   */
  pricesIncludeTax: boolean;
  /** ISO 3166 codes of the countries it delivers to. */
  shipsTo: readonly string[];
}

// markets.json is checked by markets.test.ts (each team's tests run it), not on every page load.
export const MARKETS: readonly Market[] = marketData.markets as Market[];

/** The market at the root of the addresses (today's shop): the United States. */
export const ROOT_MARKET: Market = MARKETS.find((market) => market.pathPrefix === '') as Market;

/** The market whose id is `id`, if any. */
export function marketById(id: string | null | undefined): Market | undefined {
  return MARKETS.find((market) => market.id === id);
}

/** The market an address belongs to: its first segment's, else the root market. */
export function marketOfPath(pathname: string): Market {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  const market = first === undefined ? undefined : marketById(first);
  return market && market.pathPrefix !== '' ? market : ROOT_MARKET;
}

/** `path` (an address of the root market, "/products/x?y") as an address of `market`. */
export function pathInMarket(market: Market, path: string): string {
  return market.pathPrefix + path;
}

/** An address without its market prefix: the same page's address in the root market. */
export function pathOutOfMarket(pathname: string): string {
  const market = marketOfPath(pathname);
  if (market.pathPrefix === '') return pathname;
  const rest = pathname.slice(market.pathPrefix.length);
  return rest === '' ? '/' : rest;
}

/**
 * The market a priced thing (an order, a receipt) is shown in: the one it was placed in, else the
 * first of its currency, else the root market. A past order's amounts are written in its own
 * currency with that market's locale wherever it is shown ("12,50 €" on every page, "$12.50" for
 * every US order as before; decision 5101). Without `currency` (every order before markets): US
 * dollars.
 */
export function marketOfOrder(order: { currency?: string | null; market?: string | null }): Market {
  const currency = order.currency ?? ROOT_MARKET.currency;
  const placedIn = marketById(order.market);
  if (placedIn && placedIn.currency === currency) return placedIn;
  return MARKETS.find((market) => market.currency === currency) ?? ROOT_MARKET;
}
