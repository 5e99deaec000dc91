import { isServerRendered } from './early/serverRendered';
import { pathInPage } from './early/pathInPage';
import { matchPage, neededAtOnce } from './remotes/pageModules';
import { hasOverrides, preloadModules, startRegistry } from './remotes/registry';

// The remote list and the first page's remote code are fetched now, in parallel with React and
// the router, rather than once they have loaded (decision 0502). The code of a server-rendered
// page that waits for the first interaction (decision 1312) is not: unless a QA override has the
// browser render that page itself.
startRegistry().then(
  (registry) =>
    preloadModules(
      neededAtOnce(
        matchPage(pathInPage(), registry.routeLists).modules,
        isServerRendered() && !hasOverrides(registry),
      ),
    ),
  () => undefined, // bootstrap reports it
);

// Async boundary: Module Federation negotiates shared singletons before any of them is used.
import('./bootstrap');
