// The catalog's query service over HTTP (decision 3601): public, read-only, the same answers for
// the shell server's loaders and the browser's. Every request's work is bounded before it starts
// (a capped search, a capped page), and answers are kept per catalog version, so a page asked
// again costs a map lookup until the catalog changes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import {
  COMPLETE_THE_LOOK_PATH,
  readCompleteTheLookQuery,
} from '@shop/shared/catalog/completeTheLook';
import { parseProductQuery } from '../../src/browse/productQuery';
import { MARKETS, ROOT_MARKET, marketById } from '@shop/shared/markets/markets';
import {
  DEFAULT_PER_PAGE,
  MARKET_PARAM,
  MAX_PAGE,
  PAGE_PARAMS,
  PER_PAGE_CHOICES,
  pageNumber,
  pageSize,
  searchRefusal,
} from '../../src/catalog/catalogQuery';
import type { CatalogIndex, MarketCatalog } from './catalogIndex';
import { CatalogMarkets } from './catalogMarkets';

/** Products in each of the home page's sets, and beside a product. */
const HOME_COUNT = 8;
const RELATED_MAX = 12;
const RELATED_DEFAULT = 4;
/** Answers kept per catalog version (then the oldest go). */
const ANSWERS_KEPT = 2_000;
/** The longest address the service reads: anything longer is refused before parsing. */
const MAX_URL_LENGTH = 2_048;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Answer {
  body: string;
  gzip: Buffer | null;
  etag: string;
}

export interface CatalogServiceOptions {
  /**
   * Every market (`CatalogMarkets.of()`, decision 5101: one index they share), or the root market's
   * index alone (then only the root market is served).
   */
  index: CatalogIndex | CatalogMarkets;
  /** False until the first snapshot is indexed: queries then answer 503 with Retry-After. */
  isReady: () => boolean;
}

/** Reads `page`/`per`: a malformed or out-of-bounds value is refused, never guessed. */
function paging(params: URLSearchParams): { page: number; perPage: number } {
  const pageText = params.get(PAGE_PARAMS.page);
  const perText = params.get(PAGE_PARAMS.perPage);
  const page = pageText === null ? 1 : pageNumber(pageText);
  if (page === null) throw new Refusal(400, `page must be a whole number from 1 to ${MAX_PAGE}`);
  const perPage = perText === null ? DEFAULT_PER_PAGE : pageSize(perText);
  if (perPage === null) {
    throw new Refusal(400, `per must be one of ${PER_PAGE_CHOICES.join(', ')}`);
  }
  return { page, perPage };
}

function listing(index: MarketCatalog, params: URLSearchParams): string {
  const refusal = searchRefusal(params.get('q') ?? '');
  if (refusal !== null) throw new Refusal(400, refusal);
  const { page, perPage } = paging(params);
  const query = parseProductQuery(params);
  const found = index.list(query, (page - 1) * perPage, perPage);
  const head = {
    total: found.total,
    page,
    perPage,
    pageCount: Math.ceil(found.total / perPage),
    facets: found.facets,
    ...(found.correctedSearch === undefined ? {} : { correctedSearch: found.correctedSearch }),
  };
  // The products are spliced in as the JSON the index keeps: no parse or copy per request.
  return `${JSON.stringify(head).slice(0, -1)},"products":[${found.products.join(',')}]}`;
}

function home(index: MarketCatalog): string {
  const sets = index.home(HOME_COUNT);
  return (
    `{"newArrivals":[${sets.newArrivals.join(',')}],"featured":[${sets.featured.join(',')}],` +
    `"collections":${JSON.stringify(sets.collections)}}`
  );
}

function related(index: MarketCatalog, id: string, params: URLSearchParams): string {
  const limitText = params.get('limit');
  const limit = limitText === null ? RELATED_DEFAULT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > RELATED_MAX) {
    throw new Refusal(400, `limit must be a whole number from 1 to ${RELATED_MAX}`);
  }
  const found = index.related(id, limit);
  if (found === null) throw new Refusal(404, 'No product with that id');
  return `{"products":[${found.join(',')}]}`;
}

