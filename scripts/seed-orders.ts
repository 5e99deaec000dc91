// `npm run seed:orders -- --count 100000 [--database http://127.0.0.1:9000]`: writes that many
// orders, their numbers and the staff's index entries to the running database, placed over the
// year before now (scripts/lib/seedOrders.ts, decision 5204). Adds to the orders already there.
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL } from './lib/seedCatalog';
import { seedOrders } from './lib/seedOrders';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: 'string' }, database: { type: 'string' } },
  });
  const count = Number(values.count);
  if (!values.count || !Number.isInteger(count) || count < 1) {
    console.error('usage: npm run seed:orders -- --count <N> [--database <url>]');
    process.exit(2);
  }
  const databaseUrl = values.database ?? DEFAULT_DATABASE_URL;
  const result = await seedOrders({ databaseUrl, count, log: (line) => console.log(line) });
  console.log(
    `${databaseUrl}: ${count} orders written in ${(result.ms / 1000).toFixed(1)} s; ` +
      `e.g. ${result.samples[0]?.order.number} (${result.samples[0]?.order.personalInformation.email})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
