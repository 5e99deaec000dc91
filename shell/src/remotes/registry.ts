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
import { readRouteList } from '@shop/shared/routes/routeList';
import { exposedByRemote, type RemoteModuleRef, type RouteLists } from './pageModules';
import { isRemoteName, type RemoteName } from './remoteNames';
import { pageOverrideRequests, type RemoteMap } from './overrides';
import type { OverrideDecision } from './overrideOrigins';
import { documentRemotes, recordedReleases, releaseManifestUrl, releaseOf } from './releases';

export type { RemoteName };

export interface RegistryState {
  remotes: RemoteMap;
  decisions: OverrideDecision[];
  /** Each remote's route list, from its manifest (metaData.routes). */
  routeLists: RouteLists;
  /** Remotes in the list whose manifest could not be read: their pages are unknown for now. */
  missing: RemoteName[];
}

/**
 * What the layout, the 404 and the index slots need to know of the composition: each remote's
 * route list and the remotes whose list is missing. The routes are built for one source of it
 * (storefrontRoutes): in the browser the registry below (one page, one composition, updated by
 * "Try again"); on the server each composition's own lists, so two renders of different
 * compositions (a deploy between them) never see each other's.
 */
export type ShellState = Pick<RegistryState, 'routeLists' | 'missing'>;
export type ShellStateSource = () => ShellState | null;

let registry: RegistryState | null = null;
let started: Promise<RegistryState> | null = null;

/**
 * A QA override is in force: the browser renders the page itself rather than taking the server's
 * over (its code and the override notice differ from what the server rendered).
 */
export function hasOverrides(state: RegistryState | null): boolean {
  return (state?.decisions.length ?? 0) > 0;
}

/** How long the first page waits for a manifest before it renders without that remote's pages. */
export const MANIFEST_WAIT_MS = 5000;

interface ManifestCopy {
  status: number;
  text: string;
}

/**
 * Manifests the registry has read, for the federation runtime's first request of each (one
 * request per manifest and page load): the registry needs their route lists before the router
 * exists, the runtime their code locations when a page loads.
 */
const manifestCopies = new Map<string, ManifestCopy>();

/**
 * Each manifest's build label as the registry read it (metaData.buildLabel): the field-data
 * reporter's tag (decision 4203), so no manifest is asked for a second time.
 */
const buildLabels = new Map<string, unknown>();
export const manifestBuildLabel = (url: string): unknown => buildLabels.get(url);

/**
 * The federation runtime asks this plugin first for a manifest: the copy the registry read (from
 * the page's early script or its own request) is used, once. Later requests ("Try again") go to
 * the network.
 */
