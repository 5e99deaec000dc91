// One page rendered on the server (decision 1302): the storefront's routes (the same ones the
// browser builds from the same route lists), the loaders run by React Router's static handler,
// the markup and the loader data (for hydration) put into the shell's own index.html, with the
// page's title, description, canonical address and Open Graph / Twitter tags in its head.
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  MARKETS,
  ROOT_MARKET,
  ShopContextProvider,
  pathInMarket,
  pathOutOfMarket,
  routerContextFor,
  sharedMessages,
  type Language,
  type ShopContext,
} from '@shop/shared';
import {
  StaticRouterProvider,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandler,
  type UIMatch,
} from 'react-router-dom';
import { SHOP_NAME, headField, pageDescription, pageTitle } from '../layout/usePageTitle';
import { messages } from '../messages';
import { RemoteUnavailableError } from '../remotes/loadRemoteModule';
import type { RemoteName } from '../remotes/remoteNames';
import { type StyleReader, escapeHtml, styleTags } from './serverTemplate';

export type PageAnswer =
  /**
   * The rendered page, whole (decision 3701: its inline scripts are hashed into its policy, so it
   * is sent as one string). `public`: every route of it renders here with public data only, so
   * the same bytes serve every shopper (shared caches, the server's render cache).
   */
  | {
      kind: 'html';
      status: number;
      html: string;
      /**
       * How long the beginning of `html` is that many pages share (the template's head and the
       * stylesheets): it is compressed once (pageBeginning's `pageGzip`).
       */
      sharedLength: number;
      public: boolean;
    }
  /** A redirect (or another response) from a loader. */
  | { kind: 'response'; response: Response };

export interface RenderOptions {
  handler: StaticHandler;
  /** The shell's built index.html, cut where the page's parts go (`cutTemplate`). */
  template: TemplateCut;
  /** The request's context (decision 5504): its loaders' and components' reads and links. */
  shop: ShopContext;
  /** Remotes whose pages the server renders (the others render in the browser). */
  rendered: ReadonlySet<RemoteName>;
  /** The stylesheets a remote's exposed page needs at once (absolute URLs). */
  stylesOf?: (remote: RemoteName, exposed: string) => readonly string[];
  /** Their text, to write them inline (without it, or when a sheet cannot be read, linked). */
  readStyle?: StyleReader;
}

/** The remote a route belongs to (remoteRoute puts it in the handle), if any. */
function remoteOf(handle: unknown): string | undefined {
  const remote = (handle as { remote?: unknown } | undefined)?.remote;
  return typeof remote === 'string' ? remote : undefined;
}

/**
 * Whether a route's page is rendered here: the shell's own, or a remote's that has a server
 * container loaded and is not marked private in its route list.
 */
export function rendersHere(handle: unknown, rendered: ReadonlySet<RemoteName>): boolean {
  const remote = remoteOf(handle);
  if (remote === undefined) return true;
  const isPrivate = (handle as { private?: unknown }).private === true;
  return rendered.has(remote as RemoteName) && !isPrivate;
}

/** The exposed module a remote's route renders (remoteRoute puts it in the handle), if any. */
function exposedOf(handle: unknown): string | undefined {
  const exposed = (handle as { exposed?: unknown } | undefined)?.exposed;
  return typeof exposed === 'string' ? exposed : undefined;
}

/** The stylesheets of the remote pages rendered here, in the routes' order, each once. */
export function remoteStyles(
  matches: readonly UIMatch[],
  rendered: ReadonlySet<RemoteName>,
  stylesOf: (remote: RemoteName, exposed: string) => readonly string[],
): string[] {
  const urls = new Set<string>();
  for (const { handle } of matches) {
    const remote = remoteOf(handle) as RemoteName | undefined;
    const exposed = exposedOf(handle);
    if (!remote || !exposed || !rendersHere(handle, rendered)) continue;
    for (const url of stylesOf(remote, exposed)) urls.add(url);
  }
  return [...urls];
}

/** The page's `<head>` tags from its deepest route's title, description and image. */
export function headTags(matches: UIMatch[], url: URL, language: Language = 'en'): string {
  const t = messages.translator(language);
  const title = pageTitle(headField(matches, 'title', language), t);
  const description = pageDescription(headField(matches, 'description', language), t);
  const image = headField(matches, 'image');
  const canonical = `${url.origin}${url.pathname}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...marketAlternates(url),
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (image) {
    const absolute = new URL(image, url.origin).href;
    tags.push(
      `<meta property="og:image" content="${escapeHtml(absolute)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(absolute)}" />`,
    );
  }
  return tags.join('');
}

/**
 * The page in every market (decision 5101), for search engines: one `hreflang` link per market's
 * locale, and the root market's as `x-default`.
 */
export function marketAlternates(url: URL): string[] {
  const page = pathOutOfMarket(url.pathname);
  const link = (hreflang: string, path: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url.origin + path)}" />`;
  return [
    ...MARKETS.map((market) => link(market.locale, pathInMarket(market, page))),
    link('x-default', pathInMarket(ROOT_MARKET, page)),
  ];
}

const ROOT = /<div id="?root"?>[\s\S]*?<\/div><\/div>/;

/**
 * The template cut where a page's own parts go: `head` up to `</head>` (its title and description
 * out), `body` from there to the root's opening tag (its boot placeholder out), `after` the rest.
 */
export interface TemplateCut {
  head: string;
  body: string;
  after: string;
}

