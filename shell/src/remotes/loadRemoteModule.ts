// Loads exposed modules of remotes, keeps the ones that loaded, and forgets failures so that a
// retry really tries again. One store per federation runtime: the browser page's (below), and on
// the shell server one per page handler (remotesOnServer.ts), whose compositions each see it under
// their own releases' names (decision 5504): no module state is shared between two handlers.
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  messagesOf,
  pageShopContext,
  remoteUnavailable,
  type Language,
} from '@shop/shared/firstRender';
import { resetRemote, type RemoteName } from './registry';
import { loadSharedPackage } from './sharedPackage';
import { regionError } from '../vitals/regionErrors';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly exposed: string,
    cause: unknown,
  ) {
    super(`The ${remote} part of the shop is unavailable right now.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** The remotes' modules as one composition loads them. */
export interface RemoteModules {
  load<T>(remote: RemoteName, exposed: string): Promise<T>;
  /** The module once loaded, else undefined (a render never waits for it here). */
  loaded<T>(remote: RemoteName, exposed: string): T | undefined;
}

export interface RemoteModuleStore {
  /**
   * The modules of a composition: a remote's code under the federation name `nameOf` gives (its
   * own, or its canary release's on the server, decision 4901).
   */
  as(nameOf: (remote: RemoteName) => string): RemoteModules;
  /** Forgets the modules of a federation name (its code changed). */
  forget(federationName: string): void;
}

export function remoteModuleStore(options: {
  /** The federation runtime's `loadRemote` ("name/module"). */
  loadRemote: <T>(id: string) => Promise<T | null | undefined>;
  /** After a failed load: what the runtime and the page should know. */
  onFailure?: (remote: RemoteName) => void;
  /**
   * The languages a module's texts are loaded in before it counts as loaded (CONTRACT §9b): the
   * page's in the browser, every one on the server. None: the module's own English.
   */
  languages?: readonly Language[];
}): RemoteModuleStore {
  const languages = options.languages ?? [];
  const pending = new Map<string, Promise<unknown>>();
  const loaded = new Map<string, unknown>();
  return {
    as(nameOf) {
      const keyOf = (remote: RemoteName, exposed: string) =>
        `${nameOf(remote)}/${exposed.replace(/^\.\//, '')}`;
      return {
        loaded: <T>(remote: RemoteName, exposed: string) =>
          loaded.get(keyOf(remote, exposed)) as T | undefined,
        load<T>(remote: RemoteName, exposed: string): Promise<T> {
          const key = keyOf(remote, exposed);
          const existing = pending.get(key);
          if (existing) return existing as Promise<T>;
          const attempt = options
            .loadRemote<T>(key)
            .then(async (module) => {
              if (!module) throw new Error(`${key} resolved to nothing`);
              // Its texts before its first render: no English shown first, none hydrated over.
              const messages = messagesOf(module);
              // (An English page has nothing to wait for: its module is loaded as before.)
              const missing = languages.filter((language) => !messages?.ready(language));
              if (messages && missing.length > 0) {
                await Promise.all(missing.map((language) => messages.load(language)));
              }
              loaded.set(key, module);
              return module;
            })
            .catch((cause: unknown) => {
              pending.delete(key);
              const error = new RemoteUnavailableError(remote, exposed, cause);
              regionError(remote, error);
              options.onFailure?.(remote);
              throw error;
            });
          pending.set(key, attempt);
          return attempt;
        },
      };
    },
    forget(federationName) {
      for (const key of [...loaded.keys(), ...pending.keys()]) {
        if (key.startsWith(`${federationName}/`)) {
          loaded.delete(key);
          pending.delete(key);
        }
      }
    },
  };
}

/**
 * The browser page's modules (one composition per page). A failed load re-registers the remote so
 * a retry fetches its entry again, and ends the page's waits for what the remote provides (its
 * basket).
 */
export const pageRemoteStore = remoteModuleStore({
  // The shell's copy of @shop/shared first (sharedPackage.ts).
  loadRemote: (id) => loadSharedPackage().then(() => loadRemote(id)),
  languages: [pageShopContext.market.language],
  onFailure: (remote) => {
    resetRemote(remote);
    remoteUnavailable(remote);
  },
});

export const PAGE_REMOTE_MODULES: RemoteModules = pageRemoteStore.as((remote) => remote);
