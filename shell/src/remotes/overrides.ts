// QA overrides: point one remote at another build, but only on allow-listed origins, so a link
// from a stranger can never make the shop load a stranger's script.

export const OVERRIDE_QUERY_PARAM = 'remote-override';
export const OVERRIDE_STORAGE_KEY = 'shop.remoteOverrides';

export type RemoteMap = Record<string, string>;

/** Where QA may point a remote when `remotes.json` names no `overrideOrigins`: this machine. */
export const DEFAULT_OVERRIDE_ORIGINS: readonly string[] = ['http://localhost', 'http://127.0.0.1'];

export interface OverrideDecision {
  name: string;
  url: string;
  accepted: boolean;
  reason: string;
}

/** An allow-list entry written without a port (`http://localhost`) allows every port of it. */
export const allowsAnyPort = (entry: string): boolean =>
  !/:\d+\/?$/.test(entry.replace(/^[a-z]+:\/\//i, ''));

/**
 * An allow-list entry is an origin such as `http://localhost` (any port) or
 * `https://qa.example.com:8443` (that port only). Matching compares parsed URL parts, never
 * string prefixes, so `http://localhost.evil.test` does not match `http://localhost`.
 */
export function isAllowedOrigin(candidateUrl: string, allowList: readonly string[]): boolean {
  let candidate: URL;
  try {
    candidate = new URL(candidateUrl);
  } catch {
    return false;
  }
  if (candidate.username || candidate.password) return false;
  return allowList.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    if (allowed.protocol !== candidate.protocol || allowed.hostname !== candidate.hostname) {
      return false;
    }
    return allowsAnyPort(entry) || allowed.port === candidate.port;
  });
}

/** Parses `name@url` pairs from the query string (repeatable) and the JSON map in storage. */
export function readRequestedOverrides(search: string, stored: string | null): RemoteMap {
  const requested: RemoteMap = {};
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [name, url] of Object.entries(parsed)) {
          if (typeof url === 'string') requested[name] = url;
        }
      }
    } catch {
      // A broken storage entry is ignored rather than breaking the shop.
    }
  }
  for (const pair of new URLSearchParams(search).getAll(OVERRIDE_QUERY_PARAM)) {
    const at = pair.indexOf('@');
    if (at > 0) requested[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return requested;
}

/** The overrides this page asks for, by its address or in local storage (which may be off). */
export function pageOverrideRequests(): RemoteMap {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(OVERRIDE_STORAGE_KEY);
  } catch {
    // Storage is off (private mode): then nothing is stored either.
  }
  return readRequestedOverrides(window.location.search, stored);
}

export function applyOverrides(
  remotes: RemoteMap,
  requested: RemoteMap,
  allowList: readonly string[],
): { remotes: RemoteMap; decisions: OverrideDecision[] } {
  const result: RemoteMap = { ...remotes };
  const decisions: OverrideDecision[] = [];
  for (const [name, url] of Object.entries(requested)) {
    // Own keys only: `in` also finds the prototype's (`constructor`, `toString`, `__proto__`).
    if (!Object.hasOwn(remotes, name)) {
      decisions.push({ name, url, accepted: false, reason: 'unknown remote' });
    } else if (!isAllowedOrigin(url, allowList)) {
      decisions.push({ name, url, accepted: false, reason: 'origin not allow-listed' });
    } else {
      result[name] = url;
      decisions.push({ name, url, accepted: true, reason: 'allow-listed origin' });
    }
  }
  return { remotes: result, decisions };
}
