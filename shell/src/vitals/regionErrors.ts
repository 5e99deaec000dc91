// Errors the shell catches in a remote's region: its code that did not load (an entry or a chunk),
// or its page or region that threw. No uncaught error reaches the window for these, so the field
// data hears of them here, with the remote, and tags them with the release the page runs
// (decision 4901): a team sees its canary fail before it takes all traffic. Kept tiny: it is in
// every page's first load, the reporter (startVitals.ts) is not.
import type { RemoteName } from '../remotes/remoteNames';

type Listener = (remote: RemoteName, error: unknown) => void;

/** Errors before the reporter has loaded (it loads with the session); a few are enough. */
const QUEUE_LIMIT = 10;
const queued: [RemoteName, unknown][] = [];
let listener: Listener | null = null;

export function regionError(remote: RemoteName, error: unknown): void {
  if (typeof window === 'undefined') return; // the server: its log says it (renderPage)
  if (listener) listener(remote, error);
  else if (queued.length < QUEUE_LIMIT) queued.push([remote, error]);
}

/** The reporter takes the errors so far and every later one. */
export function onRegionErrors(next: Listener): void {
  listener = next;
  for (const [remote, error] of queued.splice(0)) next(remote, error);
}
