// Inlined in the head of the shell's page (tooling/inlineEarlyScript.cjs), so it runs before any
// script has downloaded. It starts the first page's remote chain at once: remotes.json → every
// remote's manifest (their route lists say which the page needs) → preloads of the page's data
// (the reads its route list declares),
// the remote's entry and the page's chunks. They then download alongside the shell's own scripts
// instead of one hop after another once those have run (decision 0503). The registry, the
// federation runtime and the page's loaders reuse what it fetched.
//
// It loads nothing a stranger could choose: only URLs from the shell's own remotes.json, and none
// at all when a QA override is asked for (the registry checks those against the allow-list).
import { pageOverrideRequests } from '../remotes/overrides';
import { databaseUrl } from '@shop/shared/firebase/databaseUrl';
import { exposedByRemote, matchPage, neededAtOnce, type RouteLists } from '../remotes/pageModules';
import { pathInPage } from './pathInPage';
import type { RemoteName } from '../remotes/remoteNames';
import { earlyStart, type RemotesFile } from './earlyStore';
import { pageNonce } from './serverRendered';
import { documentRemotes, recordedReleases } from '../remotes/releases';

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}
/** The parts of a Module Federation `mf-manifest.json` that say where the code is. */
export interface RemoteManifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** The remote's route list (shared/CONTRACT.md "Route lists"; our addition). */
    routes?: unknown;
  };
  exposes?: { path?: string; assets?: ManifestAssets }[];
}

export interface PreloadList {
  scripts: string[];
  styles: string[];
  /** Database URLs the page's loaders will read. */
  data: string[];
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const PARAMETER = /^\{(\w+)\}$/;
/** Characters the database forbids in keys: a loader never reads such a path. */
const FORBIDDEN_IN_KEYS = /[.#$[\]/]/;

/**
 * A declared read ("catalog/things/{id}") as the URL the loader will ask for, or null when it
 * is not a plain path or a parameter is missing or could never be a key.
 */
export function readUrl(template: unknown, params: Record<string, string>): string | null {
  if (typeof template !== 'string' || template.length > 200) return null;
  const segments: string[] = [];
  for (const segment of template.split('/')) {
    const name = PARAMETER.exec(segment)?.[1];
    if (name === undefined) {
      if (!SEGMENT.test(segment)) return null;
      segments.push(segment);
      continue;
    }
    const value = params[name];
    if (!value || FORBIDDEN_IN_KEYS.test(value)) return null;
    segments.push(value);
  }
  // Public data only: what is under users/ needs a token the page does not have yet.
  if (segments.length === 0 || segments[0] === 'users') return null;
  return databaseUrl(segments.join('/'));
}

function httpUrl(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The entry and the chunks a page needs at once from a remote, as absolute URLs: the `sync`
 * assets of the exposed modules it renders (the `async` ones are shared modules the shell
 * provides). Paths are relative to the manifest's public path ('auto': the manifest's folder).
 * With them, the database reads the remote lists for the page (`reads`), for its `params`.
 */
export function preloadsFromManifest(
  manifest: RemoteManifest,
  manifestUrl: string,
  exposed: readonly string[],
  reads: readonly unknown[] = [],
  params: Record<string, string> = {},
): PreloadList {
  const publicPath = manifest.metaData?.publicPath;
  const base = httpUrl(
    !publicPath || publicPath === 'auto' ? manifestUrl : publicPath,
    manifestUrl,
  );
  const entry = manifest.metaData?.remoteEntry;
  if (!base || !entry?.name) return { scripts: [], styles: [], data: [] };
  const resolve = (files: readonly string[] = []) =>
    files.map((file) => httpUrl(file, base)).filter((url): url is string => url !== null);
  const entryPath = entry.path ? `${entry.path.replace(/\/+$/, '')}/${entry.name}` : entry.name;
  const modules = (manifest.exposes ?? []).filter((e) => e.path && exposed.includes(e.path));
  return {
    scripts: [
      ...new Set(resolve([entryPath, ...modules.flatMap((m) => m.assets?.js?.sync ?? [])])),
    ],
    styles: [...new Set(resolve(modules.flatMap((m) => m.assets?.css?.sync ?? [])))],
    data: [
      ...new Set(reads.map((template) => readUrl(template, params)).filter((url) => url !== null)),
    ],
  };
}

/**
 * `<link rel=preload>`: scripts and styles without crossorigin (the runtime and webpack load them
 * as plain scripts), data as a CORS fetch without credentials (as the fetch helper asks for it).
 */
function preload(url: string, as: 'script' | 'style' | 'fetch'): void {
  const link = document.createElement('link');
  const nonce = pageNonce();
  if (nonce) link.nonce = nonce; // a preloaded script is checked against the page's policy
  link.rel = 'preload';
  link.setAttribute('as', as);
  if (as === 'fetch') link.setAttribute('crossorigin', 'anonymous');
  link.href = url;
  document.head.appendChild(link);
}

export interface Loaded {
  /** The answer, for the registry or the federation runtime to read; undefined when it failed. */
  response?: Response;
  text: string;
}

/**
 * GET `url` as text, and as a `Response` the registry or the runtime can read. XHR rather than
 * fetch: its "load" event is queued as soon as the last byte has arrived, so a long task of the
 * shell's scripts in between adds one wait, not two (fetch resolves the headers first and only
 * then reads the body, each step behind whatever task is running).
 */
export function loadText(url: string): Promise<Loaded> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.onload = () => {
      const { status, responseText } = request;
      // Response cannot hold what is no HTTP status: treated as failed, the registry retries.
      if (status < 200 || status > 599) return resolve({ text: '' });
      const type = request.getResponseHeader('Content-Type') ?? 'application/json';
      const response = new Response(responseText, { status, headers: { 'Content-Type': type } });
      resolve({ response, text: responseText });
    };
    request.onerror = request.onabort = request.ontimeout = () => resolve({ text: '' });
    request.send();
  });
}

