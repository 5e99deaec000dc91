// The database fetch of the page handler a request belongs to. Loaders read the database with
// the shared helper (getData), which takes one fetch per process; the server installs, once, a
// fetch that uses the one of the render under way, carried with the render's asynchronous work.
// So two page handlers in one process (tests, a second configuration) each read through their
// own (their own kept public reads), and no handler's creation replaces another's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setDatabaseFetch } from '@shop/shared';
import type { DataFetch } from '@shop/shared/firebase/dataAnswer';

export type DatabaseFetch = DataFetch;

const current = new AsyncLocalStorage<DatabaseFetch>();
let installed = false;

/** Runs `work` (a render) with `fetchImpl` as the database fetch of everything it awaits. */
export function withDatabaseFetch<T>(fetchImpl: DatabaseFetch, work: () => Promise<T>): Promise<T> {
  if (!installed) {
    installed = true;
    setDatabaseFetch((input, init) => (current.getStore() ?? globalThis.fetch)(input, init));
  }
  return current.run(fetchImpl, work);
}
