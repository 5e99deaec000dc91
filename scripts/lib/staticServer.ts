// A small production static server for one app's `dist/`: the headers of the app's Hosting site
// in firebase.json (security, CORS, cache: scripts/lib/hosting.ts), compression, and SPA fallback
// for client routes.
import { type Stats, createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { HeadersFor } from './hosting';

/** A path's stat, or null when there is nothing there (or it cannot be read). */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);
/**
 * Brotli as a CDN compresses on the fly: quality 6. Quality 9 took 2.8 s for the account
 * remote's 32 scripts against 0.09 s, for 0.6 % fewer bytes, and each first answer of a
 * just-started server held every other request up: a cold page's files came 300-400 ms each.
 */
const BROTLI_ON_THE_FLY = { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 };

interface Compressed {
  mtimeMs: number;
  br: Buffer;
  gzip: Buffer;
}

export interface StaticServerOptions {
  root: string;
  port: number;
  /** The headers for a path: the app's Hosting site's (`headersOf(hostingSite(app))`). */
  headers: HeadersFor;
  host?: string;
  /** The app's page in `root` (`appPage(app)`); index.html unless named. */
  page?: string;
  /** Serve the app's page for unknown paths without an extension (client-side routes). */
  spaFallback?: boolean;
  /** Other directories served under a URL prefix, e.g. `{ '/images': '…/shell/public/images' }`. */
  mounts?: Record<string, string>;
  /**
   * Renders a page (a path the SPA fallback would answer with the app's page): the shell
   * server's handler (decision 1302), where Hosting would rewrite to it. As on Hosting, the
   * site's headers replace the handler's own where both name one.
   */
  pages?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export function startStaticServer(options: StaticServerOptions): Promise<Server> {
  const root = resolve(options.root);
  /** The app's page: the answer to client routes (SPA fallback). */
  const indexFile = join(root, options.page ?? 'index.html');
  const compressedCache = new Map<string, Compressed>();

  const mounts = Object.entries(options.mounts ?? {}).map(
    ([prefix, dir]) => [prefix.replace(/\/+$/, ''), resolve(dir)] as const,
  );

  /** The file an address names, with its stat when the lookup read it (the fallback's is not). */
  function resolveFile(urlPath: string): { path: string; info?: Stats } | null {
    const fallback = (path: string) =>
      options.spaFallback && !extname(path) ? { path: indexFile } : null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      // A malformed escape (`/products/%`) names no file, but may be a mistyped client route:
      // the shell's page then shows the shop's 404 rather than our plain one.
      return fallback(urlPath);
    }
    const mount = mounts.find(([prefix]) => decoded.startsWith(`${prefix}/`));
    const base = mount ? mount[1] : root;
    const candidate = normalize(join(base, mount ? decoded.slice(mount[0].length) : decoded));
    if (candidate !== base && !candidate.startsWith(base + sep)) return null;
    // Looked up synchronously: a stat of a local file takes microseconds, and every page address
    // is looked up first (Hosting serves a file before its rewrite); the thread pool's round trip
    // cost a rendered page 3 % of its time.
    const info = statOrNull(candidate);
    if (info?.isFile()) return { path: candidate, info };
    if (info?.isDirectory()) {
      const index = join(candidate, 'index.html');
      const indexInfo = statOrNull(index);
      if (indexInfo?.isFile()) return { path: index, info: indexInfo };
    }
    return fallback(decoded);
  }

  function notFound(res: ServerResponse): void {
    res.writeHead(404, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    res.end('Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // As Hosting would: on every answer, pages and errors included.
    const hosting = options.headers(url.pathname);
    for (const [key, value] of Object.entries(hosting)) res.setHeader(key, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      res.end();
      return;
    }
    const found = resolveFile(url.pathname);
    if (options.pages && found?.path === indexFile && req.method === 'GET') {
      keepSiteHeaders(res, hosting);
      await options.pages(req, res);
      return;
    }
    // Read once: the lookup's stat, or the fallback page's now.
    const info = found && (found.info ?? statOrNull(found.path));
    if (!found || !info) {
      notFound(res);
      return;
    }
    const file = found.path;
    const ext = extname(file).toLowerCase();
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      // A client route answered with index.html is an HTML page: revalidated.
      'Cache-Control': file === indexFile ? 'no-cache' : (hosting['Cache-Control'] ?? 'no-cache'),
      'Last-Modified': info.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.has(ext) && info.size > 512 && /\b(br|gzip)\b/.test(accept)) {
      let entry = compressedCache.get(file);
      if (!entry || entry.mtimeMs !== info.mtimeMs) {
        const raw = await readFile(file);
        entry = {
          mtimeMs: info.mtimeMs,
          br: brotliCompressSync(raw, { params: BROTLI_ON_THE_FLY }),
          gzip: gzipSync(raw, { level: 9 }),
        };
        compressedCache.set(file, entry);
      }
      const useBr = /\bbr\b/.test(accept);
      const body = useBr ? entry.br : entry.gzip;
      res.writeHead(200, {
        ...headers,
        'Content-Encoding': useBr ? 'br' : 'gzip',
        'Content-Length': String(body.length),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(info.size) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[static] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolveServer(server));
  });
}

/**
 * Hosting adds the site's headers to what a rewrite's server answers, and where both name a
 * header the site's value is sent (seen with the Hosting emulator, firebase-tools 15.34): the
 * handler's value of such a header is dropped, as it would be there.
 */
function keepSiteHeaders(res: ServerResponse, site: Record<string, string>) {
  const named = new Set(Object.keys(site).map((key) => key.toLowerCase()));
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const arg of args) {
      if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) continue;
      const headers = arg as Record<string, unknown>;
      for (const key of Object.keys(headers)) {
        if (named.has(key.toLowerCase())) delete headers[key];
      }
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
