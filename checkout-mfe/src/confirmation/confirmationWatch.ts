// Issue 16: an order stored, the address already the confirmation's, and the page still showing
// the details step ("Sending your order...") for good. The cause is not established (decision
// 1601). This watch makes sure a shopper never reads that as a failed order and orders again:
// once the address is the confirmation's and the confirmation is not on screen, the page is
// loaded again (a reload showed the confirmation every time): as soon as React's root shows that
// nothing will render it, otherwise after a second. Only the form's action starts a watch, so the
// reloaded page (a GET) watches nothing and cannot reload in a loop. It logs an error with
// React's scheduling state first, so the cause can be read where it happens, and keeps that for
// the reloaded page to send to the session's record (confirmationReport.ts); the e2e journeys
// fail on that error, so CI still reports the defect.
import {
  type ConfirmationReport,
  type NotShownReason,
  keepConfirmationReport,
} from './confirmationReport';

/** How long the confirmation may take once the router has moved to it (it shows in ~0.1 s). */
export const CONFIRMATION_GRACE_MS = 1_000;
/**
 * How long React's root must show that nothing will render the confirmation before the page is
 * loaded again without waiting for the grace (three polls in a row, each in a task of its own;
 * four for a task not run, whose callback must first be seen at one poll to be known at the next).
 */
export const NOTHING_COMING_MS = 200;
/** How often the address is compared while an outcome is expected. */
const POLL_MS = 100;
/** The router reads the order back before it moves; past this the shopper has gone elsewhere. */
const GIVE_UP_MS = 60_000;

export const CONFIRMATION_NOT_SHOWN =
  '[checkout] the order confirmation did not show; loading the page again';

export interface WatchEnvironment {
  now: () => number;
  /** The address as shown in the address bar: path and query. */
  address: () => string;
  reload: () => void;
  log: (message: string, details: Record<string, unknown>) => void;
  /** Keeps the report for the page the reload loads (it sends it). */
  keepReport: (report: ConfirmationReport) => void;
  setInterval: (callback: () => void, ms: number) => number;
  clearInterval: (id: number) => void;
  /** React's root scheduling state (reactRootState below), or null when it cannot be read. */
  rootState: () => Record<string, unknown> | null;
}

let watching: { outcome: string; stop: () => void } | null = null;

const browserEnvironment = (): WatchEnvironment => ({
  now: () => Date.now(),
  address: () => window.location.pathname + window.location.search,
  reload: () => window.location.reload(),
  // One line of text, so a plain log (or a test reading the console) keeps the details.
  log: (message, details) => console.error(`${message} ${JSON.stringify(details)}`),
  keepReport: (report) =>
    keepConfirmationReport({
      ...report,
      details: { ...report.details, userAgent: navigator.userAgent },
    }),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (id) => window.clearInterval(id),
  rootState: () => reactRootState(callbacksSeen),
});

/** When the watch first saw each callback of React's root task (reactRootState below). */
const callbacksSeen = new WeakMap<object, number>();

/** React's root shows that nothing will render the confirmation (nothingComing below). */
export type NothingComing = Exclude<NotShownReason, 'grace over'>;

/**
 * React's root shows that nothing will render the confirmation. The router hands its update to
 * React in the task that changes the address, so, with the confirmation not on screen:
 * - nothing pending: the update never reached React (or what it rendered was not the
 *   confirmation, e.g. an error screen);
 * - work pending while the root's task has already run: React gives an update of that lane no
 *   task of its own (decision 1601, case 2), so it waits for a synchronous update that may never
 *   come;
 * - the root's task holding the callback it held at an earlier poll: a render under way gets a new
 *   callback each time it yields, and a finished one leaves the task, so the scheduler has not
 *   called this one since (decision 1601, case 3: a scheduler that stopped running tasks; only
 *   synchronous updates, which React flushes in a microtask, still render).
 * Anything else (a render under way, a commit waiting for images, a render waiting for data)
 * may still show it, and gets the grace.
 */
export function nothingComing(state: Record<string, unknown> | null): NothingComing | null {
  if (!state || typeof state.pendingLanes !== 'number') return null;
  if (state.pendingLanes === 0) return 'no update pending';
  const task = state.task as { callback?: unknown; callbackHeldMs?: unknown } | undefined;
  if (state.callbackNode !== 'object' || !task) return null;
  if (task.callback === null) return 'task already ran';
  if (typeof task.callbackHeldMs === 'number' && task.callbackHeldMs > 0) return 'task not run';
  return null;
}

/** The confirmation's page for `outcome` (path and query) is on screen. */
export function confirmationShown(outcome: string): void {
  if (watching?.outcome === outcome) watching.stop();
}

/**
 * The order form's action redirects to `outcome` (path and query): watch that it shows once the
 * router has moved there.
 */