/** "Complete the look": related to any of a basket's products (contract in @shop/shared). */
function completeTheLook(index: MarketCatalog, params: URLSearchParams): string {
  const query = readCompleteTheLookQuery(params);
  if ('refusal' in query) throw new Refusal(400, query.refusal);
  return `{"products":[${index.relatedToAll(query.ids, query.limit).join(',')}]}`;
}

/** The answer's text for a path and its parameters (a Refusal for a request it won't serve). */
function answerFor(index: MarketCatalog, path: string, params: URLSearchParams): string {
  if (path === '/v1/products') return listing(index, params);
  if (path === '/v1/home') return home(index);
  if (path === COMPLETE_THE_LOOK_PATH) return completeTheLook(index, params);
  const relatedPath = /^\/v1\/products\/([^/]{1,200})\/related$/.exec(path);
  if (relatedPath) {
    let id: string;
    try {
      id = decodeURIComponent(relatedPath[1]!);
    } catch {
      throw new Refusal(404, 'No product with that id');
    }
    return related(index, id, params);
  }
  throw new Refusal(404, 'Not found');
}

/** The same request always has the same key: its path and its parameters, sorted. */
function keyOf(path: string, params: URLSearchParams): string {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return `${path}?${sorted.toString()}`;
}

const COMMON_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};
/** Tells this process's answers from an earlier one's, whose versions counted from 0 too. */
const BOOT = Date.now().toString(36);
/** Shared caches may keep an answer for 2 s and serve it stale while they ask again. */
const CACHE_CONTROL = 'public, max-age=2, s-maxage=2, stale-while-revalidate=10';

/** Answers 'application/json', never kept by caches unless `extra` says otherwise. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The request's address when it is one the service reads; else it is answered here, and null. */
function admittedUrl(req: IncomingMessage, res: ServerResponse): URL | null {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...COMMON_HEADERS, 'Access-Control-Allow-Methods': 'GET, HEAD' });
    res.end();
    return null;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, 405, JSON.stringify({ error: 'Only GET is served' }), { Allow: 'GET, HEAD' });
    return null;
  }
  const rawUrl = req.url ?? '/';
  if (rawUrl.length > MAX_URL_LENGTH) {
    send(req, res, 414, JSON.stringify({ error: 'Address too long' }));
    return null;
  }
  return new URL(rawUrl, 'http://catalog.invalid');
}

/** The answers kept for the index's current version: a map lookup for a request asked before. */
export function answerCache(index: MarketCatalog) {
  const answers = new Map<string, Answer>();
  let answersVersion = index.version;
  /** The answer to a request (a Refusal for one the service won't serve). */
  return (path: string, params: URLSearchParams): Answer => {
    if (answersVersion !== index.version) {
      answers.clear();
      answersVersion = index.version;
    }
    const key = keyOf(path, params);
    let answer = answers.get(key);
    if (!answer) {
      const body = answerFor(index, path, params);
      answer = {
        body,
        gzip: body.length > 1_024 ? gzipSync(body, { level: 6 }) : null,
        etag: `"${BOOT}-${index.version.toString(36)}"`,
      };
      if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** A kept answer: "not modified" for its ETag, gzip when it has one and the client takes it. */
function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = {
    'Cache-Control': CACHE_CONTROL,
    ETag: answer.etag,
    Vary: 'Accept-Encoding',
  };
  if (req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, { ...COMMON_HEADERS, ...headers });
    res.end();
    return;
  }
  const gzip = answer.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) {
    res.writeHead(200, {
      ...COMMON_HEADERS,
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Encoding': 'gzip',
    });
    res.end(req.method === 'HEAD' ? undefined : answer.gzip);
    return;
  }
  send(req, res, 200, answer.body, headers);
}

