// The shell server (decision 1302): a plain Node request handler for the storefront's pages. It
// reads the remote list and the remotes' route lists at run time, renders the page's routes on the
// server with the remotes' server containers, and answers the HTML. Static files are not its job
// (Hosting, or our static server locally, serves them and asks it for pages).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Market, marketOfPath, shopContext } from '@shop/shared';
import { linkAddresses } from '@shop/shared/routes/links';
import { createStaticHandler, type StaticHandler } from 'react-router-dom';
import routerPackage from 'react-router-dom/package.json';
import sharedPackage from '../../../shared/package.json';
import { storefrontRoutes } from '../routes';
import { RELEASES_ATTRIBUTE } from '../remotes/releases';
import { chooseReleases, heldReleases, releaseHeaders } from '../remotes/canary';
import { type RenderOptions, type TemplateCut, cutTemplate, renderPage } from './renderPage';
import { PUBLIC_READ_TTL_MS, keepPublicReads } from './publicReads';
import { type Composition, createServerRemotes } from './remotesOnServer';
import { PAGE_TEMPLATE, createStyleReader, serverTemplate } from './serverTemplate';
import {
  backendOrigins,
  BASELINE_POLICY,
  contentSecurityPolicy,
  inlineScriptHashes,
  isDeployedBuild,
} from './contentSecurityPolicy';
import { publicOrigin } from './publicOrigin';
import { RenderCache, cachedPage, type CachedPage, type Rendered } from './renderCache';
import {
  MANIFESTS_KEPT_MS,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  RENDER_CACHE_TTL_MS,
} from './cacheRules';

const READS_KEPT_MS = PUBLIC_READ_TTL_MS / 2;

const nodeRequire = createRequire(__filename);
const versionOf = (name: string) =>
  (nodeRequire(`${name}/package.json`) as { version: string }).version;

export interface PageHandlerOptions {
  /** The shell's browser build (its page template, remotes.json). */
  distDir: string;
  /**
   * Public origin of the pages (canonical, Open Graph, JSON-LD addresses); default:
   * `publicOrigin()` (SHOP_PUBLIC_ORIGIN). Never a request's Host or forwarded headers.
   */
  origin?: string;
  /** How long public reads (catalog, collections) are reused, in ms; 0 reads every time. */
  publicReadTtlMs?: number;
  /** How long rendered public pages are served from memory, in ms; 0 renders every page. */
  renderCacheTtlMs?: number;
}

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  // Loaders read public data through their request's context (decision 5504): this handler's
  // kept public reads.
  const readPublic = keepPublicReads((input, init) => fetch(input, init), {
    ttlMs: options.publicReadTtlMs ?? READS_KEPT_MS,
  });
  const remotes = createServerRemotes({
    remotesFile: join(options.distDir, 'remotes.json'),
    ttlMs: MANIFESTS_KEPT_MS,
    sharedVersions: {
      react: versionOf('react'),
      'react-dom': versionOf('react-dom'),
      // Bundled (decision 3703): the version built in, not one installed beside the server.
      'react-router-dom': routerPackage.version,
      '@shop/shared': sharedPackage.version,
    },
  });
  const readStyle = createStyleReader(options.distDir);
  /** The template for rendered pages (read once; see serverTemplate). */
  let template: Promise<string> | null = null;
  const routesOf = compositionRoutes();
  const renderCache = new RenderCache({
    ttlMs: options.renderCacheTtlMs ?? RENDER_CACHE_TTL_MS,
    onRefreshError: (key, error) => console.error(`[shell-server] refresh of ${key} failed`, error),
  });
  const deployed = isDeployedBuild();
  const origin = options.origin ?? publicOrigin();

  async function handlePage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(pagePath(req.url), origin);
    try {
      template ??= readFile(join(options.distDir, PAGE_TEMPLATE), 'utf8').then((html) =>
        serverTemplate(html, readStyle),
      );
      const latest = await remotes.current();
      // A shopper stays on one release of each remote with a canary (decision 4901).
      const choice = chooseReleases(latest.pointers, heldReleases(req.headers.cookie));
      const current = choice.onCanary.length > 0 ? latest.variant(choice.onCanary) : latest;
      const composed = routesOf(current, await template);
      // The market is in the address (decision 5101): its prefix is the router's basename.
      const market = marketOfPath(url.pathname);
      // The request's own context (decision 5504): its reads, its composition's links, its market.
      const shop = shopContext({ fetchPublic: readPublic, links: composed.links, market });
      const render = (): Promise<Rendered> =>
        renderAnswer(
          pageRequest(url, req),
          current,
          {
            handler: composed.handlerFor(market),
            template: composed.templateFor(market),
            shop,
            rendered: current.rendered,
            stylesOf: current.stylesOf,
            readStyle,
          },
          deployed,
        );
      // One render per address and deploy while it is fresh: the remotes' version is in the key.
      const result = await renderCache.page(`${current.version} ${url.href}`, render);
      if (result.kind === 'response') {
        res.writeHead(result.response.status, Object.fromEntries(result.response.headers));
        res.end();
        return;
      }
      const release = releaseHeaders(latest.pointers, req.headers.cookie, choice.cookie, deployed);
      sendPage(req, res, result.page, {
        shared: result.shared && release.shared,
        extra: release.headers,
        timing: result.hit
          ? `cache;desc=hit;dur=${(performance.now() - started).toFixed(1)}`
          : `render;dur=${(performance.now() - started).toFixed(1)}`,
      });
    } catch (error) {
      await sendUnrendered(res, options.distDir, error);
    }
  }

  return handlePage;
}

