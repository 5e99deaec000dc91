// What the inline early script (earlyStart.ts) started before the shell's scripts had loaded:
// the response to `remotes.json` and to the first page's remote manifests. The registry takes
// each at most once; anything not there (no early script, a refused or failed request) is
// fetched as usual.

import type { RemoteMap } from '../remotes/overrides';

export const EARLY_START_KEY = '__SHOP_EARLY_START__';

/** The shell's `remotes.json`. */
export interface RemotesFile {
  remotes: RemoteMap;
  overrideOrigins?: string[];
}

export interface EarlyStart {
  /** `/remotes.json`; undefined when the request failed. */
  remotesFile?: Promise<Response | undefined>;
  /** Manifest URL → its response; undefined when the request failed. */
  manifests: Record<string, Promise<Response | undefined>>;
}

type Holder = typeof globalThis & { [EARLY_START_KEY]?: EarlyStart };

/** The page's early start record, created on first use. */
export function earlyStart(): EarlyStart {
  const holder = globalThis as Holder;
  holder[EARLY_START_KEY] ??= { manifests: {} };
  return holder[EARLY_START_KEY];
}

/** The early response to `remotes.json`, once: a second reader (a retry) fetches afresh. */
export function takeEarlyRemotesFile(): Promise<Response | undefined> | undefined {
  const early = (globalThis as Holder)[EARLY_START_KEY];
  const taken = early?.remotesFile;
  if (early) delete early.remotesFile;
  return taken;
}

/** The early response to the manifest at `url`, once ("Try again" must fetch it again). */
export function takeEarlyManifest(url: string): Promise<Response | undefined> | undefined {
  const early = (globalThis as Holder)[EARLY_START_KEY];
  const taken = early?.manifests[url];
  if (early) delete early.manifests[url];
  return taken;
}
