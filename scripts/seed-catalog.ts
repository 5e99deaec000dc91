// `npm run seed -- --products 20000 [--database http://127.0.0.1:9000]`: makes the running
// database's catalog hold exactly that many products (scripts/lib/seedCatalog.ts), then the
// low-stock index agree with their counts (decision 5207: derived products have sold-out sizes).
import { backfillLowStock } from '../functions/src/lowStockBackfill';
import { restDatabase } from '../functions/src/restDatabase';
import { DEFAULT_DATABASE_URL, seedCatalog } from './lib/seedCatalog';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(): Promise<void> {
  const productsOption = option('products');
  const products = Number(productsOption);
  if (!productsOption || !Number.isInteger(products)) {
    console.error('usage: npm run seed -- --products <N ≥ 45> [--database <url>]');
    process.exit(2);
  }
  const databaseUrl = option('database') ?? DEFAULT_DATABASE_URL;
  const result = await seedCatalog({ databaseUrl, products, log: (line) => console.log(line) });
  console.log(
    `catalog at ${databaseUrl}: ${products} products; ${result.written} written, ` +
      `${result.deleted} deleted in ${(result.ms / 1000).toFixed(1)} s`,
  );
  const database = restDatabase({ url: databaseUrl, credential: async () => 'owner' });
  const low = await backfillLowStock(database);
  console.log(`low-stock index: ${low.listed} sizes low or sold out, ${low.noted} entries written`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
