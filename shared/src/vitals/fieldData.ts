// Field data (decision 4203): what a page view reports of itself to the `vitals` function, and the
// one table both sides check it with. The shell's reporter builds reports with it; the function
// refuses any report it does not pass; `npm run vitals` reads the stored samples with its types.
// Nothing here names a shopper: a sample is a route pattern, an app, its build label, a metric's
// value or an error's scrubbed message.

/** The Web Vitals the reporter sends, in milliseconds but CLS (a unitless layout-shift score). */
export const FIELD_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type FieldMetric = (typeof FIELD_METRICS)[number];

/** The highest value each metric may have: beyond it a report is refused, not clipped. */
export const METRIC_MAX: Record<FieldMetric, number> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
  TTFB: 600_000,
};

/** The apps a sample may name: tooling/apps.json's, in its order (checked: appLists.test.ts). */
export const FIELD_APPS = [
  'shell',
  'catalog',
  'cart',
  'checkout',
  'account',
  'backoffice',
] as const;
export type FieldApp = (typeof FIELD_APPS)[number];

/**
 * `name` as an app a sample may name; undefined for a remote the field-data function does not know
 * yet (its pages count as the shell's until this list names it: the stored apps stay bounded).
 */
export const fieldAppOf = (name: string): FieldApp | undefined =>
  (FIELD_APPS as readonly string[]).includes(name) ? (name as FieldApp) : undefined;

/** The label of a build made without SHOP_BUILD_LABEL (the cart's `CART_BUILD` says it too). */
export const UNLABELLED_BUILD = 'unlabelled';

export const FIELD_LIMITS = {
  /** Samples in one report (one beacon). */
  samplesPerReport: 20,
  /** A report's body, in bytes. */
  reportBytes: 16_384,
  routeChars: 120,
  buildChars: 64,
  messageChars: 200,
} as const;

/** A route pattern as the router declares it (`/products/:id`): no query, no fragment. */
const ROUTE_PATTERN = /^\/[A-Za-z0-9/:._*-]*$/;
const BUILD_LABEL = /^[A-Za-z0-9._-]+$/;

/** Whether `route` may be sent as a sample's route: a pattern within the limit. */
export const isRoutePattern = (route: string): boolean =>
  route.length <= FIELD_LIMITS.routeChars && ROUTE_PATTERN.test(route);

/** Whether `label` may be sent as a sample's build label. */
export const isBuildLabel = (label: string): boolean =>
  label.length > 0 && label.length <= FIELD_LIMITS.buildChars && BUILD_LABEL.test(label);

interface Tags {
  /** The page's route pattern, e.g. `/products/:id` (never the address with its ids or query). */
  route: string;
  /** The app whose code owns the sample: the page's remote, or the shell for its own pages. */
  app: FieldApp;
  /** That app's build label (SHOP_BUILD_LABEL of its build), or `unlabelled`. */
  build: string;
}

export interface MetricSample extends Tags {
  kind: 'metric';
  name: FieldMetric;
  value: number;
}

export interface ErrorSample extends Tags {
  kind: 'error';
  /** The error's message with addresses, emails and long numbers taken out (scrubMessage). */
  message: string;
}

export type FieldSample = MetricSample | ErrorSample;

/** What one beacon carries. */
export interface FieldReport {
  samples: FieldSample[];
}

/** A sample as the function stores it: with the time it arrived (the server's clock). */
export type StoredSample = FieldSample & { at: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * Takes out of an error message what could name a person or an address: emails, web addresses
 * (whose query could carry anything), long tokens (keys, account ids), words mixing letters and
 * digits (order numbers) and runs of 4+ digits (phone numbers, cards); collapses white space; cut
 * to the limit.
 */
export function scrubMessage(message: string): string {
  const scrubbed = message
    .replace(/[^\s@]+@[^\s@]+/g, '[email]')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]')
    .replace(/(?=[\w-]*[A-Za-z])[\w-]{16,}/g, '[token]')
    // Letters and digits mixed (an order number's TL-7F3K2Q, a key): an identifier.
    .replace(/\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{6,}\b/g, '[id]')
    .replace(/\d[\d\s-]{2,}\d/g, (run) => (run.replace(/\D/g, '').length >= 4 ? '[number]' : run))
    .replace(/\s+/g, ' ')
    .trim();
  return scrubbed.slice(0, FIELD_LIMITS.messageChars) || 'Error';
}

