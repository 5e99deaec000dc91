// The Content-Security-Policy of a page the shell server renders (decisions 1304, 3701). Scripts
// run only if the server vouched for them: its inline scripts are named by their sha256 hashes,
// and what they load (the shell's main.js, then the remotes' entries and chunks) is trusted
// through 'strict-dynamic'. Hashes, not a nonce: a page and its policy stay the same for every
// shopper, so a CDN and the server's render cache may keep them. Everything else the page fetches comes from our own origins (the shell's,
// the remotes' from remotes.json, QA override origins), the Firebase services of the build and its
// card provider (decision 5301).
import { createHash } from 'node:crypto';
import {
  getAuthEmulatorUrl,
  getCatalogServiceUrl,
  getFirebaseConfig,
  getFunctionsUrl,
} from '@shop/shared';
import { getCardProvider } from '@shop/shared/firebase/config';
import { allowsAnyPort } from '../remotes/overrideOrigins';
import { cutsCleanly, keptPerBeginning } from './pageBeginning';

export interface PolicySources {
  /** The hashes of the page's inline scripts (`inlineScriptHashes(html)`). */
  scriptHashes: readonly string[];
  /** Origins the remotes' files come from (manifests, entries, chunks, styles, images). */
  remoteOrigins: readonly string[];
  /** QA override allow-list entries (`http://localhost` means any port of it). */
  overrideOrigins: readonly string[];
  /**
   * A build for a real project (`isDeployedBuild()`): loopback override origins are left out, so
   * a deployed page never allows scripts from a shopper's own machine.
   */
  deployed?: boolean;
  /** Where the browser calls the backend (database, identity, functions): `backendOrigins()`. */
  backendOrigins: readonly string[];
}

/** Script elements with a body and no `src`; data blocks (JSON, JSON-LD) never run. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*"?application\/(ld\+)?json"?/i;

/** `'sha256-…'` of each inline script of `html`, in order (repeats included). */
function scriptHashesIn(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** A script opened and not closed: the page cannot be cut there. */
const UNCLOSED_SCRIPT = /<script\b(?![\s\S]*<\/script>)/i;

/** A shared beginning's scripts, hashed once; null when a script or a tag runs past its end. */
const beginningScripts = keptPerBeginning((beginning) =>
  UNCLOSED_SCRIPT.test(beginning) || beginning.lastIndexOf('<') > beginning.lastIndexOf('>')
    ? null
    : scriptHashesIn(beginning),
);

/**
 * `'sha256-…'` of every inline script of `html`, each once, in order: what a browser hashes is
 * the exact text between the tags, so the page must be sent as it was hashed. The scripts of its
 * first `sharedLength` characters, which pages of a kind share (renderPage), are hashed once.
 */
export function inlineScriptHashes(html: string, sharedLength = 0): string[] {
  const shared = cutsCleanly(html, sharedLength)
    ? beginningScripts.of(html.slice(0, sharedLength))
    : null;
  const hashes = shared
    ? [...shared, ...scriptHashesIn(html.slice(sharedLength))]
    : scriptHashesIn(html);
  return [...new Set(hashes)];
}

/** Loopback origins (QA overrides on one's own machine) have no place in a deployed shop. */
const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/** The origin of an absolute http(s) URL; null for anything else ('auto', a path, a scheme). */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** A CSP source for an origin or URL; an allow-list origin written without a port: any port. */
export function sourceOf(originOrUrl: string, { anyPort = false } = {}): string | null {
  const origin = httpOrigin(originOrUrl);
  if (!origin) return null;
  return anyPort && new URL(origin).port === '' ? `${origin}:*` : origin;
}

/** The build's Firebase services as the browser reaches them (emulators locally). */
export function backendOrigins(): string[] {
  const identity = getAuthEmulatorUrl();
  return [
    getFirebaseConfig().databaseURL,
    getFunctionsUrl(),
    getCatalogServiceUrl(),
    ...(identity
      ? [identity]
      : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
  ];
}

/** A build that talks to a real Firebase project (no emulators): what production serves. */
export const isDeployedBuild = (): boolean => getAuthEmulatorUrl() === '';

/** What the card provider's fields need of the page: scripts, calls, frames (by directive). */
export interface CardProviderSources {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
}

/**
 * Stripe.js (Stripe's published policy for it): its script, its frames (the card element, the
 * bank's second step) and the API it confirms the payment with.
 */
const STRIPE_SOURCES: CardProviderSources = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * The build's card provider (decision 5301): Stripe's, or the local test provider's frame only
 * (its fields talk to their own origin, not the page's). The checkout reads the same choice.
 */
export function cardProviderSources(): CardProviderSources {
  const cardProvider = getCardProvider();
  if (cardProvider.provider === 'stripe') return STRIPE_SOURCES;
  const fields = sourceOf(cardProvider.fieldsUrl);
  return { script: [], connect: [], frame: fields ? [fields] : [] };
}

/** An allow-list entry: that origin and port, or any port when it names none. */
const overrideSource = (entry: string): string | null =>
  sourceOf(entry, { anyPort: allowsAnyPort(entry) });

/**
 * What every answer of the shop's sites carries (firebase.json gives it to their files): no
 * framing, no <base> elsewhere, no plugins, forms only to the shop. A page's policy includes it;
 * Hosting leaves a page's own policy alone because the shell site's rule names files only.
 */
export const BASELINE_POLICY = [
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
].join('; ');

export function contentSecurityPolicy(sources: PolicySources): string {
  const unique = (list: Array<string | null>) =>
    [...new Set(list.filter((s): s is string => s !== null))].join(' ');
  const ours = unique([
    "'self'",
    ...sources.remoteOrigins.map((origin) => sourceOf(origin)),
    ...sources.overrideOrigins
      .filter((entry) => !(sources.deployed && LOOPBACK.test(httpOrigin(entry) ?? '')))
      .map(overrideSource),
  ]);
  const backend = unique(sources.backendOrigins.map((origin) => sourceOf(origin)));
  const card = cardProviderSources();
  return [
    "default-src 'self'",
    // Browsers without 'strict-dynamic' (old ones) fall back to the host list; the others run
    // Stripe.js because the checkout's own (trusted) code adds it.
    `script-src ${[...sources.scriptHashes, "'strict-dynamic'", ours, ...card.script].join(' ')}`,
    // Inline: the server writes the page's first stylesheets inline, React writes style attributes.
    `style-src ${ours} 'unsafe-inline'`,
    `img-src ${ours} data: blob:`,
    `font-src ${ours}`,
    `connect-src ${[ours, backend, ...card.connect].join(' ')}`,
    // The card provider's hosted fields only (decision 5301): card data stays in its frames.
    `frame-src ${card.frame.length > 0 ? card.frame.join(' ') : "'none'"}`,
    "worker-src 'none'",
    "manifest-src 'self'",
    BASELINE_POLICY,
  ].join('; ');
}
