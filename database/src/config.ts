// The database server's settings: its options with their defaults from the environment and the
// repository (the data folder, the rules file, the seed), checked once before it starts.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import apps from '../../tooling/apps.json';
import { acceptsUnsignedTokens, type IdTokenVerifier } from './auth';
import { DEFAULT_MAX_UPDATE_LOCATIONS, type ReadCounters } from './engine';
import { DEFAULT_NODE_LIMITS, type NodeLimit } from './limits';
import type { UpdateCounters } from './locations';

export interface DatabaseServerOptions {
  /** Default: env SHOP_DB_PORT or tooling/apps.json's databasePort; 0 picks a free port. */
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
  /** Largest accepted request body of the admin (functions, tools). Default 1 MiB (larger: 413). */
  bodyLimitBytes?: number;
  /** Largest accepted request body of anyone else (a shopper's write). Default 256 KiB (413). */
  userBodyLimitBytes?: number;
  /** Interval of `keep-alive` events on event streams. Default 30 000 ms. */
  keepAliveMs?: number;
  /** Locations one PATCH may update; more is a 400 before any other work. Default 1 000. */
  maxUpdateLocations?: number;
  /** Event streams open at once per client (remote address); more get 429. Default 50. */
  maxStreamsPerClient?: number;
  /** Event streams open at once per signed-in user (auth uid); more get 429. Default 10. */
  maxStreamsPerUser?: number;
  /** Event streams open at once in all; more get 429. Default 500. */
  maxStreams?: number;
  /** Lines a node may hold (a basket's); default DEFAULT_NODE_LIMITS (src/limits.ts). */
  nodeLimits?: readonly NodeLimit[];
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
/**
 * A shopper's page opens a few streams (its basket, its session); ten leaves room for several tabs.
 * Uids alone are no guard in demo mode (anyone can mint a token for any uid), hence the per-client
 * and overall limits next to it.
 */
export const DEFAULT_MAX_STREAMS_PER_USER = 10;
/** Every stream is a socket and a listener re-checked on every related write. */
export const DEFAULT_MAX_STREAMS = 500;
/**
 * A shopper's write: a basket of 50 lines is about 5 KB; an 11,000-line basket (0.99 MiB) stalled
 * the server. Refused before it is parsed or any rule is evaluated (decision 1404).
 */
export const DEFAULT_USER_BODY_LIMIT = 256 * 1024;

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
  /** The admin's largest body (functions, tools), and everyone else's. */
  bodyLimit: number;
  userBodyLimit: number;
  keepAliveMs: number;
  maxUpdateLocations: number;
  maxStreamsPerClient: number;
  maxStreamsPerUser: number;
  maxStreams: number;
  nodeLimits: readonly NodeLimit[];
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
    port: options.port ?? Number(process.env.SHOP_DB_PORT ?? apps.backend.databasePort),
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
    userBodyLimit: options.userBodyLimitBytes ?? DEFAULT_USER_BODY_LIMIT,
    keepAliveMs: options.keepAliveMs ?? 30_000,
    maxUpdateLocations: options.maxUpdateLocations ?? DEFAULT_MAX_UPDATE_LOCATIONS,
    maxStreamsPerClient: options.maxStreamsPerClient ?? DEFAULT_MAX_STREAMS_PER_CLIENT,
    maxStreamsPerUser: options.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER,
    maxStreams: options.maxStreams ?? DEFAULT_MAX_STREAMS,
    nodeLimits: options.nodeLimits ?? DEFAULT_NODE_LIMITS,
    log: options.log ?? true,
  };
}