/**
 * Compositions whose routes are kept built: the current releases and, while canaries run, their
 * variants (decision 4901); shoppers of each come in turn, and a rebuild per request would cost.
 */
const COMPOSITIONS_KEPT = 4;

/**
 * The static handler of a composition, built again when the remotes' version changes (a deploy).
 * Its routes read that composition's own route lists and load its releases' code: a render still
 * under way when a deploy changes them keeps those it started with.
 */
function compositionRoutes(): (current: Composition, template: string) => ComposedRoutes {
  const built = new Map<string, ComposedRoutes>();
  return (current, template) => {
    let routes = built.get(current.version);
    if (!routes || routes.from !== template) {
      const state = { routeLists: current.routeLists, missing: current.missing };
      const tree = storefrontRoutes(current.routeLists, () => state, current.modules);
      const cut = cutTemplate(templateWithReleases(template, current.releases));
      routes = {
        handlerFor: perMarket((market) =>
          createStaticHandler(tree, { basename: market.pathPrefix || '/' }),
        ),
        links: linkAddresses(current.routeLists),
        templateFor: perMarket((market) => ({ ...cut, head: templateInMarket(cut.head, market) })),
        from: template,
      };
      // The oldest first out: a deploy leaves its compositions behind.
      if (built.size >= COMPOSITIONS_KEPT) built.delete(built.keys().next().value as string);
    }
    // Most recently used last.
    built.delete(current.version);
    built.set(current.version, routes);
    return routes;
  };
}

/**
 * The template of a composition's pages: it records the releases the page is composed with
 * (decision 4901), which the browser then loads. Worked out once per composition.
 */
export function templateWithReleases(template: string, releases: string): string {
  if (!releases) return template;
  return template.replace(/<html([^>]*)>/, `<html$1 ${RELEASES_ATTRIBUTE}="${releases}">`);
}

/** What a composition has once per market, made when a page of that market is first asked for. */
function perMarket<T>(make: (market: Market) => T): (market: Market) => T {
  const made = new Map<string, T>();
  return (market) => {
    let value = made.get(market.id);
    if (value === undefined) {
      value = make(market);
      made.set(market.id, value);
    }
    return value;
  };
}

/**
 * The page template's beginning for a market's pages (decision 5101): its language on `<html>`
 * and, outside the root market, its address prefix (`data-base`), which the page's early script
 * reads before any other code. The texts of the page's language (the build names their scripts
 * per language, `data-texts-de`) load with its first scripts, not once the bootstrap asks.
 */
export function templateInMarket(head: string, market: Market): string {
  return head.replace(/<html([^>]*)>/, (_, attributes: string) => {
    const texts = new RegExp(`\\sdata-texts-${market.language}="([^"]*)"`).exec(attributes)?.[1];
    const others = attributes
      .replace(/\s(?:lang|data-base|data-texts-[a-z]{2})=(?:"[^"]*"|[^\s>]*)/g, '')
      .replace(/\sdata-scripts="([^"]*)"/, (scripts: string) =>
        texts ? `${scripts.slice(0, -1)} ${texts}"` : scripts,
      );
    const base = market.pathPrefix ? ` data-base="${market.pathPrefix}"` : '';
    return `<html lang="${market.locale}"${base}${others}>`;
  });
}

