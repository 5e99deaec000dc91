// The market chooser (decision 5101): the same page in every market, as links. Another market is
// another document (its language's texts, its prices), so these are plain links, not the router's
// (whose basename is this market's). The choice is remembered in a cookie, which only ever offers
// that market back on the root market's pages (MarketSuggestion): nobody is redirected.
import {
  MARKETS,
  pathInMarket,
  useMarket,
  useMessages,
  type Market,
} from '@shop/shared/firstRender';
import { useLocation } from 'react-router-dom';
import { messages } from '../messages';

export const CHOICE_COOKIE = 'shop_market';
const CHOICE_KEPT_S = 365 * 24 * 60 * 60;

export function remember(market: Market): void {
  document.cookie = `${CHOICE_COOKIE}=${market.id}; Path=/; Max-Age=${CHOICE_KEPT_S}; SameSite=Lax`;
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
  const t = useMessages(messages);
  const market = useMarket();
  return (
    <details className="market-chooser market-chooser--header">
      <summary>
        <span className="shop-visually-hidden">
          {t('Market: {market}, change', { market: market.name })}
        </span>
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
  const t = useMessages(messages);
  const market = useMarket();
  return (
    <nav aria-label={t('Markets')} className="market-chooser">
      <MarketLinks current={market} />
    </nav>
  );
}

/** The phone menu's chooser (inside the menu's own navigation). */
export function MenuMarkets() {
  return <MarketLinks current={useMarket()} />;
}
