// The shell server (issue 13, decision 1302): a plain Node request handler for the storefront's
// pages. It reads the remote list and the remotes' route lists at run time, renders the page's
// routes on the server with the remotes' server containers, and answers the HTML. Static files
// are not its job (Hosting, or our static server locally, serves them and asks it for pages).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setDatabaseFetch } from '@shop/shared';
import { createStaticHandler, type StaticHandler } from 'react-router-dom';
import sharedPackage from '../../../shared/package.json';
import { setServerRouteLists } from '../remotes/registry';
import { storefrontRoutes } from '../routes';
import { renderPage } from './renderPage';
import { PUBLIC_READ_TTL_MS, keepPublicReads } from './publicReads';
import { createServerRemotes } from './remotesOnServer';
import { PAGE_TEMPLATE, createStyleReader, serverTemplate } from './serverTemplate';
import {
  backendOrigins,
  BASELINE_POLICY,
  contentSecurityPolicy,
  newNonce,
  withNonce,
} from './contentSecurityPolicy';

const nodeRequire = createRequire(__filename);
const versionOf = (name: string) =>
  (nodeRequire(`${name}/package.json`) as { version: string }).version;

export interface PageHandlerOptions {
  /** The shell's browser build (its page template, remotes.json). */
  distDir: string;
  /** Public origin of the pages (the canonical addresses); default: the request's Host. */
  origin?: string;
  /**
   * Behind Firebase Hosting (a rewrite to the function): the site's own address arrives in
   * X-Forwarded-Host and X-Forwarded-Proto, the Host header names the function.
   */
  behindHosting?: boolean;
  /** How long public reads (catalog, collections) are reused, in ms; 0 reads every time. */
  publicReadTtlMs?: number;
}

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  // Loaders read the database with the shared fetch helper; on the server it keeps public reads.
  setDatabaseFetch(
    keepPublicReads((input, init) => fetch(input, init), {
      ttlMs: options.publicReadTtlMs ?? PUBLIC_READ_TTL_MS,
    }),
  );
  const remotes = createServerRemotes({
    remotesFile: join(options.distDir, 'remotes.json'),
    sharedVersions: {
      react: versionOf('react'),
      'react-dom': versionOf('react-dom'),
      'react-router-dom': versionOf('react-router-dom'),
      '@shop/shared': sharedPackage.version,
    },
  });
  const readStyle = createStyleReader(options.distDir);
  /** The template for rendered pages (read once; see serverTemplate). */
  let template: Promise<string> | null = null;
  let handler: { version: string; handler: StaticHandler } | null = null;

  return async function handlePage(req, res) {
    const started = performance.now();
    const origin = options.origin ?? requestOrigin(req, options.behindHosting ?? false);
    const request = new Request(new URL(req.url ?? '/', origin), {
      method: 'GET',
      headers: { accept: String(req.headers.accept ?? 'text/html') },
    });
    try {
      template ??= readFile(join(options.distDir, PAGE_TEMPLATE), 'utf8').then((html) =>
        serverTemplate(html, readStyle),
      );
      const current = await remotes.current();
      if (handler?.version !== current.version) {
        setServerRouteLists(current.routeLists, current.missing);
        handler = {
          version: current.version,
          handler: createStaticHandler(storefrontRoutes(current.routeLists)),
        };
      }
      const nonce = newNonce();
      const answer = await renderPage(request, {
        handler: handler.handler,
        template: await template,
        rendered: current.rendered,
        stylesOf: current.stylesOf,
        readStyle,
        nonce,
      });
      if (answer.kind === 'response') {
        res.writeHead(answer.response.status, Object.fromEntries(answer.response.headers));
        res.end();
        return;
      }
      const encoding = pageEncoding(req.headers['accept-encoding']);
      res.writeHead(answer.status, {
        'Content-Type': 'text/html; charset=utf-8',
        // Pages are rendered per request (public data only); the CDN may not keep them.
        'Cache-Control': 'no-cache',
        'Server-Timing': `render;dur=${(performance.now() - started).toFixed(1)}`,
        'Content-Security-Policy': contentSecurityPolicy({
          nonce,
          remoteOrigins: current.origins,
          overrideOrigins: current.overrideOrigins,
          backendOrigins: backendOrigins(),
        }),
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      });
      const out = compressed(res, encoding);
      if (answer.kind === 'html') {
        out.end(withNonce(answer.html, nonce));
        return;
      }
      // The head goes out first: the browser fetches styles and scripts while the body streams.
      out.write(withNonce(answer.before, nonce));
      const body = new PassThrough();
      body.pipe(out, { end: false });
      body.on('end', () => out.end(withNonce(answer.after, nonce)));
      answer.pipe(body);
    } catch (error) {
      // The page still works: the browser renders it, as without a server.
      console.error('[shell-server] render failed', error);
      // (The template as built: the page is not marked as rendered here, its scripts load at once.)
      const page = await readFile(join(options.distDir, PAGE_TEMPLATE), 'utf8').catch(() => null);
      if (res.headersSent) {
        res.end();
        return;
      }
      res.writeHead(page === null ? 503 : 200, {
        'Content-Type': page === null ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        // The template's own inline script carries no nonce: the baseline, as before pages had one.
        'Content-Security-Policy': BASELINE_POLICY,
      });
      res.end(page ?? 'The shop is unavailable for a moment. Please try again.');
    }
  };
}

/** The address the shopper asked for: the site's (behind Hosting) or this server's. */
export function requestOrigin(req: IncomingMessage, behindHosting: boolean): string {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  const host = (behindHosting && first(req.headers['x-forwarded-host'])) || req.headers.host;
  // A Host header that is not a host (a malformed request) gets the default address.
  const safeHost = host && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? host : 'localhost';
  // Hosting serves https only; the Hosting emulator serves a loopback address over http and
  // names no protocol.
  const loopback = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(safeHost);
  const proto = behindHosting
    ? (first(req.headers['x-forwarded-proto']) ?? (loopback ? 'http' : 'https'))
    : 'http';
  return `${proto === 'https' ? 'https' : 'http'}://${safeHost}`;
}

/** The compression the browser accepts for a page: brotli, else gzip, else none. */
export function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return null;
}

/**
 * The response, compressed: each part React hands over is flushed at once, so a streamed page
 * still arrives in parts (the head first). A quick brotli level: a page is compressed per request.
 */
function compressed(res: ServerResponse, encoding: 'br' | 'gzip' | null): Writable {
  if (!encoding) return res;
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: zlib.BROTLI_OPERATION_FLUSH,
          params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
        })
      : createGzip({ flush: zlib.Z_SYNC_FLUSH });
  compressor.pipe(res);
  return compressor;
}