function checkTags(sample: Record<string, unknown>, at: string): string | null {
  const { route, app, build } = sample;
  if (typeof route !== 'string' || !isRoutePattern(route)) {
    return `${at}.route must be a route pattern such as /products/:id (at most ${FIELD_LIMITS.routeChars} characters).`;
  }
  if (!oneOf(FIELD_APPS, app)) return `${at}.app must be one of ${FIELD_APPS.join(', ')}.`;
  if (typeof build !== 'string' || !isBuildLabel(build)) {
    return `${at}.build must be a build label (letters, digits, . _ -; at most ${FIELD_LIMITS.buildChars}).`;
  }
  return null;
}

/** The one check of a report: the samples it holds, or what is wrong with it. */
export function readFieldReport(
  body: unknown,
): { ok: true; samples: FieldSample[] } | { ok: false; reason: string } {
  const fail = (reason: string) => ({ ok: false as const, reason });
  if (!isObject(body)) return fail('The body must be a JSON object: { "samples": [...] }.');
  const extra = Object.keys(body).filter((key) => key !== 'samples');
  if (extra.length > 0) return fail(`Unknown field(s): ${extra.join(', ')}.`);
  const { samples } = body;
  if (!Array.isArray(samples) || samples.length === 0) {
    return fail('samples must be a non-empty list.');
  }
  if (samples.length > FIELD_LIMITS.samplesPerReport) {
    return fail(`A report holds at most ${FIELD_LIMITS.samplesPerReport} samples.`);
  }
  const read: FieldSample[] = [];
  for (const [index, sample] of samples.entries()) {
    const at = `samples[${index}]`;
    if (!isObject(sample)) return fail(`${at} must be an object.`);
    const tags = checkTags(sample, at);
    if (tags) return fail(tags);
    const { route, app, build } = sample as unknown as Tags;
    if (sample.kind === 'metric') {
      const allowed = ['kind', 'route', 'app', 'build', 'name', 'value'];
      const unknown = Object.keys(sample).filter((key) => !allowed.includes(key));
      if (unknown.length > 0) return fail(`${at}: unknown field(s) ${unknown.join(', ')}.`);
      const { name, value } = sample;
      if (!oneOf(FIELD_METRICS, name)) {
        return fail(`${at}.name must be one of ${FIELD_METRICS.join(', ')}.`);
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        return fail(`${at}.value must be a number ≥ 0.`);
      }
      if (value > METRIC_MAX[name])
        return fail(`${at}.value: ${name} is at most ${METRIC_MAX[name]}.`);
      read.push({ kind: 'metric', route, app, build, name, value });
    } else if (sample.kind === 'error') {
      const allowed = ['kind', 'route', 'app', 'build', 'message'];
      const unknown = Object.keys(sample).filter((key) => !allowed.includes(key));
      if (unknown.length > 0) return fail(`${at}: unknown field(s) ${unknown.join(', ')}.`);
      const { message } = sample;
      if (
        typeof message !== 'string' ||
        message.length === 0 ||
        message.length > FIELD_LIMITS.messageChars
      ) {
        return fail(`${at}.message must be 1 to ${FIELD_LIMITS.messageChars} characters.`);
      }
      // Scrubbed again: the function never stores what a reporter forgot to take out.
      read.push({ kind: 'error', route, app, build, message: scrubMessage(message) });
    } else {
      return fail(`${at}.kind must be "metric" or "error".`);
    }
  }
  return { ok: true, samples: read };
}

/** The 75th percentile (nearest rank), as the Web Vitals thresholds are read; NaN for none. */
export function p75(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] as number;
}
