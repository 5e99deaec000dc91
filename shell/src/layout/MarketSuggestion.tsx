// The market offered back on a root-market page (decision 5101): the one the visitor chose before,
// or their browser's languages point to. Its code loads with the visitor's first interaction, not
// with the first page (decision 1308): it is never part of what `/` costs.
import { MARKETS, pathInMarket, useMarket, useMessages, type Market } from '@shop/shared';
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '../messages';
import { CHOICE_COOKIE, remember } from './MarketChooser';

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
export default function MarketSuggestion() {
  const t = useMessages(messages);
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
    <aside className="market-suggestion" aria-label={t('Your market')}>
      <p>
        <a
          href={pathInMarket(offered, location.pathname) + location.search}
          hrefLang={offered.locale}
          onClick={() => remember(offered)}
        >
          {t('Shop in {market} ({currency})', { market: offered.name, currency: offered.currency })}
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
        {t('Stay in {market}', { market: market.name })}
      </button>
    </aside>
  );
}
