// The remotes as the shell server sees them: read at run time from the shell's own
// `remotes.json` (the same file the browser reads) and the remotes' manifests (their route
// lists), re-read after a short time so a remote's deploy shows on a following request without a
// restart. A remote that lists a server entry (`serverEntries`) has its pages rendered here; the
// others render in the browser as before. A server container runs here only when signed by the
// key `serverKeys` lists for its remote, fetched over HTTPS unless local (decision 4402); one that
// is refused costs only its region (the remote's fallback), as when the remote is down.
import { createInstance } from '@module-federation/enhanced/runtime';
import { readRouteList } from '@shop/shared/routes/routeList';
import { type KeyObject, createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactRouterDom from 'react-router-dom';
import * as ShopShared from '@shop/shared';
import type { RouteLists } from '../remotes/pageModules';
import {
  type RemoteModuleStore,
  type RemoteModules,
  remoteModuleStore,
} from '../remotes/loadRemoteModule';
import { type RemoteManifest, preloadsFromManifest } from '../early/earlyStart';
import { isRemoteName, type RemoteName } from '../remotes/remoteNames';
import { DEFAULT_OVERRIDE_ORIGINS } from '../remotes/overrideOrigins';
import {
  type ReleaseMap,
  formatReleases,
  releaseFileUrl,
  releaseManifestUrl,
} from '../remotes/releases';
import { type SitePointer, canaryName, pointerOf } from '../remotes/canary';
import { httpOrigin, isDeployedBuild } from './contentSecurityPolicy';
import { ContainerRefusedError, fetchVerifiedContainer, readPublicKeys } from './serverContainers';

export interface ServerRemotesFile {
  remotes: Record<string, string>;
  /** Where QA may point a remote (the browser's allow-list, shell/src/remotes/overrides.ts). */
  overrideOrigins?: string[];
  /** Remote → its server container's entry (a CommonJS `remoteEntry.js` built for Node). */
  serverEntries?: Record<string, string>;
  /**
   * Remote → the public key(s) its server container is signed with (base64url of the raw
   * Ed25519 key; a list while a team changes keys). No key: that remote's container never runs.
   */
  serverKeys?: Record<string, string | string[]>;
}

/** The remotes as one page is composed of them: one release of each. */
export interface Composition {
  routeLists: RouteLists;
  /** Remotes whose pages the server renders (a server entry, and a manifest that was read). */
  rendered: Set<RemoteName>;
  /** Remotes whose manifest could not be read now. */
  missing: RemoteName[];
  /**
   * The stylesheets (absolute URLs, from the manifest) a remote's exposed page needs at once:
   * linked in the page's head so the server's markup is laid out before the scripts run.
   */
  stylesOf(remote: RemoteName, exposed: string): string[];
  /** A key that changes when any of the above changes (the routes are rebuilt then). */
  version: string;
  /** Where the remotes' files come from: their manifests' and public paths' origins. */
  origins: string[];
  /** The QA override allow-list of `remotes.json` (or the browser's default). */
  overrideOrigins: readonly string[];
  /**
   * The release of each remote whose site publishes releases (decision 4901), as recorded on the
   * page (`data-releases`): the browser loads these, whatever the sites point at later.
   */
  releases: string;
  /** The remotes rendered with their canary release (their server code registered apart). */
  onCanary: readonly RemoteName[];
  /** Its remotes' server code: each remote under its release's federation name. */
  modules: RemoteModules;
}

export interface ServerRemotes extends Composition {
  /** Each remote whose site points at releases: its current release and canary. */
  pointers: Record<string, SitePointer>;
  /** The composition of a shopper on the canaries of `onCanary` (the current releases else). */
  variant(onCanary: readonly string[]): Composition;
}

const MANIFEST_TIMEOUT_MS = 2000;

/** A manifest, its route list, and a fingerprint of it (a deploy changes it). */
async function readManifest(
  url: string,
): Promise<{ manifest: RemoteManifest; fingerprint: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  const manifest = JSON.parse(text) as RemoteManifest;
  return {
    manifest,
    fingerprint: createHash('sha256').update(text).digest('base64url'),
  };
}

const nodeRequire = createRequire(__filename);

/**
 * Entry → its last refusal, answered again without a fetch for this long: a tampered container
 * costs one fetch and one check per remote every 2 s, not one per page request, and a repaired
 * one shows within 2 s.
 */
const REFUSAL_KEPT_MS = 2000;

/**
 * A federation runtime of the server of its own (one per page handler, decision 5504): the shell's
 * singletons, remote entries over HTTP, checked against `keysOf` their federation name.
 */
function serverFederation(
  sharedVersions: Record<string, string>,
  keysOf: (federationName: string) => KeyObject[],
) {
  const refusals = new Map<string, { at: number; error: ContainerRefusedError }>();
  const one = (name: string, lib: unknown) => ({
    version: sharedVersions[name] ?? '0.0.0',
    lib: () => lib,
    shareConfig: { singleton: true, requiredVersion: false as const },
  });
  return createInstance({
    name: 'shell_server',
    remotes: [],
    shared: {
      react: one('react', React),
      'react/jsx-runtime': one('react', ReactJsxRuntime),
      'react-dom': one('react-dom', ReactDom),
      'react-router-dom': one('react-router-dom', ReactRouterDom),
      '@shop/shared': one('@shop/shared', ShopShared),
    },
    plugins: [
      {
        name: 'shop-commonjs-entry',
        // A server container is CommonJS text at a URL (one file, no chunks): fetched, checked
        // against its remote's key, and only then run in this process.
        async loadEntry({ remoteInfo }) {
          const refused = refusals.get(remoteInfo.entry);
          if (refused && Date.now() - refused.at < REFUSAL_KEPT_MS) throw refused.error;
          let code: string;
          try {
            code = await fetchVerifiedContainer(
              remoteInfo.entry,
              keysOf(remoteInfo.name),
              MANIFEST_TIMEOUT_MS,
            );
          } catch (error) {
            if (error instanceof ContainerRefusedError) {
              console.error(`[shell-server] ${remoteInfo.name}: ${error.message}`);
              refusals.set(remoteInfo.entry, { at: Date.now(), error });
            }
            throw error;
          }
          refusals.delete(remoteInfo.entry);
          const module = { exports: {} as Record<string, unknown> };
          const run = vm.runInThisContext(
            `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
            { filename: remoteInfo.entry },
          ) as (...args: unknown[]) => void;
          run(module.exports, nodeRequire, module, remoteInfo.entry, '/');
          return module.exports as never;
        },
      },
    ],
  });
}

/** The keys `remotes.json` lists for `name`'s server code; what is wrong with them said once. */
function readKeys(
  name: RemoteName,
  listed: string | string[] | undefined,
  deployed: boolean,
  changed: boolean,
): KeyObject[] {
  const { keys, problems } = readPublicKeys(listed, deployed);
  if (changed) {
    for (const problem of problems) {
      console.error(`[shell-server] ${name}: remotes.json's serverKeys has ${problem}`);
    }
  }
  return keys;
}

/**
 * The handler's server code (decision 5504): its own federation runtime and module store, and what
 * each federation name runs now.
 */
function serverCode(sharedVersions: Record<string, string>) {
  /** Federation name → the server entry and manifest fingerprint its loaded code belongs to. */
  const registered = new Map<string, string>();
  /** Federation name → the keys its server container must be signed with (from the last read). */
  const containerKeys = new Map<string, KeyObject[]>();
  const federation = serverFederation(sharedVersions, (name) => containerKeys.get(name) ?? []);
  const modules = remoteModuleStore({
    loadRemote: (id) => federation.loadRemote(id),
    // Every page's language is rendered here: a module's texts in all of them (CONTRACT §9b).
    languages: ShopShared.LANGUAGES,
  });
  return {
    modules,
    /**
     * Registers the server container at `entry` under `federationName` when its code changed;
     * what identifies that code (a deploy, a new address or new keys change it).
     */
    register(
      list: ListRead,
      name: RemoteName,
      federationName: string,
      entry: string,
      fingerprint: string,
    ): string {
      const listedKeys = list.file.serverKeys?.[name];
      const key = `${entry}#${fingerprint}#${JSON.stringify(listedKeys ?? null)}`;
      const changed = registered.get(federationName) !== key;
      containerKeys.set(federationName, readKeys(name, listedKeys, list.deployed, changed));
      if (changed) {
        // The next load fetches the entry again.
        federation.registerRemotes([{ name: federationName, entry }], { force: true });
        modules.forget(federationName);
        registered.set(federationName, key);
      }
      return key;
    },
  };
}

type ServerCode = ReturnType<typeof serverCode>;

/** One read of the remote list: the file, whether the build is deployed, the handler's code. */
interface ListRead {
  file: ServerRemotesFile;
  deployed: boolean;
  code: ServerCode;
}

interface RemoteRead extends ReleaseRead {
  pointer: SitePointer | null;
  canary?: ReleaseRead;
}

/** A release of `name` read from `manifestUrl` (a site's pointer or a release's own). */
async function readRelease(
  list: ListRead,
  name: RemoteName,
  federationName: string,
  siteManifest: string,
  release: string | null,
): Promise<ReleaseRead & { pointer: SitePointer | null }> {
  const read = await readManifest(
    release ? releaseManifestUrl(siteManifest, release) : siteManifest,
  );
  const pointer = pointerOf(read.manifest);
  const id = release ?? pointer?.current ?? null;
  const own = id ? releaseManifestUrl(siteManifest, id) : siteManifest;
  const listedEntry = list.file.serverEntries?.[name];
  const result = { manifest: read.manifest, url: own, release: id, pointer };
  if (!listedEntry) return result;
  // A release's server container is its own, beside its browser code.
  const entry = id ? releaseFileUrl(listedEntry, siteManifest, id) : listedEntry;
  return {
    ...result,
    server: list.code.register(list, name, federationName, entry, read.fingerprint),
  };
}

/** One remote: the release its site points at, and its canary when it has one. */
async function readRemote(
  list: ListRead,
  name: RemoteName,
  manifestUrl: string,
): Promise<RemoteRead> {
  const current = await readRelease(list, name, name, manifestUrl, null);
  const { pointer } = current;
  const canary = pointer?.canary;
  if (!pointer || !canary) return current;
  try {
    const read = await readRelease(list, name, canaryName(name), manifestUrl, canary.id);
    return { ...current, canary: read };
  } catch (error) {
    // Its canary unreadable: every shopper gets the current release.
    console.warn(`[shell-server] ${name}: canary ${canary.id} unavailable (${String(error)})`);
    return { ...current, pointer: { current: pointer.current } };
  }
}

/** The remote list and each remote's manifests, read now, as the compositions they make. */
async function readRemotes(code: ServerCode, remotesFile: string): Promise<ServerRemotes> {
  const file = JSON.parse(await readFile(remotesFile, 'utf8')) as ServerRemotesFile;
  const list: ListRead = { file, deployed: isDeployedBuild(), code };
  const missing: RemoteName[] = [];
  const origins = new Set<string>();
  const results = await Promise.all(
    Object.entries(file.remotes).map(async ([name, manifestUrl]) => {
      if (!isRemoteName(name)) return null;
      const origin = httpOrigin(manifestUrl);
      if (origin) origins.add(origin);
      try {
        const remote = await readRemote(list, name, manifestUrl);
        for (const release of [remote, remote.canary]) {
          const publicPath = httpOrigin(release?.manifest.metaData?.publicPath ?? '');
          if (publicPath) origins.add(publicPath);
        }
        return [name, remote] as const;
      } catch (error) {
        missing.push(name);
        console.warn(`[shell-server] ${name}: manifest unavailable (${String(error)})`);
        return null;
      }
    }),
  );
  // In the list's order, not in the order the manifests arrived: the composition's version (the
  // render cache's key) is the same for the same remotes, read after read.
  const reads = new Map(results.filter((entry) => entry !== null));
  const shared = {
    missing: missing.sort(),
    origins: [...origins].sort(),
    overrideOrigins: file.overrideOrigins ?? DEFAULT_OVERRIDE_ORIGINS,
  };
  const pointers: Record<string, SitePointer> = {};
  for (const [name, remote] of reads) if (remote.pointer) pointers[name] = remote.pointer;
  const variants = new Map<string, Composition>();
  return {
    ...compose(reads, [], shared, code.modules),
    pointers,
    variant(onCanary) {
      const names = [...onCanary].sort().filter((n): n is RemoteName => reads.has(n as never));
      const key = names.join(' ');
      let variant = variants.get(key);
      if (!variant) variants.set(key, (variant = compose(reads, names, shared, code.modules)));
      return variant;
    },
  };
}

/**
 * A page handler's remotes: the remote list and manifests read at most every `ttlMs`, and server
 * code loaded through the handler's own federation runtime.
 */
export function createServerRemotes(options: {
  remotesFile: string;
  sharedVersions: Record<string, string>;
  /** How long a read of the remote list and manifests is reused. */
  ttlMs?: number;
}) {
  const code = serverCode(options.sharedVersions);
  return { current: keptFor(options.ttlMs ?? 5000, () => readRemotes(code, options.remotesFile)) };
}

/** The composition of the releases read: the canary of each remote in `onCanary`. */
function compose(
  reads: ReadonlyMap<RemoteName, { canary?: ReleaseRead } & ReleaseRead>,
  onCanary: readonly RemoteName[],
  shared: Pick<Composition, 'missing' | 'origins' | 'overrideOrigins'>,
  modules: RemoteModuleStore,
): Composition {
  const routeLists: RouteLists = {};
  const rendered = new Set<RemoteName>();
  const versions: string[] = [];
  const releases: ReleaseMap = {};
  const chosen = new Map<RemoteName, ReleaseRead>();
  for (const [name, remote] of reads) {
    const release = (onCanary.includes(name) ? remote.canary : undefined) ?? remote;
    chosen.set(name, release);
    const { entries, rejected } = readRouteList(release.manifest.metaData?.routes ?? []);
    for (const reason of rejected) console.error(`[shell-server] ${name}: ${reason}`);
    routeLists[name] = entries;
    if (release.release) releases[name] = release.release;
    if (!release.server) continue;
    rendered.add(name);
    versions.push(`${name}=${release.server}`);
  }
  return {
    ...shared,
    routeLists,
    rendered,
    stylesOf(remote, exposed) {
      const known = chosen.get(remote);
      return known ? preloadsFromManifest(known.manifest, known.url, [exposed]).styles : [];
    },
    version: JSON.stringify([routeLists, versions.sort(), shared.missing, releases]),
    releases: formatReleases(releases),
    onCanary,
    modules: modules.as((remote) => (onCanary.includes(remote) ? canaryName(remote) : remote)),
  };
}

/** One release of a remote as a composition uses it. */
interface ReleaseRead {
  manifest: RemoteManifest;
  /** The manifest its pages load (a release's own, when the site has releases). */
  url: string;
  release: string | null;
  /** What identifies its server code, when its pages are rendered here. */
  server?: string;
}

/** `read`'s answer reused for `ttlMs`; a failed read is asked again at the next call. */
function keptFor<T>(ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const value = read();
      cached = { at: now, value };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
}