export const earlyManifestPlugin: ModuleFederationRuntimePlugin = {
  name: 'shop-early-manifests',
  fetch(url) {
    const copy = manifestCopies.get(url);
    if (!copy) return undefined;
    manifestCopies.delete(url);
    return Promise.resolve(
      new Response(copy.text, {
        status: copy.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  },
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A manifest's route list, and the address this document reads that remote's code from. */
interface ManifestRead {
  routes: unknown;
  /**
   * The release's own manifest when the one read is a site's pointer (decision 4901), so a deploy
   * during the page's life never changes what it loads; else the address read.
   */
  url: string;
}

/** A remote manifest's route list: the early script's response when there is one, else a request. */
async function readManifestRoutes(
  name: string,
  url: string,
  early: boolean,
): Promise<ManifestRead | undefined> {
  const read = async (): Promise<ManifestCopy | undefined> => {
    const earlyResponse = early ? takeEarlyManifest(url) : undefined;
    const response =
      (earlyResponse ? await earlyResponse : undefined) ??
      (await fetch(url, { cache: 'no-cache' }).catch(() => undefined));
    if (!response?.ok) return undefined;
    return { status: response.status, text: await response.text() };
  };
  const copy = await withTimeout(
    read().catch(() => undefined),
    MANIFEST_WAIT_MS,
  );
  if (!copy) return undefined;
  try {
    const json = JSON.parse(copy.text) as {
      metaData?: { routes?: unknown; buildLabel?: unknown; canary?: unknown };
    };
    const release = releaseOf(json);
    const canary =
      release && json.metaData?.canary
        ? (await import(/* webpackChunkName: "canary" */ './canaryChoice')).canaryChosen(name, json)
        : null;
    // A shopper on the remote's canary: its release's own manifest, its own route list.
    if (canary) return readManifestRoutes(name, releaseManifestUrl(url, canary), false);
    // A pointer names its release with an absolute public path: the same code as the release's own.
    const documentUrl = release ? releaseManifestUrl(url, release) : url;
    manifestCopies.set(documentUrl, copy);
    buildLabels.set(documentUrl, json.metaData?.buildLabel);
    return { routes: json.metaData?.routes ?? [], url: documentUrl };
  } catch {
    return undefined; // malformed: the runtime reports it when a page of that remote loads
  }
}

/**
 * The route lists of the remotes `names` (missing: manifest unreadable), read in parallel, and
 * the manifest address each remote is loaded from in this document.
 */
async function readRouteLists(
  remotes: RemoteMap,
  names: string[],
  early: boolean,
): Promise<{ lists: RouteLists; missing: RemoteName[]; urls: RemoteMap }> {
  const lists: RouteLists = {};
  const urls: RemoteMap = {};
  const failed = new Set<string>();
  await Promise.all(
    names.map(async (name) => {
      const url = remotes[name];
      if (!url || !isRemoteName(name)) return;
      const read = await readManifestRoutes(name, url, early);
      if (read === undefined) {
        failed.add(name);
        return;
      }
      urls[name] = read.url;
      const { entries, rejected } = readRouteList(read.routes);
      for (const reason of rejected) console.error(`[shell] ${name}'s route list: ${reason}`);
      lists[name] = entries;
    }),
  );
  return { lists, missing: names.filter((name) => failed.has(name)).sort(), urls };
}

/**
 * Reads again the manifests of the remotes whose route list is missing; returns the remotes now
 * known (the caller adds their pages to the router).
 */
export async function retryMissingRouteLists(): Promise<RemoteName[]> {
  const current = registry;
  if (!current || current.missing.length === 0) return [];
  for (const name of current.missing) resetRemote(name);
  const { lists, missing, urls } = await readRouteLists(current.remotes, current.missing, false);
  current.remotes = { ...current.remotes, ...urls };
  registerRemotes(
    Object.entries(urls).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  current.routeLists = { ...current.routeLists, ...lists };
  const recovered = current.missing.filter((name) => !missing.includes(name));
  current.missing = missing;
  return recovered;
}

export async function loadRegistry(): Promise<RegistryState> {
  // The early script's request if it made one; else ours, in the default cache mode, so the page's
  // preload of it is used. The server has it revalidated on every load (Cache-Control: no-cache),
  // so a new list is seen on the next page load.
  const response = (await takeEarlyRemotesFile()) ?? (await fetch('/remotes.json'));
  if (!response.ok) throw new Error(`The remote list could not be read (HTTP ${response.status}).`);
  const file = (await response.json()) as RemotesFile;
  const requested = pageOverrideRequests();
  // The allow-list's code only when QA asks for an override (decision 5102).
  const { remotes, decisions } =
    Object.keys(requested).length === 0
      ? { remotes: file.remotes, decisions: [] }
      : await import(/* webpackChunkName: "overrides" */ './overrideOrigins').then((origins) =>
          origins.applyOverrides(
            file.remotes,
            requested,
            file.overrideOrigins ?? origins.DEFAULT_OVERRIDE_ORIGINS,
          ),
        );
  for (const decision of decisions) {
    const log = decision.accepted ? console.info : console.warn;
    log(
      `[shell] remote override ${decision.name} → ${decision.url}: ${decision.accepted ? 'accepted' : 'refused'} (${decision.reason})`,
    );
  }
  // A server-rendered page names the releases it was composed with: the same are loaded here.
  const overridden = new Set(decisions.filter((d) => d.accepted).map((d) => d.name));
  const listed = documentRemotes(remotes, recordedReleases(), overridden);
  registerPlugins([earlyManifestPlugin]);
  const { lists, missing, urls } = await readRouteLists(listed, Object.keys(listed), true);
  for (const name of missing) console.warn(`[shell] ${name}: its manifest could not be read`);
  // Each remote at the address of the release read, for this document's whole life.
  const loaded = { ...listed, ...urls };
  registerRemotes(
    Object.entries(loaded).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  registry = { remotes: loaded, decisions, routeLists: lists, missing };
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
  // A server-rendered page has its stylesheets inline already (decision 1302): none preloaded.
  const inline = new Set(
    [...document.querySelectorAll('style[data-href]')].map((style) =>
      style.getAttribute('data-href'),
    ),
  );
  const filter = (url: string) => !inline.has(url);
  preloadRemote(known.map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes, filter }))).catch(
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
