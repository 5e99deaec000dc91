import {
  MESSAGES,
  ShopContextProvider,
  keepBasketUntilLoaded,
  pageShopContext,
  publishRouteLists,
  remoteUnavailable,
  routerContextFor,
  raiseError,
  sharedMessages,
  startDeviceWatch,
} from '@shop/shared/firstRender';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  RouterProvider,
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import { messages } from './messages';
import { PAGE_REMOTE_MODULES } from './remotes/loadRemoteModule';
import { loadSharedPackage } from './remotes/sharedPackage';
import type { RemoteName } from './remotes/remoteNames';
import { releaseEarlyInput } from './early/earlyInput';
import { hydrationCommitted, isServerRendered, startHydrating } from './early/serverRendered';
import { ignoreGhostClicks } from './input/ghostClicks';
import { firstPageCommitted, sessionWanted } from './remotes/firstPage';
import {
  getRegistry,
  hasOverrides,
  retryMissingRouteLists,
  startRegistry,
} from './remotes/registry';
import { setPageRecovery } from './pages/currentRouter';
import type { RouteLists } from './remotes/pageModules';
import { addNewPages, storefrontRoutes } from './routes';
import './styles/shell.css';

/**
 * Session and basket sync publish on the bus; pages don't wait for them. They start once the
 * first page has painted, so the identity SDK never holds it up, and for a new visitor on their
 * first interaction (decisions 0502, 1308); basket changes made before are kept from now on.
 * Pages that need the session sooner (checkout, account) start it. The session's code is in
 * @shop/shared's main module, loaded when the session is wanted (decision 5102); field data
 * (decision 4203) is a lazy chunk loaded with it, never with a first page.
 */
function startSessionWhenWanted(): void {
  keepBasketUntilLoaded();
  void sessionWanted
    .then(loadSharedPackage)
    .then((shared) => shared.startSession())
    .catch((error: unknown) => raiseError(MESSAGES.cartLoadFailed, error));
  void sessionWanted.then(() => import('./vitals/startVitals'));
}

/** A remote whose route list was missing, read again: its pages added to the running router. */
async function recoverMissingPages(
  router: ReturnType<typeof createBrowserRouter>,
): Promise<boolean> {
  const recovered = await retryMissingRouteLists();
  const registry = getRegistry();
  if (recovered.length === 0 || !registry) return false;
  publishRouteLists(registry.routeLists);
  addNewPages(router, registry.routeLists); // index pages need none: their slot finds them
  return true;
}

async function main() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  ignoreGhostClicks(window);
  // The layouts follow the window's width from the start, not from the session's (later) start.
  startDeviceWatch();
  startSessionWhenWanted();
  // The shell's texts in the page's language, fetched beside the remote list; an English page
  // has none to fetch (CONTRACT §9b).
  const { language } = pageShopContext.market;
  const shellTexts = messages.ready(language)
    ? null
    : Promise.all([messages.load(language), sharedMessages.load(language)]);
  const lists = await readRouteLists();
  // The remotes' pages come from their route lists, read at run time (decision 0001); their links
  // to each other's pages too (the page's shop context, CONTRACT §9).
  publishRouteLists(lists);
  const routes = storefrontRoutes(lists);
  // A page the shell server rendered (decision 1302) comes with its loader data: the browser
  // takes it over (hydrates) once the page's remote modules are here, without asking again.
  // Not with a QA override (decided in the browser only): the page's code and the override notice
  // differ from what the server rendered, so the browser renders the page itself.
  const overridden = hasOverrides(getRegistry());
  const page = window as { __staticRouterHydrationData?: HydrationState };
  // (The router would read the server's data by itself: it belongs to markup not kept here.)
  if (overridden) delete page.__staticRouterHydrationData;
  const hydrationData = page.__staticRouterHydrationData;
  if (hydrationData) {
    await loadMatchedCode(routes);
    startHydrating();
  }
  // Presses are held only to protect a server-rendered page until React has it. One rendered
  // again here (QA override) keeps them until its effects release them, when the server's
  // controls are gone: a press on them is dropped rather than made natively.
  else if (!isServerRendered()) releaseEarlyInput();
  // The page's context, given to every loader and component (decision 5504), as the server gives
  // each request its own.
  const router = createBrowserRouter(routes, {
    // The market's prefix (decision 5101): the routes and links are the same in every market.
    basename: pageBasename(),
    getContext: () => routerContextFor(pageShopContext),
    ...(hydrationData ? { hydrationData } : {}),
  });
  setPageRecovery(() => recoverMissingPages(router));
  // A page without loaders (e.g. /about) is there with this render: marked as remote pages mark
  // theirs once committed (after the next paint and an idle moment).
  if (router.state.initialized) firstPageCommitted();
  // Rendered in the page's language from the first render: no English shown, none hydrated over.
  if (shellTexts) await shellTexts;
  const app = (
    <StrictMode>
      <HydrationMark />
      <ShopContextProvider value={pageShopContext}>
        <RouterProvider router={router} />
      </ShopContextProvider>
    </StrictMode>
  );
  if (hydrationData) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('[shell] hydration', error),
    });
  } else {
    createRoot(container).render(app);
  }
}

/** The remotes' route lists as the registry reads them now; none without the remote list. */
async function readRouteLists(): Promise<RouteLists> {
  try {
    const registry = await startRegistry();
    // (A remote without its manifest cannot run its part of the page: the basket's waits end.)
    for (const name of registry.missing) remoteUnavailable(name);
    return registry.routeLists;
  } catch (error) {
    // Without the remote list only shell pages work; other addresses show a fallback.
    console.error('[shell] remote list unavailable', error);
    return {};
  }
}

/** The router's basename: the page's market's address prefix (decision 5101). */
const pageBasename = (): string => pageShopContext.market.pathPrefix || '/';

/** Renders nothing; its layout effect runs when React's first render has committed. */
function HydrationMark() {
  useLayoutEffect(hydrationCommitted, []);
  return null;
}

/**
 * The code of the page at this address, which the server rendered: the shell's lazy pages (React
 * Router takes a page over only once every matched route is whole) and the remote modules, but
 * those that wait for the shopper's first interaction (decision 1312): their region hydrates when
 * they are here. A lazy page that fails to load is left lazy: the router loads it again and shows
 * the error screen if it fails again; a remote that fails now fails its region as usual once the
 * router runs its loader.
 */
async function loadMatchedCode(routes: RouteObject[]): Promise<void> {
  const matched = matchRoutes(routes, window.location, pageBasename()) ?? [];
  await Promise.all(
    matched.map(async ({ route }) => {
      if (typeof route.lazy === 'function') {
        const resolved = await route.lazy().catch(() => undefined);
        if (resolved) Object.assign(route, resolved, { lazy: undefined });
        return;
      }
      const handle = route.handle as
        { remote?: RemoteName; exposed?: string; onInteraction?: boolean } | undefined;
      if (handle?.remote && handle.exposed && !handle.onInteraction) {
        await PAGE_REMOTE_MODULES.load(handle.remote, handle.exposed).catch(() => undefined);
      }
    }),
  );
}

void main();