function parsedJson<T>({ response, text }: Loaded): T | null {
  if (!response?.ok) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null; // malformed: the registry or the runtime reports it
  }
}

/**
 * Fetches the remote list and every remote's manifest (the route lists say which remotes the
 * page needs); preloads that page's code and data.
 */
export function startEarly(
  load: (url: string) => Promise<Loaded> = loadText,
  /**
   * A server-rendered page carries its data and has its styles inline: only its code is
   * preloaded (a preload nothing uses is a console warning, and bytes).
   */
  { serverRendered = false }: { serverRendered?: boolean } = {},
): void {
  const early = earlyStart();
  // Same mode as the page's <link rel=preload as=fetch crossorigin>, so that response is used.
  const remotesFile = load('/remotes.json');
  early.remotesFile = remotesFile.then((loaded) => loaded.response);
  if (Object.keys(pageOverrideRequests()).length > 0) return;
  void remotesFile.then(async (loaded) => {
    const file = parsedJson<RemotesFile>(loaded);
    // A rendered page's own releases (decision 4901), as the registry will read them.
    const listed = documentRemotes(file?.remotes ?? {}, recordedReleases());
    const remotes = Object.entries(listed).flatMap(([remote, value]) => {
      const manifestUrl = httpUrl(typeof value === 'string' ? value : '');
      return manifestUrl ? [{ remote: remote as RemoteName, manifestUrl }] : [];
    });
    const manifests = await Promise.all(
      remotes.map(({ remote, manifestUrl }) => {
        const manifest = load(manifestUrl);
        early.manifests[manifestUrl] = manifest.then((l) => l.response);
        return manifest.then((l) => ({ remote, manifestUrl, json: parsedJson<RemoteManifest>(l) }));
      }),
    );
    const lists: RouteLists = {};
    for (const { remote, json } of manifests) {
      if (Array.isArray(json?.metaData?.routes)) lists[remote] = json.metaData.routes;
    }
    const { modules, params, reads } = matchPage(pathInPage(), lists);
    // A server-rendered page's code that waits for an interaction is not preloaded (decision 1312).
    for (const [remote, exposed] of exposedByRemote(neededAtOnce(modules, serverRendered))) {
      const found = manifests.find((m) => m.remote === remote);
      if (!found?.json) continue;
      const preloads = preloadsFromManifest(
        found.json,
        found.manifestUrl,
        exposed,
        reads[remote] ?? [],
        params,
      );
      // The page's data first: it is read as soon as the code has run.
      if (!serverRendered) preloads.data.forEach((url) => preload(url, 'fetch'));
      preloads.scripts.forEach((url) => preload(url, 'script'));
      if (!serverRendered) preloads.styles.forEach((url) => preload(url, 'style'));
    }
  });
}
