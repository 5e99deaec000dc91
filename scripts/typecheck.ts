// `npm run typecheck`: TypeScript 7 (the native compiler) over every package, strict.
// (The `typescript` 5.x package is installed only because typescript-eslint's parser needs its API.)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { APP_NAMES, ROOT, appDirName } from './lib/apps';

const PROJECTS = [
  'shared',
  ...APP_NAMES.map(appDirName),
  'database',
  'payment-provider',
  'functions',
  'e2e',
  'scripts',
];
const tsc = join(ROOT, 'node_modules/typescript-7/bin/tsc');
let failed = 0;
for (const project of PROJECTS) {
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`typecheck failed: ${project}`);
  }
}
console.log(
  failed === 0
    ? `typecheck: ${PROJECTS.length} projects clean`
    : `typecheck: ${failed} project(s) failed`,
);
process.exit(failed === 0 ? 0 : 1);