/**
 * The market a request asks for (`market`, the root market's when absent) and its parameters
 * without it: a refusal names the markets served when it is not one of them.
 */
function marketOf(
  markets: CatalogMarkets,
  params: URLSearchParams,
): { id: string; params: URLSearchParams } {
  const asked = params.get(MARKET_PARAM);
  if (asked === null) return { id: ROOT_MARKET.id, params };
  const served = markets.served;
  if (!marketById(asked) || !served.includes(asked)) {
    const known = marketById(asked) ? 'not served here' : 'unknown';
    throw new Refusal(
      400,
      `market ${JSON.stringify(asked.slice(0, 20))} is ${known}: market must be one of ${served.join(', ')}`,
    );
  }
  const rest = new URLSearchParams(params);
  rest.delete(MARKET_PARAM);
  return { id: asked, params: rest };
}

export function createCatalogHandler({ index, isReady }: CatalogServiceOptions) {
  const markets = index instanceof CatalogMarkets ? index : CatalogMarkets.only(index);
  // One kept set of answers per market (each answers in its currency and language).
  const answerers = new Map(
    MARKETS.flatMap((market) => {
      const marketIndex = markets.index(market.id);
      return marketIndex ? [[market.id, answerCache(marketIndex)] as const] : [];
    }),
  );
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = admittedUrl(req, res);
    if (!url) return;
    if (url.pathname === '/v1/health') {
      send(
        req,
        res,
        isReady() ? 200 : 503,
        JSON.stringify({
          ready: isReady(),
          // Another language's search, built after the service is ready (decision 5101).
          searchesBuilt: markets.searchesBuilt,
          products: markets.size,
          version: markets.root.version,
        }),
      );
      return;
    }
    if (!isReady()) {
      send(req, res, 503, JSON.stringify({ error: 'The catalog is being indexed' }), {
        'Retry-After': '1',
      });
      return;
    }
    let asked: { id: string; params: URLSearchParams };
    try {
      asked = marketOf(markets, url.searchParams);
    } catch (error) {
      refuse(req, res, error);
      return;
    }
    const answer = () => {
      try {
        sendAnswer(req, res, answerers.get(asked.id)!(url.pathname, asked.params));
      } catch (error) {
        refuse(req, res, error);
      }
    };
    const waiting = searchesBefore(markets, asked.id, url.pathname, asked.params);
    if (!waiting) {
      answer();
      return;
    }
    // A search in a language whose index is being built (decision 5101): answered once it is,
    // the other requests answered meanwhile.
    waiting.then(answer).catch((error: unknown) => failed(res, error));
  };
}

/** A Refusal's status and reason; any other error is thrown on. */
function refuse(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (!(error instanceof Refusal)) throw error;
  send(req, res, error.status, JSON.stringify({ error: error.message }));
}

/**
 * What a listing request must wait for before it is answered: its market's search, when it
 * searches (a search the service will answer) and that search is not built yet; else null.
 */
function searchesBefore(
  markets: CatalogMarkets,
  id: string,
  path: string,
  params: URLSearchParams,
): Promise<void> | null {
  const text = params.get('q') ?? '';
  if (path !== '/v1/products' || text.trim() === '' || searchRefusal(text) !== null) return null;
  return markets.whenSearchable(id);
}

/** An answer that failed: 500, logged. */
function failed(res: ServerResponse, error: unknown): void {
  console.error('[catalog-service]', error);
  if (!res.headersSent) {
    res.writeHead(500, { ...COMMON_HEADERS, 'Content-Type': 'application/json' });
  }
  res.end(JSON.stringify({ error: 'The catalog could not answer' }));
}

export function createCatalogServer(options: CatalogServiceOptions): Server {
  const handler = createCatalogHandler(options);
  return createServer((req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      failed(res, error);
    }
  });
}
