// QA overrides: point one remote at another build, but only on allow-listed origins, so a link
// from a stranger can never make the shop load a stranger's script. This module reads what a
// page asks for; whether it is allowed is decided in overrideOrigins.ts, loaded only when a page
// asks (a shopper's first page carries none of it, decision 5102).

export const OVERRIDE_QUERY_PARAM = 'remote-override';
export const OVERRIDE_STORAGE_KEY = 'shop.remoteOverrides';

export type RemoteMap = Record<string, string>;

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
