// The market chooser (decision 5101): the same page in every market, as links. Another market is
// another document (its language's texts, its prices), so these are plain links, not the router's
// (whose basename is this market's). The choice is remembered in a cookie, which only ever offers
// that market back on the root market's pages: nobody is redirected.
import { MARKETS, pathInMarket, useMarket, type Market } from '@shop/shared';
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

const CHOICE_COOKIE = 'shop_market';
const CHOICE_KEPT_S = 365 * 24 * 60 * 60;

function remember(market: Market): void {
  document.cookie = `${CHOICE_COOKIE}=${market.id}; Path=/; Max-Age=${CHOICE_KEPT_S}; SameSite=Lax`;
}

/** The market the visitor chose last, if any (the cookie). */
function rememberedMarket(): Market | undefined {
  const id = /(?:^|;\s*)shop_market=([a-z]{2})/.exec(document.cookie)?.[1];
  return MARKETS.find((market) => market.id === id);
}

/** The market the browser's languages point to, for a visitor who never chose one. */
function marketOfLanguages(languages: readonly string[]): Market | undefined {
  for (const tag of languages) {
    const exact = MARKETS.find((market) => market.locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = MARKETS.find((market) => market.language === tag.slice(0, 2).toLowerCase());
    if (language) return language;
  }
  return undefined;
}

function MarketLinks({ current }: { current: Market }) {
  const location = useLocation();
  return (
    <ul className="market-chooser__list">
      {MARKETS.map((market) => (
        <li key={market.id}>
          <a
            href={pathInMarket(market, location.pathname) + location.search}
            hrefLang={market.locale}
            lang={market.locale}
            aria-current={market.id === current.id ? 'true' : undefined}
            onClick={() => remember(market)}
          >
            {market.name} <span aria-hidden="true">· {market.currency}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's chooser: the market's code, opening the list of markets. */
export function HeaderMarketChooser() {
  const market = useMarket();
  return (
    <details className="market-chooser market-chooser--header">
      <summary>
        <span className="shop-visually-hidden">Market: {market.name}, change</span>
        <span aria-hidden="true">
          {market.id.toUpperCase()} · {market.currency}
        </span>
      </summary>
      <MarketLinks current={market} />
    </details>
  );
}

/** The footer's chooser: every market as a link. */
export function MarketList() {
  const market = useMarket();
  return (
    <nav aria-label="Markets" className="market-chooser">
      <MarketLinks current={market} />
    </nav>
  );
}

/** The phone menu's chooser (inside the menu's own navigation). */
export function MenuMarkets() {
  return <MarketLinks current={useMarket()} />;
}

/** The cookie and the languages do not change while a page is open. */
const noChanges = () => () => undefined;

/** The market to offer a visitor on `market`'s pages, if any (see MarketSuggestion). */
function suggestionFor(market: Market): Market | undefined {
  if (market.pathPrefix !== '' || sessionStorage.getItem(CHOICE_COOKIE) === 'dismissed') return;
  const other = rememberedMarket() ?? marketOfLanguages(navigator.languages);
  return other && other.id !== market.id ? other : undefined;
}

/**
 * On a root-market page, the market the visitor chose before (or their browser's language points
 * to) when it is another one, offered as a link; dismissed for the visit. Read after the first
 * render, so the page stays the same for every visitor (the CDN keeps it).
 */
export function MarketSuggestion() {
  const market = useMarket();
  const location = useLocation();
  // The server and the hydrating render offer nothing; the browser's cookie and languages then.
  const suggested = useSyncExternalStore(
    noChanges,
    () => suggestionFor(market),
    () => undefined,
  );
  const [dismissed, setDismissed] = useState(false);
  const offered = dismissed ? undefined : suggested;
  if (!offered) return null;
  return (
    <aside className="market-suggestion" aria-label="Your market" lang={offered.locale}>
      <p>
        <a
          href={pathInMarket(offered, location.pathname) + location.search}
          hrefLang={offered.locale}
          onClick={() => remember(offered)}
        >
          Shop in {offered.name} ({offered.currency})
        </a>
      </p>
      <button
        type="button"
        className="link-button"
        lang={market.locale}
        onClick={() => {
          remember(market);
          sessionStorage.setItem(CHOICE_COOKIE, 'dismissed');
          setDismissed(true);
        }}
      >
        Stay in {market.name}
      </button>
    </aside>
  );
}
