import { matchPage } from './remotes/pageModules';
import { preloadModules, startRegistry } from './remotes/registry';

// The remote list and the first page's remote code are fetched now, in parallel with React and
// the router, rather than once they have loaded (decision 0502).
startRegistry().then(
  (registry) => preloadModules(matchPage(window.location.pathname, registry.routeLists).modules),
  () => undefined, // bootstrap reports it
);

// Async boundary: Module Federation negotiates shared singletons before any of them is used.
import('./bootstrap');
