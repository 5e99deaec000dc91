// `npm run vitals [-- --days 7] [--database <url>] [--json]`: what real page views reported
// (decision 4203): the p75 of LCP, INP, CLS and TTFB per page route and per app build, and the
// errors per app build, from the `vitals` store the function keeps, read as an operator reads it
// (the database's REST protocol with the admin token: `owner` locally, `SHOP_DATABASE_ADMIN_TOKEN`
// for a real project, e.g. `gcloud auth print-access-token`).
import { parseArgs } from 'node:util';
import { formatSummary, summarise, type VitalsStore } from './lib/fieldData';
import { DEFAULT_DATABASE_URL } from './lib/seedCatalog';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '7' },
      database: { type: 'string', default: DEFAULT_DATABASE_URL },
      json: { type: 'boolean', default: false },
    },
  });
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1) {
    console.error('usage: npm run vitals -- [--days <N ≥ 1>] [--database <url>] [--json]');
    process.exit(2);
  }
  const url = values.database.replace(/\/+$/, '');
  const token = process.env.SHOP_DATABASE_ADMIN_TOKEN ?? 'owner';
  const response = await fetch(`${url}/vitals.json`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    throw new Error(`GET ${url}/vitals → ${response.status} ${await response.text()}`);
  }
  const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const summary = summarise((await response.json()) as VitalsStore | null, since);
  console.log(values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
