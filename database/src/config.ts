// The database server's settings: its options with their defaults from the environment and the
// repository (the data folder, the rules file, the seed), checked once before it starts.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { acceptsUnsignedTokens, type IdTokenVerifier } from './auth';
import { DEFAULT_MAX_UPDATE_LOCATIONS, type ReadCounters } from './engine';
import type { UpdateCounters } from './locations';

export interface DatabaseServerOptions {
  /** Default: env SHOP_DB_PORT or 9000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: env SHOP_DB_DATA_DIR or <repo>/.data/database. */
  dataDir?: string;
  /** Default: <repo>/database.rules.json. */
  rulesPath?: string;
  /**
   * Default: env SHOP_FIREBASE_PROJECT_ID or 'demo-shop'. Unsigned (Auth emulator) tokens are
   * accepted for `demo-` projects only; any other project needs `verifyIdToken`, or the server
   * refuses to start.
   */
  projectId?: string;
  /** Verifies signed ID tokens (their signature) and answers their claims. */
  verifyIdToken?: IdTokenVerifier;
  /** Local mode enables the admin token `owner`. Default: projectId starts with 'demo-'. */
  local?: boolean;
  /** Seed the catalog and discounts when the catalog is empty. Default true. */
  seed?: boolean;
  /** Default <repo>/database/seed/catalog.json. */
  seedPath?: string;
  /** Largest accepted request body. Default 1 MiB (larger bodies get 413). */
  bodyLimitBytes?: number;
  /** Interval of `keep-alive` events on event streams. Default 30 000 ms. */
  keepAliveMs?: number;
  /** Locations one PATCH may update; more is a 400 before any other work. Default 1 000. */
  maxUpdateLocations?: number;
  /** Event streams open at once per client (remote address); more get 429. Default 50. */
  maxStreamsPerClient?: number;
  /** Counts the work of each PATCH when given (tests). */
  updateCounters?: UpdateCounters;
  /** Counts whole values rendered and serialised by reads and event streams (tests). */
  readCounters?: ReadCounters;
  /** Print the start line. Default true. */
  log?: boolean;
}

export interface DatabaseServer {
  url: string;
  port: number;
  /** Event streams open now (all clients). */
  openStreams(): number;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * Per remote address. A browser opens at most 6 HTTP/1.1 connections per origin, so one browser
 * cannot reach this; on a laptop or in CI every browser and test shares 127.0.0.1, hence room for
 * several. Uids are no key: in demo mode anyone can mint tokens for any uid.
 */
export const DEFAULT_MAX_STREAMS_PER_CLIENT = 50;

/** The repository root: the nearest folder (from the working directory up) with the rules file. */
export function findRepoRoot(start: string = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'database.rules.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

/** Every setting of a server, defaults applied. */
export interface ServerConfig {
  repoRoot: string;
  port: number;
  host: string;
  dataDir: string;
  rulesPath: string;
  projectId: string;
  local: boolean;
  verifier: IdTokenVerifier | undefined;
  /** The seed file, or null when the server does not seed. */
  seedPath: string | null;
  bodyLimit: number;
  keepAliveMs: number;
  maxUpdateLocations: number;
  maxStreamsPerClient: number;
  log: boolean;
}

/** The options with their defaults; refuses a project whose tokens this server cannot check. */
export function resolveConfig(options: DatabaseServerOptions): ServerConfig {
  const repoRoot = findRepoRoot();
  const projectId = options.projectId ?? process.env.SHOP_FIREBASE_PROJECT_ID ?? 'demo-shop';
  const verifier = options.verifyIdToken;
  if (!acceptsUnsignedTokens(projectId) && !verifier) {
    throw new Error(
      `database: refusing to start for project "${projectId}": it is not a demo- project, so ` +
        'unsigned (Auth emulator) tokens cannot be trusted, and this server cannot verify ' +
        "Google-signed ID tokens (that needs Google's public keys). Use a demo- project id " +
        '(SHOP_FIREBASE_PROJECT_ID=demo-shop) or pass verifyIdToken to startDatabaseServer.',
    );
  }
  return {
    repoRoot,
    port: options.port ?? Number(process.env.SHOP_DB_PORT ?? 9000),
    host: options.host ?? '127.0.0.1',
    dataDir: resolve(
      options.dataDir ?? process.env.SHOP_DB_DATA_DIR ?? join(repoRoot, '.data', 'database'),
    ),
    rulesPath: options.rulesPath ?? join(repoRoot, 'database.rules.json'),
    projectId,
    local: options.local ?? projectId.startsWith('demo-'),
    verifier,
    seedPath:
      (options.seed ?? true)
        ? (options.seedPath ?? join(repoRoot, 'database', 'seed', 'catalog.json'))
        : null,
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT,
    keepAliveMs: options.keepAliveMs ?? 30_000,
    maxUpdateLocations: options.maxUpdateLocations ?? DEFAULT_MAX_UPDATE_LOCATIONS,
    maxStreamsPerClient: options.maxStreamsPerClient ?? DEFAULT_MAX_STREAMS_PER_CLIENT,
    log: options.log ?? true,
  };
}
