// Loads exposed modules of remotes, keeps the ones that loaded, and forgets failures so that a
// retry really tries again.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteUnavailable } from '@shop/shared';
import { resetRemote, type RemoteName } from './registry';
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

const pending = new Map<string, Promise<unknown>>();
const loaded = new Map<string, unknown>();

/**
 * The name the federation runtime knows a remote's code under: the remote's own, except in a
 * server render of a shopper on that remote's canary release (releaseScope.ts, decision 4901).
 */
let federationNameOf: (remote: RemoteName) => string = (remote) => remote;

/** The shell server reads each render's names from its own scope. */
export function readFederationNamesFrom(read: (remote: RemoteName) => string): void {
  federationNameOf = read;
}

const keyOf = (remote: RemoteName, exposed: string) =>
  `${federationNameOf(remote)}/${exposed.replace(/^\.\//, '')}`;

export function getLoadedModule<T>(remote: RemoteName, exposed: string): T | undefined {
  return loaded.get(keyOf(remote, exposed)) as T | undefined;
}

export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  const key = keyOf(remote, exposed);
  const existing = pending.get(key);
  if (existing) return existing as Promise<T>;
  const attempt = loadRemote<T>(key)
    .then((module) => {
      if (!module) throw new Error(`${key} resolved to nothing`);
      loaded.set(key, module);
      return module;
    })
    .catch((cause: unknown) => {
      pending.delete(key);
      resetRemote(remote);
      const error = new RemoteUnavailableError(remote, exposed, cause);
      regionError(remote, error);
      // The page's waits for what the remote provides (its basket) end now. (In the browser
      // only: on the server the page's channels would be the whole process's.)
      if (typeof window !== 'undefined') remoteUnavailable(remote);
      throw error;
    });
  pending.set(key, attempt);
  return attempt;
}

/** Forgets the loaded modules of a federation name (the shell server, after that code changed). */
export function forgetLoadedModules(remote: string): void {
  for (const key of [...loaded.keys(), ...pending.keys()]) {
    if (key.startsWith(`${remote}/`)) {
      loaded.delete(key);
      pending.delete(key);
    }
  }
}
