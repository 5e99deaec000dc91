import {
  MESSAGES,
  ShopToaster,
  clearError,
  toast,
  useAuth,
  useCart,
  useError,
  useMarket,
  useMessages,
} from '@shop/shared/firstRender';
import { usePageNavigation } from '@shop/shared/routes/pageNavigation';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  Link,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  type UIMatch,
} from 'react-router-dom';
import { headerModulesWanted, shopperInteracted } from '../remotes/firstPage';
import { RemoteRegion } from '../remotes/RemoteRegion';
import { PAGE_REMOTE_MODULES, type RemoteModules } from '../remotes/loadRemoteModule';
import { PageSkeleton } from './PageSkeleton';
import { ReportErrorTitle, usePageTitle } from './usePageTitle';
import { releaseEarlyInput } from '../early/earlyInput';
import { getRegistry, type ShellStateSource } from '../remotes/registry';
import type { RouteLists } from '../remotes/pageModules';
import { returningTo } from '@shop/shared/routes/routeList';
import { BagIcon } from '@shop/shared/ui/BagIcon';
import { navigationLinks, roleLink } from './remoteLinks';
import { HeaderSearch } from './HeaderSearch';
import { loadAccounts } from './loadAccounts';
import { HeaderMarketChooser, MarketList, MenuMarkets } from './MarketChooser';

// Its code comes with the visitor's first interaction (decision 1308), never with the first page.
const MarketSuggestion = lazy(() => shopperInteracted.then(() => import('./MarketSuggestion')));
// Only QA's overrides show it (decision 5102): a shopper's page never loads its code.
const RemoteOverrideNotice = lazy(() => import('../remotes/RemoteOverrideNotice'));
const noChanges = () => () => undefined;

/**
 * The market offered back to a visitor of the root market (decision 5101): only in the browser,
 * after hydration, so every visitor's page is the same from the server.
 */
function LaterMarketSuggestion() {
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const market = useMarket();
  if (!inBrowser || market.pathPrefix !== '') return null;
  return (
    <Suspense fallback={null}>
      <MarketSuggestion />
    </Suspense>
  );
}
import { messages } from '../messages';

/** Shown in the header when the cart remote is down: the count still comes from the bus. */
function BasketLinkFallback({ lists, retry }: { lists: RouteLists; retry?: () => void }) {
  const t = useMessages(messages);
  const cart = useCart();
  const basket = roleLink(lists, 'basket');
  return (
    <span className="mini-basket-fallback">
      <Link to={basket ?? '/'} className="header-icon-link">
        {/* The bag as the cart draws it: where the word is hidden (992-1199 px), no bare count. */}
        <BagIcon />
        <span className="mini-basket-fallback__label">{t('Basket')} </span>
        <span className="badge" data-testid="basket-count">
          {cart.totalQuantity}
        </span>
        {/* The name reads "Basket 3 items": it contains the visible text (WCAG 2.5.3). */}
        <span className="shop-visually-hidden">
          {' '}
          {cart.totalQuantity === 1 ? t('item') : t('items')}
        </span>
      </Link>
      {retry ? (
        <button
          type="button"
          className="link-button"
          onClick={retry}
          title={t('Reload the basket preview')}
        >
          <span className="shop-visually-hidden">{t('Reload the basket preview')}</span>↻
        </button>
      ) : null}
    </span>
  );
}

function AccountLink({ lists }: { lists: RouteLists }) {
  const t = useMessages(messages);
  const auth = useAuth();
  const accountPage = roleLink(lists, 'account');
  const signInPage = roleLink(lists, 'sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const onSignOut = async () => {
    setSigningOut(true);
    try {
      const { signOut } = await loadAccounts().catch(() => ({ signOut: null }));
      if (!signOut) {
        toast.error(MESSAGES.networkFailed);
        return;
      }
      await signOut();
      toast.info(t('You are signed out.'));
      navigate('/');
    } finally {
      setSigningOut(false);
    }
  };
  // The account remote is down: no links to its pages until it is back.
  if (auth.isSignedIn ? !accountPage : !signInPage) return null;
  return auth.isSignedIn ? (
    <>
      <Link to={accountPage ?? '/'} className="header-icon-link" title={auth.email}>
        {t('My account')}
      </Link>
      <button
        type="button"
        className="link-button"
        onClick={() => void onSignOut()}
        disabled={signingOut}
      >
        {signingOut ? t('Signing out…') : t('Sign out')}
      </button>
    </>
  ) : (
    // Signing in comes back here, not to the account's page.
    <Link
      to={signInPage ? returningTo(signInPage, location.pathname + location.search) : '/'}
      className="header-icon-link"
    >
      {t('Sign in')}
    </Link>
  );
}

function GlobalError() {
  const t = useMessages(messages);
  const error = useError();
  if (!error.isError) return null;
  return (
    <div className="global-error" role="alert">
      <p>
        <strong>{error.message.content}</strong>
        {error.message.error ? <span>: {error.message.error}</span> : null}
      </p>
      <button type="button" className="link-button" onClick={clearError}>
        {t('Dismiss')}
      </button>
    </div>
  );
}

/**
 * The mobile menu: it closes by itself on navigation (it is open only for the page it was opened
 * on), and Escape closes it and leaves the keyboard on its button.
 */
function useMenu(pathname: string) {
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuToggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const toggleMenu = () => setMenuOpenOn(menuOpen ? null : pathname);
  return [menuOpen, menuToggle, toggleMenu] as const;
}

