// The Content-Security-Policy of a page the shell server renders (decision 1304). Scripts run only
// if the server vouched for them: its inline scripts carry the response's nonce, and what they
// load (the shell's main.js, then the remotes' entries and chunks) is trusted through
// 'strict-dynamic'. Everything else the page fetches comes from our own origins (the shell's,
// the remotes' from remotes.json, QA override origins) and the Firebase services of the build.
import { randomBytes } from 'node:crypto';
import {
  getAuthEmulatorUrl,
  getCatalogServiceUrl,
  getFirebaseConfig,
  getFunctionsUrl,
} from '@shop/shared';
import { allowsAnyPort } from '../remotes/overrides';

export interface PolicySources {
  /** A fresh value for every response (`newNonce()`). */
  nonce: string;
  /** Origins the remotes' files come from (manifests, entries, chunks, styles, images). */
  remoteOrigins: readonly string[];
  /** QA override allow-list entries (`http://localhost` means any port of it). */
  overrideOrigins: readonly string[];
  /** Where the browser calls the backend (database, identity, functions): `backendOrigins()`. */
  backendOrigins: readonly string[];
}

/** 128 random bits, base64: unguessable by a script injected into the page. */
export const newNonce = (): string => randomBytes(16).toString('base64');

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
    ...sources.overrideOrigins.map(overrideSource),
  ]);
  const backend = unique(sources.backendOrigins.map((origin) => sourceOf(origin)));
  return [
    "default-src 'self'",
    // Browsers without 'strict-dynamic' (old ones) fall back to the host list.
    `script-src 'nonce-${sources.nonce}' 'strict-dynamic' ${ours}`,
    // Inline: the server writes the page's first stylesheets inline, React writes style attributes.
    `style-src ${ours} 'unsafe-inline'`,
    `img-src ${ours} data: blob:`,
    `font-src ${ours}`,
    `connect-src ${ours} ${backend}`,
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'self'",
    BASELINE_POLICY,
  ].join('; ');
}

/**
 * The template's scripts (inline or not: 'strict-dynamic' ignores host lists, so a parsed
 * `<script src>` needs the nonce too) and script preloads, marked with the response's nonce.
 */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<(script|link)\b([^>]*)>/g, (tag: string, name: string, rest: string) => {
    if (/\bnonce=/.test(rest)) return tag;
    if (name === 'link' && !/\brel="?(preload|modulepreload)\b/.test(rest)) return tag;
    return `<${name} nonce="${nonce}"${rest}>`;
  });
}