/**
 * A composition's routes (a static handler per market: its prefix is the basename), its links by
 * role (CONTRACT §9) and its page template, cut, per market.
 */
interface ComposedRoutes {
  handlerFor: (market: Market) => StaticHandler;
  links: ReadonlyMap<string, string>;
  templateFor: (market: Market) => TemplateCut;
  /** The template it was cut from (the server reads it once; a test may give another). */
  from: string;
}

/** The request the page's loaders see: a GET of its address, with what the browser accepts. */
function pageRequest(url: URL, req: IncomingMessage): Request {
  return new Request(url, {
    method: 'GET',
    headers: { accept: String(req.headers.accept ?? 'text/html') },
  });
}

/** A page rendered, with its security policy (its inline scripts' hashes), or a loader's answer. */
async function renderAnswer(
  request: Request,
  current: Composition,
  renderOptions: RenderOptions,
  deployed: boolean,
): Promise<Rendered> {
  const answer = await renderPage(request, renderOptions);
  if (answer.kind === 'response') return answer;
  const policy = contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(answer.html, answer.sharedLength),
    remoteOrigins: current.origins,
    overrideOrigins: current.overrideOrigins,
    backendOrigins: backendOrigins(),
    deployed,
  });
  return {
    kind: 'page',
    page: cachedPage(answer.status, answer.html, policy, Date.now(), answer.sharedLength),
    shared: answer.public,
  };
}

/**
 * A render that failed: the page still works, the browser renders it, as without a server (the
 * template as built: the page is not marked as rendered here, its scripts load at once).
 */
async function sendUnrendered(res: ServerResponse, distDir: string, error: unknown): Promise<void> {
  console.error('[shell-server] render failed', error);
  const page = await readFile(join(distDir, PAGE_TEMPLATE), 'utf8').catch(() => null);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(page === null ? 503 : 200, {
    'Content-Type': page === null ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
    'Cache-Control': PRIVATE_CACHE_CONTROL,
    // The template's own inline script is not hashed here: the baseline, no script rule.
    'Content-Security-Policy': BASELINE_POLICY,
  });
  res.end(page ?? 'The shop is unavailable for a moment. Please try again.');
}

type Headers = Record<string, string>;

/** A page's answer: a 304 to a browser that has it, else its bytes in the encoding asked for. */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  { shared, timing, extra = {} }: { shared: boolean; timing: string; extra?: Headers },
): void {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
    'Content-Security-Policy': page.policy,
    'Server-Timing': timing,
    Vary: 'Accept-Encoding',
    ...extra,
  };
  if (shared) headers.ETag = page.etag;
  if (shared && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = pageEncoding(req.headers['accept-encoding'], page.isEncoded('br'));
  if (!encoding) {
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : page.html);
    return;
  }
  const body = page.encoded(encoding);
  res.writeHead(page.status, { ...headers, 'Content-Encoding': encoding });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The path and query of a request as a page address: repeated slashes are one, so `//other.host/x`
 * can never be read as another origin (decision 3701); what is not a path starts at the root.
 */
export function pagePath(raw: string | undefined): string {
  const path = (raw ?? '/').replace(/^[^?]*/, (part) =>
    part.replace(/\\/g, '/').replace(/\/{2,}/g, '/'),
  );
  return path.startsWith('/') ? path : `/${path}`;
}

/** The compression a page goes out in: brotli when taken and made, else gzip, else none. */
export function pageEncoding(
  accept: string | string[] | undefined,
  /**
   * Whether the page's brotli is made. Brotli is the smaller, but a page compressed for its own
   * answer takes it ten times longer than our gzip (decision 3702): until a kept page has it made,
   * a browser that takes gzip gets gzip.
   */
  brotliMade = true,
): 'br' | 'gzip' | null {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  const brotli = /\bbr\b/.test(value);
  const gzip = /\bgzip\b/.test(value);
  if (brotli && (brotliMade || !gzip)) return 'br';
  return gzip ? 'gzip' : null;
}
