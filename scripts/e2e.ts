// `npm run test:e2e`: installs Chromium if needed (as root), builds the five apps for production,
// then runs the journeys in e2e/ against the assembled shell (scripts/lib/journeyRun.ts).
// `--no-build` reuses existing builds; other words choose journeys (a part of the file's path, as
// jest's patterns: `npm run test:e2e -- --no-build order-rep`); options go to jest.
import { readdirSync } from 'node:fs';
import { buildAll } from './lib/build';
import { ensureChromium } from './lib/chromium';
import { JOURNEYS_DIR } from './lib/journeyOwners';
import { planJourneys, runJourneys } from './lib/journeyRun';

async function main(): Promise<number> {
  ensureChromium();
  const args = process.argv.slice(2).filter((arg) => arg !== '--no-build');
  if (!process.argv.includes('--no-build')) await buildAll();
  const patterns = args.filter((arg) => !arg.startsWith('-')).map((arg) => new RegExp(arg));
  const chosen =
    patterns.length === 0
      ? undefined
      : readdirSync(JOURNEYS_DIR).filter((file) =>
          patterns.some((pattern) => pattern.test(`e2e/tests/${file}`)),
        );
  if (chosen?.length === 0) {
    console.error(`no journey matches ${patterns.join(' ')}`);
    return 1;
  }
  return runJourneys(planJourneys(chosen), {
    extraJestArgs: args.filter((arg) => arg.startsWith('-')),
  });
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
