// Which QA overrides are allowed (see overrides.ts): only remotes of the list, only at an
// allow-listed origin.
import type { RemoteMap } from './overrides';

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
