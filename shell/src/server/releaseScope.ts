// The releases of one server render (decision 4901): a shopper on a remote's canary is rendered
// with that release's server code, registered beside the current one under another name. The
// names travel with the render's asynchronous work, as its links do (linkScope.ts), so renders of
// shoppers on different releases side by side never load each other's code.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFederationNamesFrom } from '../remotes/loadRemoteModule';
import { canaryName } from '../remotes/canary';

const current = new AsyncLocalStorage<ReadonlySet<string>>();
let installed = false;

/** Runs `work` (a render) with the remotes of `onCanary` loaded from their canary releases. */
export function withReleases<T>(onCanary: readonly string[], work: () => Promise<T>): Promise<T> {
  if (!installed) {
    installed = true;
    readFederationNamesFrom((remote) =>
      current.getStore()?.has(remote) ? canaryName(remote) : remote,
    );
  }
  return current.run(new Set(onCanary), work);
}
