// The field-data reporter's parts that decide what is sent (decision 4203): which route pattern
// and app a page belongs to, whether this page view reports at all, and the queue of samples that
// goes out in beacons. No browser API is touched here (startVitals.ts wires them), so each rule
// is tested alone.
import {
  UNLABELLED_BUILD,
  fieldAppOf,
  isBuildLabel,
  isRoutePattern,
  scrubMessage,
  type FieldApp,
  type FieldMetric,
  type FieldSample,
} from '@shop/shared/vitals/fieldData';
import { matchPage, type RouteLists } from '../remotes/pageModules';

/** Where a sample belongs: the page's route pattern and the app whose code renders it. */
export interface PageOwner {
  route: string;
  app: FieldApp;
}

/** The shell's own pages (routes.tsx's SHELL_ROUTES); any other address it answers is its 404. */
const SHELL_PAGES = ['/about', '/contact'];

/**
 * The route pattern of `pathname` (`/things/:id`, never the address itself: its ids and query
 * stay on the page) and its owner, from the remotes' route lists as the shell matches a page
 * (matchPage): the remote of the page itself (not of its layout), else the shell (its own pages;
 * `/*` for an address no list declares).
 */
export function pageOwner(lists: RouteLists, pathname: string): PageOwner {
  const page = matchPage(pathname, lists).modules.at(-1);
  const entry = page && lists[page.remote]?.find((candidate) => candidate.module === page.exposed);
  const app = page && fieldAppOf(page.remote);
  if (app && entry && isRoutePattern(entry.path)) return { route: entry.path, app };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return { route: SHELL_PAGES.includes(path) ? path : '/*', app: 'shell' };
}

/** `SHOP_VITALS_SAMPLE_RATE` as a share in [0, 1]; anything else is 1 (every page view). */
export function sampleRate(configured: string | undefined): number {
  const rate = Number(configured);
  return configured !== undefined && configured !== '' && rate >= 0 && rate <= 1 ? rate : 1;
}

/** Whether this page view reports: decided once, for its metrics and errors together. */
export const isSampled = (rate: number, random: () => number = Math.random): boolean =>
  random() < rate;

/** A build label as the function takes it; a build made without one is `unlabelled`. */
export function buildLabelOf(label: unknown): string {
  return typeof label === 'string' && isBuildLabel(label) ? label : UNLABELLED_BUILD;
}

/** At most this many errors a page view reports (a loop that throws must not flood the store). */
export const ERRORS_PER_PAGE_VIEW = 10;

export interface FieldReporter {
  /**
   * The metric's value now (web-vitals with `reportAllChanges`: each change): the latest one is
   * sent at the next flush, once per page view; a later change is not sent again.
   */
  metric(name: FieldMetric, value: number, owner: PageOwner): void;
  error(message: string, owner: PageOwner): void;
  /** Sends what is held, in one beacon. */
  flush(): void;
}

export interface FieldReporterDeps {
  /** Sends one report's JSON (navigator.sendBeacon); false when the browser refused it. */
  send(body: string): boolean;
  /** Each app's build label. */
  buildOf(app: FieldApp): string;
  /** Asks for the errors to be sent soon (they should arrive even if the page stays open). */
  soon?(flush: () => void): void;
}

export function createFieldReporter(deps: FieldReporterDeps): FieldReporter {
  let errors: FieldSample[] = [];
  const latest = new Map<FieldMetric, FieldSample>();
  const sent = new Set<FieldMetric>();
  const seenErrors = new Set<string>();
  let flushAsked = false;

  // At most 4 metrics and ERRORS_PER_PAGE_VIEW errors: one beacon within the function's limit.
  const send = (held: FieldSample[]) => {
    if (held.length > 0) deps.send(JSON.stringify({ samples: held }));
  };
  /** The errors only: the metrics wait for the page to be hidden, when their values are final. */
  const flushErrors = () => {
    flushAsked = false;
    send(errors);
    errors = [];
  };
  const flush = () => {
    for (const name of latest.keys()) sent.add(name);
    const held = [...latest.values(), ...errors];
    latest.clear();
    errors = [];
    flushAsked = false;
    send(held);
  };

  return {
    metric(name, value, owner) {
      if (!Number.isFinite(value) || value < 0 || sent.has(name)) return;
      latest.set(name, { kind: 'metric', name, value, ...owner, build: deps.buildOf(owner.app) });
    },
    error(raw, owner) {
      const message = scrubMessage(raw);
      const key = `${owner.app} ${message}`;
      if (seenErrors.has(key) || seenErrors.size >= ERRORS_PER_PAGE_VIEW) return;
      seenErrors.add(key);
      errors.push({ kind: 'error', message, ...owner, build: deps.buildOf(owner.app) });
      if (!flushAsked && deps.soon) {
        flushAsked = true;
        deps.soon(flushErrors);
      }
    },
    flush,
  };
}

/** The message of an uncaught error or an unhandled rejection's reason. */
export function errorMessage(reason: unknown, fallback = 'Error'): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string' && reason.length > 0) return reason;
  return fallback;
}
