// A team's releases, as the e2e journeys make them (decision 4901): the real release command, or
// the same library for a build a journey made itself, and the way back to the release that was
// current before.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, type AppName } from '../../scripts/lib/apps';
import {
  publishRelease,
  readIndex,
  siteDirOf,
  siteOf,
  switchRelease,
  type ReleaseIndex,
} from '../../scripts/lib/releases';
import { MANIFESTS_KEPT_MS } from '../../shell/src/server/cacheRules';

const run = promisify(execFile);

/** Where the shell server has seen a switch of a site's pointer (it re-reads them this often). */
export const SWITCH_SEEN_MS = MANIFESTS_KEPT_MS + 500;

/** `npm run release -- <args>`, as a team runs it; its output. */
export async function releaseCommand(args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'release', '--', ...args], {
    cwd: ROOT,
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

export const releasesOf = (app: AppName): Promise<ReleaseIndex> => readIndex(siteDirOf(app));

/** The release the site points at now. */
export async function currentRelease(app: AppName): Promise<string> {
  const { current } = await releasesOf(app);
  if (!current) throw new Error(`${app} has no current release`);
  return current;
}

/** Waits until the shell server has read the sites' pointers again (after a switch). */
export const switchSeen = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, SWITCH_SEEN_MS));

/**
 * `build` (a folder a journey built or changed) published as the app's current release; `undo`
 * points the site back at the release that was current before. Each returns once the shell
 * server renders with the release it made current: a page rendered before names the release it
 * was composed with, and the browser loads that one (decision 4901).
 */
export async function releaseFolder(
  app: AppName,
  build: string,
  label?: string,
): Promise<{ id: string; undo(): Promise<void> }> {
  const before = await currentRelease(app);
  const { id } = await publishRelease({ ...siteOf(app), distDir: build, label });
  await switchSeen();
  return {
    id,
    async undo() {
      await switchRelease({ ...siteOf(app), id: before });
      await switchSeen();
    },
  };
}

/** Points the app's site at release `id` (a rollback to it). */
export const switchTo = (app: AppName, id: string): Promise<void> =>
  switchRelease({ ...siteOf(app), id });

/** A file of the app's current release (its site's folder for it). */
export async function currentReleaseFile(app: AppName, file: string): Promise<string> {
  const id = await currentRelease(app);
  return readFile(join(siteDirOf(app), 'releases', id, file), 'utf8');
}

/**
 * The running shell's remote list (`shell/dist/remotes.json`, the file its server and the browser
 * read) without `remote`, as a shell site deployed before that team joined; `undo` puts the list
 * back. Each returns once the shell server has read the list again (decision 5205).
 */
export async function unlistRemote(remote: string): Promise<{ undo(): Promise<void> }> {
  const file = join(ROOT, 'shell/dist/remotes.json');
  const original = await readFile(file, 'utf8');
  const list = JSON.parse(original) as Record<string, unknown>;
  const without = (entries: unknown) =>
    Object.fromEntries(
      Object.entries((entries ?? {}) as Record<string, unknown>).filter(
        ([name]) => name !== remote,
      ),
    );
  await writeFile(
    file,
    JSON.stringify({
      ...list,
      remotes: without(list.remotes),
      serverEntries: without(list.serverEntries),
      serverKeys: without(list.serverKeys),
    }),
  );
  await switchSeen();
  return {
    async undo() {
      await writeFile(file, original);
      await switchSeen();
    },
  };
}
