// The remotes' links by role (`hrefFor`, `@shop/shared`) during a server render: the addresses of
// the composition the render started with (decision 3810), carried with the render's asynchronous
// work as the database fetch is (databaseScope.ts). A render that a deploy overtakes keeps its
// links; outside a render there are none (every role links home).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readLinkAddressesFrom } from '@shop/shared/routes/links';

const current = new AsyncLocalStorage<ReadonlyMap<string, string>>();
const NONE: ReadonlyMap<string, string> = new Map();
let installed = false;

/** Runs `work` (a render) with `addresses` as the links by role of everything it awaits. */
export function withLinkAddresses<T>(
  addresses: ReadonlyMap<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  if (!installed) {
    installed = true;
    readLinkAddressesFrom(() => current.getStore() ?? NONE);
  }
  return current.run(addresses, work);
}
