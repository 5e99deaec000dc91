// The remote registry: read at start from the shell's own `remotes.json` (revalidated on every
// load), so a deploy of one remote is a change of that file (or of the remote's files), never a
// shell rebuild.
import {
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { takeEarlyManifest, takeEarlyRemotesFile, type RemotesFile } from '../early/earlyStore';
import { exposedByRemote, type RemoteModuleRef } from './pageModules';
import {
  applyOverrides,
  pageOverrideRequests,
  type OverrideDecision,
  type RemoteMap,
} from './overrides';

export { REMOTE_NAMES, type RemoteName } from './remoteNames';

export interface RegistryState {
  remotes: RemoteMap;
  decisions: OverrideDecision[];
}

let registry: RegistryState | null = null;
let started: Promise<RegistryState> | null = null;

/**
 * The federation runtime asks this plugin first for a manifest: the response the page's early
 * script already has is used, once (no second request). When that request failed, the manifest
 * is fetched again as the runtime would (a remote back up by now loads; one still down is
 * reported by the runtime). Other manifests are left to the runtime.
 */
export const earlyManifestPlugin: ModuleFederationRuntimePlugin = {
  name: 'shop-early-manifests',
  fetch(url, init) {
    const early = takeEarlyManifest(url);
    if (!early) return undefined;
    return early.then((response) => response ?? fetch(url, init));
  },
};

export async function loadRegistry(): Promise<RegistryState> {
  // The early script's request if it made one; else ours, in the default cache mode, so the page's
  // preload of it is used. The server has it revalidated on every load (Cache-Control: no-cache),
  // so a new list is seen on the next page load.
  const response = (await takeEarlyRemotesFile()) ?? (await fetch('/remotes.json'));
  if (!response.ok) throw new Error(`The remote list could not be read (HTTP ${response.status}).`);
  const file = (await response.json()) as RemotesFile;
  const requested = pageOverrideRequests();
  const { remotes, decisions } = applyOverrides(
    file.remotes,
    requested,
    file.overrideOrigins ?? ['http://localhost', 'http://127.0.0.1'],
  );
  for (const decision of decisions) {
    const log = decision.accepted ? console.info : console.warn;
    log(
      `[shell] remote override ${decision.name} → ${decision.url}: ${decision.accepted ? 'accepted' : 'refused'} (${decision.reason})`,
    );
  }
  registerPlugins([earlyManifestPlugin]);
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  registry = { remotes, decisions };
  return registry;
}

/** Reads the remote list once per page (the entry starts it; bootstrap waits for it). */
export function startRegistry(): Promise<RegistryState> {
  started ??= loadRegistry();
  return started;
}

/**
 * Fetches (without running) the remote entries and code of `modules`, so the routes find them in
 * the cache. A remote that is down only fails here quietly: its route reports it when it loads.
 */
export function preloadModules(modules: RemoteModuleRef[]): void {
  const known = [...exposedByRemote(modules)].filter(([remote]) => registry?.remotes[remote]);
  if (known.length === 0) return;
  preloadRemote(known.map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes }))).catch(
    (error: unknown) => console.warn('[shell] preloading remotes failed', error),
  );
}

export function getRegistry(): RegistryState | null {
  return registry;
}

/** Forget a failed remote so the next load fetches its manifest again (used by "Try again"). */
export function resetRemote(name: string): void {
  const entry = registry?.remotes[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
