// `npm run build`: production builds of every app (or the ones named: `npm run build -- catalog`).
import { APP_NAMES, type AppName } from './lib/apps';
import { buildAll } from './lib/build';

const named = process.argv
  .slice(2)
  .filter((arg): arg is AppName => APP_NAMES.includes(arg as AppName));
buildAll(named.length > 0 ? named : APP_NAMES).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