/**
 * The page's title, or the title of an error a route shows in place of its page (for the address
 * it was shown at): returns what the routes report that error title with.
 */
function usePageOrErrorTitle(matches: UIMatch[], locationKey: string) {
  const [shownError, setShownError] = useState<{ key: string; title: string } | null>(null);
  const reportErrorTitle = useCallback(
    (title: string | undefined) => setShownError(title ? { key: locationKey, title } : null),
    [locationKey],
  );
  usePageTitle(matches, shownError?.key === locationKey ? shownError.title : undefined);
  return reportErrorTitle;
}

/**
 * The page is React's now: presses made while a server-rendered page waited are made again. A
 * remote's page does it itself once its own part is React's (it hydrates later: remoteRoute).
 */
function useReleaseInputOnShellPages(matches: UIMatch[]) {
  const remotePage = matches.some(
    (match) => (match.handle as { remote?: unknown } | undefined)?.remote !== undefined,
  );
  useEffect(() => {
    if (!remotePage) releaseEarlyInput();
  }, [remotePage]);
}

function SiteHeader({ lists, modules }: { lists: RouteLists; modules: RemoteModules }) {
  const location = useLocation();
  const [menuOpen, menuToggle, toggleMenu] = useMenu(location.pathname);
  const t = useMessages(messages);
  const { language } = useMarket();
  const headerLinks = navigationLinks(lists, 'header', t, language);
  const searchPage = roleLink(lists, 'search');
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {/* The name comes from the text, so what is seen is what is heard ("Threadline home"). */}
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            T
          </span>
          <span className="brand__name">Threadline</span>
          <span className="shop-visually-hidden"> {t('home')}</span>
        </Link>
        <button
          ref={menuToggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={searchPage ? 'primary-nav header-search' : 'primary-nav'}
          onClick={toggleMenu}
        >
          <span className="shop-visually-hidden">
            {menuOpen ? t('Close menu') : t('Open menu')}
          </span>
          <span aria-hidden="true">☰</span>
        </button>
        <nav
          id="primary-nav"
          aria-label={t('Primary')}
          className={menuOpen ? 'primary-nav primary-nav--open' : 'primary-nav'}
        >
          <ul>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {/* On phones the account's links are in the menu: the header row keeps the brand,
                the basket and the menu button, which fit from 320 px. */}
            <li className="primary-nav__account">
              <AccountLink lists={lists} />
            </li>
            <li className="primary-nav__markets">
              <MenuMarkets />
            </li>
          </ul>
        </nav>
        {/* A new form after each navigation: the words typed are not left behind in it. */}
        {searchPage ? (
          <HeaderSearch key={location.key} action={searchPage} open={menuOpen} />
        ) : null}
        <div className="header-actions">
          <span className="header-account">
            <AccountLink lists={lists} />
          </span>
          <RemoteRegion
            modules={modules}
            remote="cart"
            exposed="./MiniBasket"
            props={{}}
            loading={<BasketLinkFallback lists={lists} />}
            fallback={(retry) => <BasketLinkFallback lists={lists} retry={retry} />}
            after={headerModulesWanted}
          />
        </div>
      </div>
    </header>
  );
}

/**
 * `state`: the composition the page belongs to (links to remote pages come from its route lists):
 * the server's own for each render, the registry in the browser. `modules`: its remotes' code.
 */
export function RootLayout({
  state = getRegistry,
  modules = PAGE_REMOTE_MODULES,
}: {
  state?: ShellStateSource;
  modules?: RemoteModules;
}) {
  const t = useMessages(messages);
  const { language, pricesIncludeTax } = useMarket();
  const navigation = usePageNavigation();
  const location = useLocation();
  const matches = useMatches();
  const reportErrorTitle = usePageOrErrorTitle(matches, location.key);
  useReleaseInputOnShellPages(matches);
  const lists = state()?.routeLists ?? {};
  // A navigation to another page shows the placeholder; a same-page reload keeps the content.
  const loadingOtherPage =
    navigation.state === 'loading' && navigation.pathname !== location.pathname;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      {/* The market above the header's one line, which has no room left for it (phones: the menu). */}
      <div className="market-bar">
        <HeaderMarketChooser />
      </div>
      <SiteHeader lists={lists} modules={modules} />
      <LaterMarketSuggestion />
      {getRegistry()?.decisions.length ? (
        <Suspense fallback={null}>
          <RemoteOverrideNotice />
        </Suspense>
      ) : null}
      <GlobalError />
      {navigation.state !== 'idle' ? <div className="nav-progress" aria-hidden="true" /> : null}
      <main id="main" className="site-main" tabIndex={-1}>
        <ReportErrorTitle.Provider value={reportErrorTitle}>
          {loadingOtherPage ? <PageSkeleton /> : <Outlet />}
        </ReportErrorTitle.Provider>
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <p>
            {t('© {year} Threadline. Clothing and sneakers made to last.', {
              year: new Date().getFullYear(),
            })}
          </p>
          {/* Where prices include VAT, the footer says so for every page's prices (decision 5101). */}
          {pricesIncludeTax ? <p>{t('All prices include VAT, plus shipping.')}</p> : null}
          <nav aria-label={t('Footer')}>
            <ul>
              {navigationLinks(lists, 'footer', t, language).map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <MarketList />
        </div>
      </footer>
      <ShopToaster />
      <ScrollRestoration />
    </div>
  );
}
