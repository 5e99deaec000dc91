// Releases (decision 4901): a remote's site keeps each build under `releases/<id>/`, immutable,
// and its root `mf-manifest.json` is a pointer: the current release's manifest, naming that
// release in `metaData.release`. A page is composed of one release per remote, recorded on its
// `<html data-releases>` by the server, and the browser loads exactly those for the document,
// whatever the remote's site points at later. These helpers are shared by the early script, the
// registry and the shell server, so all three derive the same addresses.
import type { RemoteMap } from './overrides';

/** The `<html>` attribute a rendered page records its releases in: `catalog:3f9a… cart:0c1d…`. */
export const RELEASES_ATTRIBUTE = 'data-releases';

export type ReleaseMap = Record<string, string>;

/** A release id as a site publishes it: a path segment, never a way out of `releases/`. */
const RELEASE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const REMOTE_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

export const isReleaseId = (value: unknown): value is string =>
  typeof value === 'string' && RELEASE_ID.test(value);

/** The release a manifest names (`metaData.release.id`), or null for a build served as it is. */
export function releaseOf(manifest: unknown): string | null {
  if (!manifest || typeof manifest !== 'object') return null;
  const metaData = (manifest as { metaData?: { release?: { id?: unknown } } }).metaData;
  const id = metaData?.release?.id;
  return isReleaseId(id) ? id : null;
}

/**
 * The manifest of release `id` on the site whose manifest is at `manifestUrl`: the pointer's
 * release folder, or the address itself when it already is that release's manifest.
 */
export function releaseManifestUrl(manifestUrl: string, id: string): string {
  const url = new URL(manifestUrl);
  if (url.pathname.endsWith(`/releases/${id}/mf-manifest.json`)) return url.href;
  return new URL(`releases/${id}/mf-manifest.json`, url).href;
}

/**
 * The address of a file of release `id` that the remote list names at the site's root (its
 * server container: `<site>/server/remoteEntry.js` → `<site>/releases/<id>/server/remoteEntry.js`).
 * An address outside the manifest's site is left as it is.
 */
export function releaseFileUrl(fileUrl: string, manifestUrl: string, id: string): string {
  const siteRoot = new URL('.', manifestUrl).href;
  const file = new URL(fileUrl, manifestUrl).href;
  if (!file.startsWith(siteRoot)) return file;
  return new URL(file.slice(siteRoot.length), new URL(`releases/${id}/`, siteRoot)).href;
}

export function formatReleases(releases: ReleaseMap): string {
  return Object.keys(releases)
    .sort()
    .map((name) => `${name}:${releases[name]}`)
    .join(' ');
}

/** The releases an attribute records; anything malformed is left out (the pointer is read then). */
export function parseReleases(value: string | null | undefined): ReleaseMap {
  const releases: ReleaseMap = {};
  for (const pair of (value ?? '').split(/\s+/)) {
    const [name, id, extra] = pair.split(':');
    if (extra === undefined && name && REMOTE_NAME.test(name) && isReleaseId(id)) {
      releases[name] = id;
    }
  }
  return releases;
}

/** The releases the server composed this page with; none for a page rendered in the browser. */
export function recordedReleases(doc: Document = document): ReleaseMap {
  return parseReleases(doc.documentElement.getAttribute(RELEASES_ATTRIBUTE));
}

/**
 * The remote list for this document: each remote the page recorded a release of is read from
 * that release's own manifest, not from the site's pointer, which a deploy may have moved since.
 * `keep` names remotes left as listed (a QA override).
 */
export function documentRemotes(
  remotes: RemoteMap,
  recorded: ReleaseMap,
  keep: ReadonlySet<string> = new Set(),
): RemoteMap {
  const result: RemoteMap = {};
  for (const [name, url] of Object.entries(remotes)) {
    const id = recorded[name];
    result[name] = id && !keep.has(name) ? releaseManifestUrlOrSelf(url, id) : url;
  }
  return result;
}

function releaseManifestUrlOrSelf(url: string, id: string): string {
  try {
    return releaseManifestUrl(url, id);
  } catch {
    return url; // not an address: the registry reports it as it would have
  }
}