export function expectConfirmation(
  outcome: string,
  environment: WatchEnvironment = browserEnvironment(),
): void {
  watching?.stop();
  const started = environment.now();
  let arrived: number | null = null;
  // Since when, and why, React's root has shown that nothing will render the confirmation.
  let nothingSince: { at: number; reason: NothingComing } | null = null;
  const timer = environment.setInterval(() => {
    const now = environment.now();
    const here = environment.address() === outcome;
    if (here && arrived === null) arrived = now;
    // The router moved on (or the shopper did): whatever shows now is not this outcome's page.
    if (!here && arrived !== null) return stop();
    if (arrived === null) {
      if (now - started > GIVE_UP_MS) stop();
      return;
    }
    const react = environment.rootState();
    const reason = nothingComing(react);
    if (!reason) nothingSince = null;
    else if (nothingSince?.reason !== reason) nothingSince = { at: now, reason };
    let notShown: NotShownReason | null = null;
    if (nothingSince && now - nothingSince.at >= NOTHING_COMING_MS) notShown = nothingSince.reason;
    else if (now - arrived >= CONFIRMATION_GRACE_MS) notShown = 'grace over';
    if (!notShown) return;
    stop(); // still watching, so the confirmation never marked itself shown
    const details = {
      outcome,
      reason: notShown,
      sinceAddressChanged: now - arrived,
      heading: document.querySelector('main h1, main h2')?.textContent ?? null,
      // A page hidden or in the background: browsers run its tasks differently.
      visibility: document.visibilityState,
      focused: document.hasFocus(),
      react,
    };
    environment.log(CONFIRMATION_NOT_SHOWN, details);
    environment.keepReport({ outcome, reason: notShown, details });
    environment.reload();
  }, POLL_MS);
  const stop = () => {
    environment.clearInterval(timer);
    if (watching?.stop === stop) watching = null;
  };
  watching = { outcome, stop };
}

/**
 * React's scheduling state of the page's root: lanes pending, suspended or pinged, and a commit
 * waiting, tell "the router's update never reached React" from "React holds it back". The task
 * React scheduled for the root tells the rest: `callback: null` is a task that will not run (it
 * already ran, or was cancelled) while React still counts on it, so an update of the same lane
 * gets no task of its own; a live callback past its expiry (`overdueMs` > 0) is a scheduler that
 * stopped running tasks. Given `callbacksSeen` (the watch's), it also tells how long the task has
 * held its callback (`callbackHeldMs`, 0 the first time it is seen): React gives a render's task a
 * new callback each time the render yields, so one held across polls was not called in between.
 * Read from React's internals, for the watch and for diagnostics. Self-contained, so the e2e
 * journeys run it in the page too (`page.evaluate`, e2e/support/checkout.ts).
 */
export function reactRootState(
  callbacksSeen?: WeakMap<object, number>,
): Record<string, unknown> | null {
  try {
    for (const element of Array.from(document.body.children)) {
      const key = Object.keys(element).find((k) => k.startsWith('__reactContainer'));
      if (!key) continue;
      const container = element as unknown as Record<string, { stateNode?: object }>;
      const root = (container[key]?.stateNode ?? {}) as Record<string, unknown>;
      const state: Record<string, unknown> = Object.fromEntries(
        [
          'pendingLanes',
          'suspendedLanes',
          'pingedLanes',
          'warmLanes',
          'expiredLanes',
          'callbackNode',
          'callbackPriority',
          'cancelPendingCommit',
          'timeoutHandle',
        ].map((name) => {
          const value = root[name];
          // Numbers and null as they are; an object or a function by its kind.
          const kind = typeof value;
          return [
            name,
            value !== null && (kind === 'object' || kind === 'function') ? kind : value,
          ];
        }),
      );
      // The scheduler's task: its times are on performance.now()'s clock.
      const task = root.callbackNode as Record<string, unknown> | null | undefined;
      if (task && typeof task === 'object') {
        const now = performance.now();
        const time = (name: string) =>
          typeof task[name] === 'number' ? Math.round(now - (task[name] as number)) : null;
        const summary: Record<string, unknown> = {
          callback: typeof task.callback === 'function' ? 'function' : task.callback,
          priorityLevel: task.priorityLevel,
          sinceScheduledMs: time('startTime'),
          overdueMs: time('expirationTime'),
        };
        if (callbacksSeen && typeof task.callback === 'function') {
          const firstSeen = callbacksSeen.get(task.callback) ?? now;
          callbacksSeen.set(task.callback, firstSeen);
          summary.callbackHeldMs = Math.round(now - firstSeen);
        }
        state.task = summary;
      }
      return state;
    }
  } catch {
    // unreadable (React's internals changed): the watch falls back to the grace
  }
  return null;
}

/** Tests: stop watching. */
export function resetConfirmationWatch(): void {
  watching?.stop();
}