/** The template's cut (the server works it out once per composition). */
export function cutTemplate(template: string): TemplateCut {
  const page = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="?description"?[^>]*>/, '');
  const headEnd = page.indexOf('</head>');
  const root = ROOT.exec(page);
  if (headEnd < 0 || !root || root.index < headEnd) {
    throw new Error('the template has no </head> followed by <div id="root"> with its placeholder');
  }
  return {
    head: page.slice(0, headEnd),
    body: `${page.slice(headEnd, root.index)}<div id="root">`,
    after: `</div>${page.slice(root.index + root[0].length)}`,
  };
}

/** The template with the page's head tags and markup (a whole page as one string). */
export function fillTemplate(template: string, head: string, markup: string): string {
  const cut = cutTemplate(template);
  return `${cut.head}${head}${cut.body}${markup}${cut.after}`;
}

/** Awaits the promises a loader handed over unawaited: the page arrives whole, and its
 * hydration data carries values (`<Await>` renders a value at once, in both places). */
async function settleDeferred(loaderData: Record<string, unknown>): Promise<void> {
  for (const data of Object.values(loaderData)) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
    const record = data as Record<string, unknown>;
    await Promise.all(
      Object.entries(record).map(async ([key, value]) => {
        if (value instanceof Promise) {
          // A part that fails renders its error element in the browser, as without a server.
          record[key] = await value.catch(() => undefined);
        }
      }),
    );
  }
}

const errorData = (error: unknown): unknown =>
  isRouteErrorResponse(error) ? (error.data as unknown) : undefined;

/**
 * React's mark of a boundary it left to the browser: a part that threw, or one that waited for
 * something renderToString does not wait for. Text and attributes are escaped, so a page's own
 * content cannot write it.
 */
const BOUNDARY_LEFT_TO_BROWSER = '<!--$!-->';

/**
 * The page once everything is rendered (deferred data is settled before, so this is its shell
 * and its data). A part that failed to render is left to the browser (that page is not shared,
 * nor kept). An error before React has the shell fails the render (the handler then sends the
 * template and the browser renders the page).
 */
function renderStreaming(page: ReactElement): Promise<{ markup: string; partFailed: boolean }> {
  let partFailed = false;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve({ markup: Buffer.concat(chunks).toString('utf8'), partFailed });
        done();
      },
    });
    const stream = renderToPipeableStream(page, {
      // The page is sent whole: no part is moved to its end and swapped in by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        partFailed = true;
        console.error('[shell-server] render', error);
      },
    });
  });
}

/**
 * The page's markup: by renderToString, which makes no bytes and no stream (a miss cost 15 %
 * less, decision 3703) and the same markup when every part rendered at once, as nearly always.
 * A page with a part that threw or waited is rendered again by the streaming renderer, which
 * waits for what a part waits for and reports what failed.
 */
async function renderMarkup(page: ReactElement): Promise<{ markup: string; partFailed: boolean }> {
  try {
    const markup = renderToString(page);
    if (!markup.includes(BOUNDARY_LEFT_TO_BROWSER)) return { markup, partFailed: false };
  } catch {
    // An error outside every boundary: the streaming renderer meets it again and rejects.
  }
  return renderStreaming(page);
}

export async function renderPage(request: Request, options: RenderOptions): Promise<PageAnswer> {
  const url = new URL(request.url);
  // The shell's own texts in the page's language before its render (CONTRACT §9b).
  await Promise.all([
    messages.load(options.shop.market.language),
    sharedMessages.load(options.shop.market.language),
  ]);
  // A private page (route list) or one of a remote without a server build gets the layout and
  // its placeholder: its loaders do not run here, so the browser loads its data (React Router
  // renders the route's HydrateFallback in both places). Nothing private is read on the server.
  const context = await options.handler.query(request, {
    requestContext: routerContextFor(options.shop),
    filterMatchesToLoad: (match) => rendersHere(match.route.handle, options.rendered),
  });
  if (context instanceof Response) return { kind: 'response', response: context };
  await settleDeferred(context.loaderData);
  const router = createStaticRouter(options.handler.dataRoutes, context);
  const matches: UIMatch[] = context.matches.map(({ route, params, pathname }) => ({
    id: route.id,
    pathname,
    params,
    // A route that threw (a 404's `data({ title: 'Product not found' })`) is titled by its error.
    data: context.loaderData[route.id] ?? errorData(context.errors?.[route.id]),
    loaderData: context.loaderData[route.id],
    handle: route.handle,
  }));
  // The remote pages' stylesheets: the markup is laid out with them from the first paint.
  const styles = options.stylesOf
    ? await styleTags(
        remoteStyles(matches, options.rendered, options.stylesOf),
        options.readStyle ?? (() => Promise.resolve(null)),
      )
    : '';
  const cut = options.template;
  const { markup, partFailed } = await renderMarkup(
    <ShopContextProvider value={options.shop}>
      <StaticRouterProvider router={router} context={context} />
    </ShopContextProvider>,
  );
  // A remote whose code could not be loaded: its region shows the fallback, and the page is
  // "unavailable for now" (503), not broken, for crawlers and caches.
  const remoteDown = Object.values(context.errors ?? {}).some(
    (error) => error instanceof RemoteUnavailableError,
  );
  const status = remoteDown ? 503 : context.statusCode;
  return {
    kind: 'html',
    status,
    // The template's head and the stylesheets first: the same on every page of a kind.
    html: `${cut.head}${styles}${headTags(matches, url, options.shop.market.language)}${cut.body}${markup}${cut.after}`,
    sharedLength: cut.head.length + styles.length,
    public:
      status < 500 &&
      !partFailed &&
      matches.every(({ handle }) => rendersHere(handle, options.rendered)),
  };
}

/** An answer's page as one string (tests, tools). */
export function pageHtml(answer: PageAnswer): string {
  return answer.kind === 'html' ? answer.html : '';
}
