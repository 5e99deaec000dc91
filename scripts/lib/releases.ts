// A remote's releases (decision 4901): its site folder keeps each build whole and unchanged under
// `releases/<id>/`, `releases.json` lists them, and the site's root `mf-manifest.json` (with the
// standalone page beside it) points at the current one. A deploy only adds a folder and rewrites
// the pointer, so an open tab still finds every file of the release it started with, and a
// rollback is a rewrite of the pointer. Every function takes the site's folder, so tests use a
// temporary one; `scripts/release.ts` is the command.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { appDir, appPage, appPort, type AppName } from './apps';
import { RELEASE_SITE } from './hostingConfig';

/** Releases kept after a publish (beside the current one and a canary, when those are older). */
export const DEFAULT_KEEP = 10;

export interface ReleaseEntry {
  id: string;
  /** When it was published (ISO). */
  time: string;
  label?: string;
}

export interface CanaryEntry {
  id: string;
  /** The percent of shoppers who get the canary (1–99). */
  share: number;
}

/** `releases.json`: the kept releases, newest first. */
export interface ReleaseIndex {
  current: string | null;
  canary: CanaryEntry | null;
  releases: ReleaseEntry[];
  /**
   * The releases in the order they were made current, the current one first: a rollback goes to
   * the one before, as a team means "undo the last deploy" (a `--to` included), and it is kept.
   */
  history: string[];
}

/** A remote's site: where it is kept, the address it is served at, the page at its root. */
export interface Site {
  siteDir: string;
  /** e.g. `http://localhost:8081`, no trailing slash. */
  siteUrl: string;
  /** The standalone page's file name (`index.html`). */
  page: string;
  /** The remote's name in messages; the site folder's parent's name without `-mfe` if absent. */
  name?: string;
}

export interface PublishOptions extends Site {
  /** The build folder (`<app>/dist`, with its `server/`). */
  distDir: string;
  label?: string;
  keep?: number;
  now?: Date;
  /** Make it the current release (else it is only kept, e.g. to run as a canary). */
  switchTo?: boolean;
}

export interface PublishResult {
  id: string;
  /** False when the same build was kept already (nothing was copied). */
  created: boolean;
  /** Releases pruned by this publish. */
  removed: string[];
  /**
   * The release the site serves instead of this build: a build kept already that is not current
   * (a rollback or a switch stands; `publishBuildIfNew`).
   */
  servedInstead?: string;
}

const INDEX_FILE = 'releases.json';
const MANIFEST_FILE = 'mf-manifest.json';
/** As the shell accepts them (shell/src/remotes/releases.ts): a path segment, never `..`. */
const RELEASE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const siteDirOf = (app: AppName): string => join(appDir(app), RELEASE_SITE);
export const distDirOf = (app: AppName): string => join(appDir(app), 'dist');

/** The app's site as served locally, or at `siteUrl` (a deployed site's address). */
export const siteOf = (app: AppName, siteUrl?: string): Site => ({
  siteDir: siteDirOf(app),
  siteUrl: (siteUrl || `http://localhost:${appPort(app)}`).replace(/\/+$/, ''),
  page: appPage(app),
  name: app,
});

const releaseDir = (siteDir: string, id: string) => join(siteDir, 'releases', id);
const nameOf = (site: Site) => site.name ?? basename(dirname(site.siteDir)).replace(/-mfe$/, '');
const tmpSuffix = () => randomBytes(4).toString('hex');
const isKept = (index: ReleaseIndex, id: string) => index.releases.some((r) => r.id === id);

