// A database path watched live (decision 5201: a shopper's open order page follows the shop's
// moves): the Realtime Database's REST event stream, read with `EventSource` and the ID token of
// the path's identity in `?auth=`, as the REST protocol allows a browser (which cannot set the
// header on a stream). `put` replaces the value at the event's path, `patch` merges into it. When
// the stream says the credential ended (`auth_revoked`) or the read was refused (`cancel`), it is
// opened again once with a fresh token. Not in the main module: only pages that watch load it.
import { databaseUrl } from './databaseUrl';
import { userForPath } from './identityForPath';

/** The part of `EventSource` this needs (tests hand in their own). */
export interface EventStreamLike {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
}
type OpenStream = (url: string) => EventStreamLike;

let openStream: OpenStream = (url) => new EventSource(url);

/** Tests: how streams are opened (null: the browser's `EventSource`). */
export function setEventStreamOpener(opener: OpenStream | null): void {
  openStream = opener ?? ((url) => new EventSource(url));
}

/** `value` with `data` put (or, for a patch, merged) at `path` (`/a/b`, relative to the watch). */
export function applyStreamEvent(
  value: unknown,
  kind: 'put' | 'patch',
  path: string,
  data: unknown,
): unknown {
  const keys = path.split('/').filter(Boolean);
  const set = (node: unknown, at: number): unknown => {
    if (at === keys.length) {
      if (kind === 'put') return data;
      const base = asRecord(node);
      for (const [key, child] of Object.entries(isRecord(data) ? data : {})) {
        if (child === null) delete base[key];
        else base[key] = child;
      }
      return base;
    }
    const key = keys[at] as string;
    const base = asRecord(node);
    const child = set(base[key], at + 1);
    if (child === null || child === undefined) delete base[key];
    else base[key] = child;
    return Object.keys(base).length === 0 ? null : base;
  };
  return set(value, 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy to change: an array (the database's list of sequential keys) by its indexes. */
const asRecord = (node: unknown): Record<string, unknown> =>
  Array.isArray(node) || isRecord(node) ? { ...node } : {};

async function tokenFor(path: string, fresh: boolean): Promise<string | undefined> {
  const user = await userForPath(path);
  // No account signed in: its data cannot be read, so no stream is opened.
  if (user === 'missing-account') throw new Error('not signed in');
  return user ? user.getIdToken(fresh) : undefined;
}

/**
 * Calls `onValue` with the value at `path` as the stream first sends it and after every change,
 * until the returned function is called. A stream that cannot be kept (refused twice, no
 * identity) ends quietly: the page keeps what it showed.
 */
export function watchData<T>(path: string, onValue: (value: T | null) => void): () => void {
  let stopped = false;
  let stream: EventStreamLike | null = null;
  let value: unknown = null;
  let reopened = false;

  const open = async (fresh: boolean) => {
    let token: string | undefined;
    try {
      token = await tokenFor(path, fresh);
    } catch {
      return;
    }
    if (stopped) return;
    try {
      stream = openStream(databaseUrl(path, token));
    } catch {
      return; // No event streams here (a server render, an old browser): the page stays as read.
    }
    const onChange = (kind: 'put' | 'patch') => (event: { data: string }) => {
      try {
        const { path: at, data } = JSON.parse(event.data) as { path: string; data: unknown };
        value = applyStreamEvent(value, kind, at, data);
        onValue(value as T | null);
      } catch {
        // An event that is not the protocol's changes nothing.
      }
    };
    stream.addEventListener('put', onChange('put'));
    stream.addEventListener('patch', onChange('patch'));
    const again = () => {
      stream?.close();
      stream = null;
      if (stopped || reopened) return;
      reopened = true;
      void open(true);
    };
    stream.addEventListener('auth_revoked', again);
    stream.addEventListener('cancel', again);
  };

  void open(false);
  return () => {
    stopped = true;
    stream?.close();
  };
}
