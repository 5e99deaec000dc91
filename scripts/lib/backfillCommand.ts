// The operator's side of every backfill (`npm run backfill:*`): `--database <url>` (the local
// database server by default) and `--page <1..1000>`, the database's REST protocol with the admin
// token (`owner` locally, `SHOP_DATABASE_ADMIN_TOKEN` for a real project, e.g. `gcloud auth
// print-access-token`); prints what the backfill did, or its error and exits 1.
import { parseArgs } from 'node:util';
import { type DatabaseClient, restDatabase } from '../../functions/src/restDatabase';
import { DEFAULT_DATABASE_URL } from './seedCatalog';

export function runBackfill(
  name: string,
  backfill: (database: DatabaseClient, pageSize: number) => Promise<string>,
): void {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: DEFAULT_DATABASE_URL },
      page: { type: 'string', default: '200' },
    },
  });
  const pageSize = Number(values.page);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    console.error(`usage: npm run ${name} -- [--database <url>] [--page <1..1000>]`);
    process.exit(2);
  }
  const token = process.env.SHOP_DATABASE_ADMIN_TOKEN ?? 'owner';
  const database = restDatabase({ url: values.database, credential: async () => token });
  backfill(database, pageSize).then(
    (done) => console.log(done),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
