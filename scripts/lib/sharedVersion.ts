// @shop/shared follows semver and its version changes with every change to its shipped source
// (decision 1201). `shared/source-stamp.json` records the hash of `shared/src` for the
// version in `shared/package.json`; `npm run shared:check` (in `npm test`) compares, and
// `npm run shared:stamp` records a new hash once the version was bumped. Pure functions here;
// the file system is read by scripts/shared-version.ts.
import { createHash } from 'node:crypto';

export interface SourceFile {
  /** Relative to `shared/src`, with `/` separators. */
  path: string;
  content: string;
}

/** What `shared/source-stamp.json` holds. */
export interface SourceStamp {
  version: string;
  sourceHash: string;
}

export type Verdict = { ok: true; message: string } | { ok: false; message: string };

export const STAMP_COMMAND = 'npm run shared:stamp';

/** Test files ship in no bundle; everything else under `shared/src` is the package. */
export function isShippedSource(path: string): boolean {
  return !/\.test\.[cm]?[jt]sx?$/.test(path);
}

/**
 * The hash of the shipped source: every file's path and content, in path order (the order the
 * file system lists them in does not matter), line endings normalised (a Windows checkout hashes
 * the same).
 */
export function hashSources(files: readonly SourceFile[]): string {
  const hash = createHash('sha256');
  const shipped = files
    .filter((file) => isShippedSource(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { path, content } of shipped) {
    hash.update(`${path}\0${content.replace(/\r\n/g, '\n')}\0`);
  }
  return `sha256:${hash.digest('hex')}`;
}

interface Semver {
  core: [number, number, number];
  prerelease: string;
}

function parseVersion(version: string): Semver {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a semver version (MAJOR.MINOR.PATCH).`);
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    prerelease: match[4] ?? '',
  };
}

/** Negative when a < b, 0 when equal, positive when a > b (semver precedence, simplified). */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (x.core[i] as number) - (y.core[i] as number);
    if (diff !== 0) return diff;
  }
  if (x.prerelease === y.prerelease) return 0;
  if (x.prerelease === '') return 1; // 1.0.0 > 1.0.0-rc.1
  if (y.prerelease === '') return -1;
  return x.prerelease < y.prerelease ? -1 : 1;
}

/** `npm run shared:check`: does the recorded stamp still describe the source and the version? */
export function checkStamp(current: SourceStamp, recorded: SourceStamp | null): Verdict {
  if (!recorded) {
    return {
      ok: false,
      message: `shared/source-stamp.json is missing: run \`${STAMP_COMMAND}\` to record the source of version ${current.version}.`,
    };
  }
  const order = compareVersions(current.version, recorded.version);
  const sameSource = current.sourceHash === recorded.sourceHash;
  if (order === 0 && sameSource) {
    return { ok: true, message: `@shop/shared ${current.version}: source matches its stamp.` };
  }
  if (order === 0) {
    return {
      ok: false,
      message:
        `shared/src changed since version ${recorded.version}: bump the version in ` +
        'shared/package.json (semver: patch for a fix, minor for an addition, major for a ' +
        `breaking change; while 0.x, minor for a breaking change) and run \`${STAMP_COMMAND}\`.`,
    };
  }
  if (order < 0) {
    return {
      ok: false,
      message: `shared/package.json says ${current.version}, older than the stamped ${recorded.version}: a version never goes back.`,
    };
  }
  return {
    ok: false,
    message:
      `shared/package.json was bumped to ${current.version} but the stamp still records ` +
      `${recorded.version}: run \`${STAMP_COMMAND}\`.`,
  };
}

/** `npm run shared:stamp`: the stamp to write, or why not (the version must have been bumped). */
export function planStamp(
  current: SourceStamp,
  recorded: SourceStamp | null,
): { ok: true; stamp: SourceStamp; message: string } | { ok: false; message: string } {
  if (!recorded) {
    return { ok: true, stamp: current, message: `Stamped @shop/shared ${current.version}.` };
  }
  const order = compareVersions(current.version, recorded.version);
  if (order === 0 && current.sourceHash === recorded.sourceHash) {
    return {
      ok: true,
      stamp: recorded,
      message: `@shop/shared ${current.version} is already stamped with this source.`,
    };
  }
  if (order <= 0) {
    return {
      ok: false,
      message:
        `Refused: shared/package.json still says ${current.version} (stamped: ${recorded.version}). ` +
        'Bump the version first (semver: patch, minor or major), then stamp.',
    };
  }
  return {
    ok: true,
    stamp: current,
    message: `Stamped @shop/shared ${current.version} (was ${recorded.version}).`,
  };
}
