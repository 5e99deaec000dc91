// `vitals`: the endpoint the shell's field-data reporter beacons to (decision 4203). It checks a
// report against the one table in @shop/shared/vitals/fieldData and stores it, bounded:
// - `vitals/{day}/reports/{slot}` = { at, samples }: a ring of REPORTS_PER_DAY slots per UTC day,
//   the slot drawn from `vitals/{day}/next` with a compare-and-set (as limits.ts counts), so the
//   newest report of a full day takes the place of its oldest;
// - days older than DAYS_KEPT are deleted by the first report of a new day on each instance.
// Only this function writes there (admin access); the rules let no client read or write `vitals`.
// POST (a beacon: text/plain or JSON) → 204 | 400 | 403 (another site's page) | 405 | 413 | 429 |
// 503. A beacon reads no answer; the codes are for tests and operators.
import { type FieldSample, FIELD_LIMITS, readFieldReport } from '@shop/shared/vitals/fieldData';
import { type ClientRequest, type WindowLimit, globalBudget } from './limits';
import type { CorsResponse } from './cors';
import { type DatabaseClient, DatabaseUnavailable } from './restDatabase';

export const VITALS_PATH = 'vitals';
/** Reports kept per day (each ≤ FIELD_LIMITS.samplesPerReport samples). */
export const REPORTS_PER_DAY = 5000;
export const DAYS_KEPT = 14;
/** Reports one instance takes per minute, from all pages together. */
export const VITALS_BUDGET: WindowLimit = { name: 'vitals', max: 3000, windowMs: 60_000 };

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` (UTC) of `at`: the key of that day's reports. */
export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export interface VitalsRequest extends ClientRequest {
  rawBody?: Buffer | undefined;
}

export interface VitalsDeps {
  database: DatabaseClient;
  /** Origins whose pages may report (the storefront's); a request with another Origin is refused. */
  origins: readonly string[];
  now?: () => number;
  log?: (message: string) => void;
  reportsPerDay?: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(error);
  }
}

/** The report in the body, whichever way it came: a beacon's text, parsed JSON, or raw bytes. */
function bodyOf(req: VitalsRequest): unknown {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > FIELD_LIMITS.reportBytes) {
    throw new Refusal(413, `A report is at most ${FIELD_LIMITS.reportBytes} bytes.`);
  }
  let { body } = req;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  // A text/plain body the runtime did not parse arrives as a string, or only as the raw bytes.
  if (
    (body === undefined ||
      (typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        Object.keys(body).length === 0)) &&
    req.rawBody
  )
    body = req.rawBody.toString('utf8');
  if (typeof body === 'string') {
    if (Buffer.byteLength(body) > FIELD_LIMITS.reportBytes) {
      throw new Refusal(413, `A report is at most ${FIELD_LIMITS.reportBytes} bytes.`);
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new Refusal(400, 'The body is not valid JSON.');
    }
  }
  if (JSON.stringify(body ?? null).length > FIELD_LIMITS.reportBytes) {
    throw new Refusal(413, `A report is at most ${FIELD_LIMITS.reportBytes} bytes.`);
  }
  return body;
}

export function createVitals(deps: VitalsDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));
  const perDay = deps.reportsPerDay ?? REPORTS_PER_DAY;
  const { database } = deps;
  const budget = globalBudget(VITALS_BUDGET);
  let sweptDay = '';

  /** Deletes the days before the kept ones, once per day and instance. */
  async function sweep(day: string, at: number): Promise<void> {
    if (sweptDay === day) return;
    sweptDay = day;
    const oldest = dayOf(at - (DAYS_KEPT - 1) * DAY_MS);
    const days = await database.keys(VITALS_PATH);
    await Promise.all(
      days.filter((key) => key < oldest).map((key) => database.put(`${VITALS_PATH}/${key}`, null)),
    );
  }

  /** The next slot of `day`'s ring (compare-and-set on its counter). */
  async function drawSlot(day: string): Promise<number> {
    const path = `${VITALS_PATH}/${day}/next`;
    let { value, etag } = await database.getWithEtag<unknown>(path);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const current =
        typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
      const result = await database.putIfMatch(path, current + 1, etag);
      if (result.written) return current % perDay;
      ({ value, etag } = result);
      if (!etag) ({ value, etag } = await database.getWithEtag<unknown>(path));
    }
    throw new DatabaseUnavailable(`${path} kept changing: gave up drawing a slot`);
  }

  async function store(samples: FieldSample[], at: number): Promise<void> {
    const day = dayOf(at);
    await sweep(day, at).catch((error: unknown) => {
      sweptDay = ''; // tried again with the next report
      log(`vitals: sweeping old days failed: ${String(error)}`);
    });
    const slot = await drawSlot(day);
    await database.put(`${VITALS_PATH}/${day}/reports/${slot}`, { at, samples });
  }

  return async function vitals(req: VitalsRequest, res: CorsResponse): Promise<void> {
    try {
      if (req.method !== 'POST') throw new Refusal(405, 'Use POST.');
      const rawOrigin = req.headers.origin;
      const origin = Array.isArray(rawOrigin) ? rawOrigin[0] : rawOrigin;
      // A browser names the page's origin: another site's pages may not fill the shop's store.
      if (origin !== undefined && !deps.origins.includes(origin)) {
        throw new Refusal(403, 'Reports come from the storefront’s pages only.');
      }
      const report = readFieldReport(bodyOf(req));
      if (!report.ok) throw new Refusal(400, report.reason);
      const at = now();
      if (!budget.take(at).allowed) throw new Refusal(429, 'Too many reports: try later.');
      await store(report.samples, at);
      res.status(204);
      res.end();
    } catch (error) {
      if (error instanceof Refusal) {
        res.status(error.status).json({ error: error.error });
      } else if (error instanceof DatabaseUnavailable) {
        log(`vitals: ${error.message}`);
        res.status(503).json({ error: 'The report could not be stored.' });
      } else {
        log(`vitals: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        res.status(500).json({ error: 'The report could not be stored.' });
      }
    }
  };
}
