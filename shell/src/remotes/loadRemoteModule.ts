// Loads exposed modules of remotes, keeps the ones that loaded, and forgets failures so that a
// retry really tries again.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { resetRemote, type RemoteName } from './registry';

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

const keyOf = (remote: RemoteName, exposed: string) => `${remote}/${exposed.replace(/^\.\//, '')}`;

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
      throw new RemoteUnavailableError(remote, exposed, cause);
    });
  pending.set(key, attempt);
  return attempt;
}

/** Forgets a remote's loaded modules (the shell server, after that remote's deploy). */
export function forgetLoadedModules(remote: RemoteName): void {
  for (const key of [...loaded.keys(), ...pending.keys()]) {
    if (key.startsWith(`${remote}/`)) {
      loaded.delete(key);
      pending.delete(key);
    }
  }
}
