// `npm run test:e2e`: installs Chromium if needed (as root), builds the five apps for production,
// then runs the journeys in e2e/ against the assembled shell (globalSetup starts the stack).
// `--no-build` reuses existing builds; extra arguments go to jest (e.g. a test file pattern).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/apps';
import { buildAll } from './lib/build';
import { ensureChromium } from './lib/chromium';

async function main() {
  ensureChromium();
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) await buildAll();
  const jestArgs = args.filter((arg) => arg !== '--no-build');
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/jest/bin/jest.js'),
      '-c',
      'e2e/jest.config.cjs',
      '--runInBand',
      ...jestArgs,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
