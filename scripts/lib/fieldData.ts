// `npm run vitals` (decision 4203): the stored field data (`vitals/{day}/reports/{slot}`, written by
// the `vitals` function) summed up per page route and per app build: the 75th percentile of each
// metric, as the Web Vitals thresholds are read, and the errors. Pure: scripts/vitals.ts reads.
import {
  FIELD_METRICS,
  p75,
  type FieldMetric,
  type StoredSample,
} from '../../shared/src/vitals/fieldData';

/** What `vitals` holds: per UTC day, its counter and its ring of reports. */
export type VitalsStore = Record<
  string,
  { next?: number; reports?: Record<string, { at?: number; samples?: StoredSample[] }> | unknown[] }
>;

export interface Row {
  key: string[];
  count: Record<FieldMetric, number>;
  p75: Record<FieldMetric, number>;
  errors: number;
}

export interface Summary {
  days: string[];
  reports: number;
  samples: number;
  byRoute: Row[];
  byBuild: Row[];
  /** Per app build, its most frequent error messages. */
  errors: Array<{ app: string; build: string; message: string; count: number }>;
}

/** The samples of the days from `since` (YYYY-MM-DD) on, with their report's time. */
export function samplesOf(
  store: VitalsStore | null,
  since = '',
): { days: string[]; reports: number; samples: StoredSample[] } {
  const days = Object.keys(store ?? {})
    .filter((day) => day >= since)
    .sort();
  let reports = 0;
  const samples: StoredSample[] = [];
  for (const day of days) {
    const ring = store?.[day]?.reports ?? {};
    // A ring whose slots are 0..n is read back as a list by the database's REST protocol.
    for (const report of Object.values(ring) as Array<{
      at?: number;
      samples?: StoredSample[];
    } | null>) {
      if (!report || !Array.isArray(report.samples)) continue;
      reports += 1;
      for (const sample of report.samples) samples.push({ ...sample, at: report.at ?? 0 });
    }
  }
  return { days, reports, samples };
}

function rows(samples: StoredSample[], keyOf: (sample: StoredSample) => string[]): Row[] {
  const groups = new Map<
    string,
    { key: string[]; values: Record<FieldMetric, number[]>; errors: number }
  >();
  for (const sample of samples) {
    const key = keyOf(sample);
    const id = key.join('\u0000');
    let group = groups.get(id);
    if (!group) {
      group = {
        key,
        values: Object.fromEntries(FIELD_METRICS.map((m) => [m, []])) as unknown as Record<
          FieldMetric,
          number[]
        >,
        errors: 0,
      };
      groups.set(id, group);
    }
    if (sample.kind === 'metric') group.values[sample.name]?.push(sample.value);
    else group.errors += 1;
  }
  return [...groups.values()]
    .map(({ key, values, errors }) => ({
      key,
      count: Object.fromEntries(FIELD_METRICS.map((m) => [m, values[m].length])) as Record<
        FieldMetric,
        number
      >,
      p75: Object.fromEntries(FIELD_METRICS.map((m) => [m, p75(values[m])])) as Record<
        FieldMetric,
        number
      >,
      errors,
    }))
    .sort((a, b) => a.key.join(' ').localeCompare(b.key.join(' ')));
}

export function summarise(store: VitalsStore | null, since = ''): Summary {
  const { days, reports, samples } = samplesOf(store, since);
  const messages = new Map<
    string,
    { app: string; build: string; message: string; count: number }
  >();
  for (const sample of samples) {
    if (sample.kind !== 'error') continue;
    const id = [sample.app, sample.build, sample.message].join('\u0000');
    const entry = messages.get(id) ?? {
      app: sample.app,
      build: sample.build,
      message: sample.message,
      count: 0,
    };
    entry.count += 1;
    messages.set(id, entry);
  }
  return {
    days,
    reports,
    samples: samples.length,
    byRoute: rows(samples, (s) => [s.route, s.app]),
    byBuild: rows(samples, (s) => [s.app, s.build]),
    errors: [...messages.values()].sort(
      (a, b) =>
        b.count - a.count || a.app.localeCompare(b.app) || a.message.localeCompare(b.message),
    ),
  };
}

/** A metric's p75 as people read it: ms rounded, CLS to 3 places; `–` with no sample. */
function shown(metric: FieldMetric, row: Row): string {
  const value = row.p75[metric];
  if (Number.isNaN(value)) return '–';
  const text = metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
  return `${text} (${row.count[metric]})`;
}

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

export function formatSummary(summary: Summary): string {
  if (summary.samples === 0) return 'No field data stored yet.';
  const metricHeads = FIELD_METRICS.map((m) => `${m} p75 (n)`);
  const metricCells = (row: Row) => FIELD_METRICS.map((m) => shown(m, row));
  const first = summary.days[0] ?? '';
  const last = summary.days[summary.days.length - 1] ?? '';
  return [
    `${summary.reports} reports, ${summary.samples} samples, ${first === last ? first : `${first} … ${last}`} (UTC)`,
    '',
    'Per page route',
    table(
      ['route', 'app', ...metricHeads, 'errors'],
      summary.byRoute.map((row) => [...row.key, ...metricCells(row), String(row.errors)]),
    ),
    '',
    'Per app build',
    table(
      ['app', 'build', ...metricHeads, 'errors'],
      summary.byBuild.map((row) => [...row.key, ...metricCells(row), String(row.errors)]),
    ),
    '',
    'Errors per app build',
    summary.errors.length === 0
      ? 'none'
      : table(
          ['app', 'build', 'count', 'message'],
          summary.errors.map((e) => [e.app, e.build, String(e.count), e.message]),
        ),
  ].join('\n');
}