/** Every file under `dir`, as sorted relative paths with `/` separators. */
async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesOf(join(dir, entry.name), path)));
    else found.push(path);
  }
  // By code unit, not locale: the id must not depend on the machine's language.
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The build's id: the same files give the same id, wherever and whenever they were built. */
export async function releaseIdOf(distDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const path of await filesOf(distDir)) {
    const bytes = await readFile(join(distDir, ...path.split('/')));
    // Framed by the path and the length, so no two different folders hash the same stream.
    hash.update(`${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 12);
}

/** Writes a file so that a reader sees the old content or the new, never half of it. */
async function writeAtomic(path: string, content: string): Promise<void> {
  const tmp = `${path}.tmp-${tmpSuffix()}`;
  await writeFile(tmp, content);
  try {
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Like writeAtomic, but leaves an unchanged file alone (its readers' caches stay valid). */
async function writeIfChanged(path: string, content: string): Promise<void> {
  const before = await readFile(path, 'utf8').catch(() => null);
  if (before !== content) await writeAtomic(path, content);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkEntry(value: unknown, at: number): ReleaseEntry {
  const where = `releases[${at}]`;
  if (!isObject(value)) throw new Error(`${where} is not an object`);
  const { id, time, label } = value;
  if (typeof id !== 'string' || !RELEASE_ID.test(id)) throw new Error(`${where}.id is not an id`);
  if (typeof time !== 'string' || Number.isNaN(Date.parse(time)))
    throw new Error(`${where}.time is not an ISO time`);
  if (label !== undefined && typeof label !== 'string')
    throw new Error(`${where}.label is not a string`);
  return label === undefined ? { id, time } : { id, time, label };
}

function checkCanary(value: unknown, ids: Set<string>, current: string | null) {
  if (value === null) return null;
  if (!isObject(value) || typeof value.id !== 'string' || !ids.has(value.id))
    throw new Error('canary is not a kept release');
  if (value.id === current) throw new Error('canary is the current release');
  if (!isShare(value.share)) throw new Error('canary.share is not a percent from 1 to 99');
  return { id: value.id, share: value.share };
}

function checkIndex(value: unknown): ReleaseIndex {
  if (!isObject(value) || !Array.isArray(value.releases))
    throw new Error('expected { current, canary, releases: [...] }');
  const releases = value.releases.map(checkEntry);
  const ids = new Set(releases.map((entry) => entry.id));
  if (ids.size !== releases.length) throw new Error('a release is listed twice');
  const current = value.current ?? null;
  if (current !== null && !(typeof current === 'string' && ids.has(current)))
    throw new Error('current is not a kept release');
  const canary = checkCanary(value.canary ?? null, ids, current);
  return { current, canary, releases, history: checkHistory(value.history, releases, current) };
}

/** The index's history, kept releases only; without one, the publish order from the current. */
function checkHistory(
  value: unknown,
  releases: readonly ReleaseEntry[],
  current: string | null,
): string[] {
  if (value !== undefined && !(Array.isArray(value) && value.every((id) => typeof id === 'string')))
    throw new Error('history is not a list of ids');
  const ids = releases.map((entry) => entry.id);
  const listed =
    value === undefined ? ids.slice(Math.max(0, ids.indexOf(current ?? ''))) : (value as string[]);
  const history = [...new Set(listed)].filter((id) => ids.includes(id));
  return current === null || history[0] === current
    ? history
    : [current, ...history.filter((id) => id !== current)];
}

/** The site's index; an empty one when the site has none yet. */
export async function readIndex(siteDir: string): Promise<ReleaseIndex> {
  const path = join(siteDir, INDEX_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { current: null, canary: null, releases: [], history: [] };
    throw error;
  }
  try {
    return checkIndex(JSON.parse(text));
  } catch (error) {
    throw new Error(`${path} is malformed: ${(error as Error).message}`);
  }
}

async function writeIndex(siteDir: string, index: ReleaseIndex): Promise<void> {
  await mkdir(siteDir, { recursive: true });
  await writeIfChanged(join(siteDir, INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
}

const releaseInfo = ({ id, time, label }: ReleaseEntry) =>
  label === undefined ? { id, time } : { id, time, label };

async function readManifest(path: string): Promise<Json & { metaData: Json }> {
  const manifest: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!isObject(manifest) || !isObject(manifest.metaData))
    throw new Error(`${path} is not a Module Federation manifest (no metaData)`);
  return manifest as Json & { metaData: Json };
}

/**
 * The release's own manifest names it, and its build label carries the id, so field data (and
 * anyone reading a release's manifest) can tell releases apart. Returns the entry for the index.
 */
async function stampRelease(dir: string, id: string, now: Date, label?: string) {
  const path = join(dir, MANIFEST_FILE);
  const manifest = await readManifest(path);
  // A release's files published again (a copy of one, changed) carry its stamp: its label, not
  // its build label, which names its id.
  const stamped = isObject(manifest.metaData.release) ? manifest.metaData.release : null;
  const built = stamped ? stamped.label : manifest.metaData.buildLabel;
  const named = label || (typeof built === 'string' && built !== '' ? built : undefined);
  const entry: ReleaseEntry = { id, time: now.toISOString(), ...(named ? { label: named } : {}) };
  manifest.metaData.release = releaseInfo(entry);
  manifest.metaData.buildLabel = named ? `${named}.${id}` : id;
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  return entry;
}

/** Copies the build in beside the releases, then renames it in: never visible half-copied. */
async function copyRelease(
  siteDir: string,
  distDir: string,
  id: string,
  now: Date,
  label?: string,
) {
  const releases = join(siteDir, 'releases');
  await mkdir(releases, { recursive: true });
  const tmp = join(releases, `.tmp-${id}-${tmpSuffix()}`);
  try {
    await cp(distDir, tmp, { recursive: true, errorOnExist: true, force: false });
    // A build running into the folder meanwhile would make the id lie about the files.
    const copied = await releaseIdOf(tmp);
    if (copied !== id)
      throw new Error(
        `${distDir} changed while it was copied; publish it again when its build is done`,
      );
    const entry = await stampRelease(tmp, id, now, label);
    // A folder the index does not list is left from a publish that stopped before its index
    // was written: this copy replaces it.
    await rm(releaseDir(siteDir, id), { recursive: true, force: true });
    await rename(tmp, releaseDir(siteDir, id));
    return entry;
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The standalone page of a release, served from the site's root: relative addresses resolve into
 * the release's folder (`<base>`), and root addresses of the release's own files (the template
 * names `/main.js`, which a `<base>` does not change) are made relative.
 */
export function sitePage(html: string, id: string, releaseFiles: ReadonlySet<string>): string {
  const withBase = html.replace(
    /<head(\s[^>]*)?>/i,
    (head) => `${head}<base href="/releases/${id}/">`,
  );
  // Without a base, a relative address would resolve against the page's route instead.
  if (withBase === html) return html;
  return withBase.replace(
    /(\s(?:src|href)=)(["']?)\/(?!\/)([^"'\s>?#]+)/gi,
    (whole, attribute: string, quote: string, path: string) =>
      releaseFiles.has(path) ? `${attribute}${quote}${path}` : whole,
  );
}

/** The site's root manifest: the current release's, addressed absolutely into its folder. */
function pointerManifest(manifest: Json & { metaData: Json }, index: ReleaseIndex, site: Site) {
  const current = index.releases.find((entry) => entry.id === index.current) as ReleaseEntry;
  const metaData: Json = {
    ...manifest.metaData,
    publicPath: `${site.siteUrl}/releases/${current.id}/`,
    release: releaseInfo(current),
  };
  delete metaData.canary;
  const canary = index.canary;
  if (canary) {
    const label = index.releases.find((entry) => entry.id === canary.id)?.label;
    metaData.canary = {
      id: canary.id,
      share: canary.share,
      ...(label === undefined ? {} : { label }),
      manifest: `releases/${canary.id}/${MANIFEST_FILE}`,
    };
  }
  return { ...manifest, metaData };
}

/** Points the site's root (manifest and page) at the index's current release. */
async function writePointer(site: Site, index: ReleaseIndex): Promise<void> {
  if (!index.current) return;
  const dir = releaseDir(site.siteDir, index.current);
  const manifest = await readManifest(join(dir, MANIFEST_FILE));
  const pointer = pointerManifest(manifest, index, site);
  await writeIfChanged(join(site.siteDir, MANIFEST_FILE), `${JSON.stringify(pointer, null, 2)}\n`);
  const pagePath = join(site.siteDir, site.page);
  const html = await readFile(join(dir, site.page), 'utf8').catch(() => null);
  // A release without a page must not be shown another release's page.
  if (html === null) await rm(pagePath, { force: true });
  else await writeIfChanged(pagePath, sitePage(html, index.current, new Set(await filesOf(dir))));
}

/**
 * The index with only the newest `keep` releases, and the current one and the canary whatever
 * their age (a rollback or a canary must not lose its files). Pure.
 */
export function pruneReleases(
  index: ReleaseIndex,
  keep: number,
): { index: ReleaseIndex; removed: string[] } {
  checkKeep(keep);
  // The rollback's target too: the release that was current before this one.
  const pinned = new Set([index.current, index.canary?.id, index.history[1]]);
  const kept = index.releases.filter((entry, at) => at < keep || pinned.has(entry.id));
  const removed = index.releases.filter((entry) => !kept.includes(entry)).map((entry) => entry.id);
  const history = index.history.filter((id) => !removed.includes(id));
  return { index: { ...index, releases: kept, history }, removed };
}

function checkKeep(keep: number): void {
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(`releases to keep must be a whole number from 1 (got ${keep})`);
}

/** Deletes the folders of releases the index no longer lists (after it was written). */
async function deleteReleases(siteDir: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) await rm(releaseDir(siteDir, id), { recursive: true, force: true });
}

/** Prunes the site's index to `keep` releases and deletes the pruned folders; their ids. */
export async function pruneSite(siteDir: string, keep: number): Promise<string[]> {
  const { index, removed } = pruneReleases(await readIndex(siteDir), keep);
  if (removed.length === 0) return [];
  await writeIndex(siteDir, index);
  await deleteReleases(siteDir, removed);
  return removed;
}

const switched = (index: ReleaseIndex, id: string): ReleaseIndex => ({
  ...index,
  current: id,
  history: [id, ...index.history.filter((entry) => entry !== id)],
  // A canary made current has run its course.
  canary: index.canary?.id === id ? null : index.canary,
});

/** Index first, then the pointer: a failed pointer write is mended by the next switch or start. */
async function saveAndPoint(site: Site, index: ReleaseIndex): Promise<void> {
  await writeIndex(site.siteDir, index);
  await writePointer(site, index);
}

async function publishWithId(options: PublishOptions, id: string): Promise<PublishResult> {
  const { siteDir, keep = DEFAULT_KEEP, now = new Date(), switchTo = true } = options;
  checkKeep(keep);
  let index = await readIndex(siteDir);
  const created = !isKept(index, id);
  if (created) {
    const entry = await copyRelease(siteDir, options.distDir, id, now, options.label);
    index = { ...index, releases: [entry, ...index.releases] };
  }
  if (switchTo) index = switched(index, id);
  const pruned = pruneReleases(index, keep);
  await saveAndPoint(options, pruned.index);
  await deleteReleases(siteDir, pruned.removed);
  return { id, created, removed: pruned.removed };
}

/**
 * Keeps the build as a release (once: the same build again is the release already kept) and,
 * unless `switchTo` is false, makes it current; then prunes the site to `keep` releases.
 */
export async function publishRelease(options: PublishOptions): Promise<PublishResult> {
  await readManifest(join(options.distDir, MANIFEST_FILE));
  return publishWithId(options, await releaseIdOf(options.distDir));
}

/**
 * For a stack's start: publishes the build when it is new, and otherwise leaves the current
 * release as it is (a rollback made earlier stands), only mending the pointer if it no longer
 * matches the index (e.g. a site address changed). Null when there is no build.
 */
export async function publishBuildIfNew(
  options: Omit<PublishOptions, 'switchTo'>,
): Promise<PublishResult | null> {
  const found = await stat(options.distDir).catch(() => null);
  if (!found?.isDirectory()) return null;
  await readManifest(join(options.distDir, MANIFEST_FILE));
  const id = await releaseIdOf(options.distDir);
  const index = await readIndex(options.siteDir);
  if (isKept(index, id) && index.current !== null) {
    await writePointer(options, index);
    return index.current === id
      ? { id, created: false, removed: [] }
      : { id, created: false, removed: [], servedInstead: index.current };
  }
  return publishWithId({ ...options, switchTo: true }, id);
}

function requireKept(site: Site, index: ReleaseIndex, id: string): void {
  if (isKept(index, id)) return;
  const kept = index.releases.map((entry) => entry.id).join(', ') || 'none';
  throw new Error(`${nameOf(site)} has no kept release ${id}; kept: ${kept}`);
}

/** Makes a kept release current: the pointer is rewritten, nothing is copied. */
export async function switchRelease(site: Site & { id: string }): Promise<void> {
  const index = await readIndex(site.siteDir);
  requireKept(site, index, site.id);
  await saveAndPoint(site, switched(index, site.id));
}

/** Switches to the release published before the current one; its id. */
export async function rollbackRelease(site: Site): Promise<string> {
  const index = await readIndex(site.siteDir);
  if (!index.current) throw new Error(`${nameOf(site)} has no current release to roll back from`);
  // The release current before this one; the one rolled back from leaves the history, so a
  // second rollback goes one further back.
  const previous = index.history[1];
  if (!previous)
    throw new Error(
      `${nameOf(site)} keeps no release that was current before ${index.current} to roll back to`,
    );
  await saveAndPoint(site, { ...switched(index, previous), history: index.history.slice(1) });
  return previous;
}

const isShare = (share: unknown): share is number =>
  typeof share === 'number' && Number.isInteger(share) && share >= 1 && share <= 99;

/** Runs kept release `id` as a canary for `share` percent of shoppers; `id: null` ends it. */
export async function setCanary(site: Site & { id: string | null; share?: number }): Promise<void> {
  const index = await readIndex(site.siteDir);
  if (site.id === null) {
    await saveAndPoint(site, { ...index, canary: null });
    return;
  }
  if (!isShare(site.share))
    throw new Error(`a canary's share is a whole percent from 1 to 99 (got ${site.share})`);
  requireKept(site, index, site.id);
  if (!index.current) throw new Error(`${nameOf(site)} has no current release beside a canary`);
  if (site.id === index.current)
    throw new Error(`${site.id} is the current release of ${nameOf(site)}, not a canary`);
  await saveAndPoint(site, { ...index, canary: { id: site.id, share: site.share } });
}
