// The remotes as the shell server sees them: read at run time from the shell's own
// `remotes.json` (the same file the browser reads) and the remotes' manifests (their route
// lists), re-read after a short time so a remote's deploy shows on a following request without a
// restart. A remote that lists a server entry (`serverEntries`) has its pages rendered here; the
// others render in the browser as before. A server container runs here only when signed by the
// key `serverKeys` lists for its remote, fetched over HTTPS unless local (decision 4402); one that
// is refused costs only its region (the remote's fallback), as when the remote is down.
import { init, registerRemotes } from '@module-federation/enhanced/runtime';
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
import { forgetLoadedModules } from '../remotes/loadRemoteModule';
import { type RemoteManifest, preloadsFromManifest } from '../early/earlyStart';
import { REMOTE_NAMES, type RemoteName } from '../remotes/remoteNames';
import { DEFAULT_OVERRIDE_ORIGINS } from '../remotes/overrides';
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

export interface ServerRemotes {
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
}

const MANIFEST_TIMEOUT_MS = 2000;

const isRemoteName = (name: string): name is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(name);

/** A manifest, its route list, and a fingerprint of it (a deploy changes it). */
async function readManifest(
  url: string,
): Promise<{ manifest: RemoteManifest; routes: unknown; fingerprint: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  const manifest = JSON.parse(text) as RemoteManifest;
  return {
    manifest,
    routes: manifest.metaData?.routes ?? [],
    fingerprint: createHash('sha256').update(text).digest('base64url'),
  };
}

const nodeRequire = createRequire(__filename);

/** Remote → the keys its server container must be signed with (from the last read of the file). */
const containerKeys = new Map<string, KeyObject[]>();

/**
 * Entry → its last refusal, answered again without a fetch for this long: a tampered container
 * costs one fetch and one check per remote every 2 s, not one per page request, and a repaired
 * one shows within 2 s.
 */
const REFUSAL_KEPT_MS = 2000;
const refusals = new Map<string, { at: number; error: ContainerRefusedError }>();

let initialised = false;

/** The federation runtime of the server: the shell's singletons, remote entries over HTTP. */
function initFederation(sharedVersions: Record<string, string>): void {
  if (initialised) return;
  initialised = true;
  const one = (name: string, lib: unknown) => ({
    version: sharedVersions[name] ?? '0.0.0',
    lib: () => lib,
    shareConfig: { singleton: true, requiredVersion: false as const },
  });
  init({
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
              containerKeys.get(remoteInfo.name) ?? [],
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

export function createServerRemotes(options: {
  remotesFile: string;
  sharedVersions: Record<string, string>;
  /** How long a read of the remote list and manifests is reused. */
  ttlMs?: number;
}) {
  const ttlMs = options.ttlMs ?? 5000;
  /** Remote → the server entry and manifest fingerprint its loaded code belongs to. */
  const registered = new Map<RemoteName, string>();
  initFederation(options.sharedVersions);

  async function read(): Promise<ServerRemotes> {
    const file = JSON.parse(await readFile(options.remotesFile, 'utf8')) as ServerRemotesFile;
    const deployed = isDeployedBuild();
    const routeLists: RouteLists = {};
    const rendered = new Set<RemoteName>();
    const missing: RemoteName[] = [];
    const versions: string[] = [];
    const manifests = new Map<RemoteName, { manifest: RemoteManifest; url: string }>();
    const origins = new Set<string>();
    await Promise.all(
      Object.entries(file.remotes).map(async ([name, manifestUrl]) => {
        if (!isRemoteName(name)) return;
        const origin = httpOrigin(manifestUrl);
        if (origin) origins.add(origin);
        try {
          const manifest = await readManifest(manifestUrl);
          const publicPath = httpOrigin(manifest.manifest.metaData?.publicPath ?? '');
          if (publicPath) origins.add(publicPath);
          const { entries, rejected } = readRouteList(manifest.routes);
          for (const reason of rejected) console.error(`[shell-server] ${name}: ${reason}`);
          routeLists[name] = entries;
          manifests.set(name, { manifest: manifest.manifest, url: manifestUrl });
          const entry = file.serverEntries?.[name];
          if (!entry) return;
          rendered.add(name);
          const listedKeys = file.serverKeys?.[name];
          const key = `${entry}#${manifest.fingerprint}#${JSON.stringify(listedKeys ?? null)}`;
          versions.push(`${name}=${key}`);
          containerKeys.set(
            name,
            readKeys(name, listedKeys, deployed, registered.get(name) !== key),
          );
          if (registered.get(name) !== key) {
            // New code (a deploy) or a new address: the next load fetches the entry again.
            registerRemotes([{ name, entry }], { force: true });
            forgetLoadedModules(name);
            registered.set(name, key);
          }
        } catch (error) {
          missing.push(name);
          console.warn(`[shell-server] ${name}: manifest unavailable (${String(error)})`);
        }
      }),
    );
    return {
      routeLists,
      rendered,
      missing: missing.sort(),
      stylesOf(remote, exposed) {
        const known = manifests.get(remote);
        return known ? preloadsFromManifest(known.manifest, known.url, [exposed]).styles : [];
      },
      version: JSON.stringify([routeLists, versions.sort(), missing]),
      origins: [...origins].sort(),
      overrideOrigins: file.overrideOrigins ?? DEFAULT_OVERRIDE_ORIGINS,
    };
  }

  /** The remotes now (re-read at most every `ttlMs`). */
  return { current: keptFor(ttlMs, read) };
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
