import { startSession } from '@shop/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ignoreGhostClicks } from './input/ghostClicks';
import { firstPageCommitted, firstPageLoaded } from './remotes/firstPage';
import { getRegistry, retryMissingRouteLists, startRegistry } from './remotes/registry';
import { setPageRecovery } from './pages/currentRouter';
import type { RouteLists } from './remotes/pageModules';
import { addNewPages, storefrontRoutes } from './routes';
import './styles/shell.css';

async function main() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  ignoreGhostClicks(window);
  // Session and basket sync publish on the bus; pages don't wait for them. They start once the
  // first page has painted, so the identity SDK never holds it up; basket changes made before are
  // kept (decision 0502). Pages that need the session sooner (checkout, account) start it.
  void startSession({ after: firstPageLoaded });
  let lists: RouteLists = {};
  try {
    lists = (await startRegistry()).routeLists;
  } catch (error) {
    // Without the remote list only shell pages work; other addresses show a fallback.
    console.error('[shell] remote list unavailable', error);
  }
  // The remotes' pages come from their route lists, read at run time (decision 0001).
  const router = createBrowserRouter(storefrontRoutes(lists));
  setPageRecovery(async () => {
    const recovered = await retryMissingRouteLists();
    const registry = getRegistry();
    if (recovered.length === 0 || !registry) return false;
    addNewPages(router, registry.routeLists); // index pages need none: their slot finds them
    return true;
  });
  // A page without loaders (e.g. /about) is there with this render: marked as remote pages mark
  // theirs once committed (after the next paint and an idle moment).
  if (router.state.initialized) firstPageCommitted();
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
