import { isServerRendered } from './early/serverRendered';
import { matchPage, neededAtOnce } from './remotes/pageModules';
import { preloadModules, startRegistry } from './remotes/registry';

// The remote list and the first page's remote code are fetched now, in parallel with React and
// the router, rather than once they have loaded (decision 0502). A server-rendered page whose
// code waits for an interaction (decision 1312) is hydrated unless a QA override has the browser
// render it again.
startRegistry().then(
  (registry) =>
    preloadModules(
      neededAtOnce(
        matchPage(window.location.pathname, registry.routeLists).modules,
        isServerRendered() && registry.decisions.length === 0,
      ),
    ),
  () => undefined, // bootstrap reports it
);

// Async boundary: Module Federation negotiates shared singletons before any of them is used.
import('./bootstrap');
