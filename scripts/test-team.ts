// `npm run test:team -- <team>`: one team's pipeline. Its lint, typecheck, unit tests and
// contracts with the other teams (decision 5001), then the journeys that touch its pages
// (e2e/tests/owners.json) against the other teams' current builds: those built already are used
// as they are, the team's own is built afresh. Stops at the first stage that fails; prints the
// time of each stage.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { APP_NAMES, ROOT, appDir, appDirName, appPage, type AppName } from './lib/apps';
import { buildAll } from './lib/build';
import { runCheck } from './lib/contracts/check';
import { ENGLISH_ONLY, checkTexts } from './lib/i18n/check';
import { readTreeApps } from './lib/contracts/generate';
import { ensureChromium } from './lib/chromium';
import { journeysOf } from './lib/journeyOwners';
import { planJourneys, runJourneys } from './lib/journeyRun';

interface Stage {
  name: string;
  run: () => Promise<number> | number;
}

const bin = (path: string) => join(ROOT, 'node_modules', path);
const node = (args: string[]): number =>
  spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;

/** The unit test projects of jest.config.cjs whose folder is the team's (the catalog: two). */
function jestProjects(team: AppName): string[] {
  const config = createRequire(__filename)(join(ROOT, 'jest.config.cjs')) as {
    projects: { displayName: string; rootDir: string }[];
  };
  const dir = `<rootDir>/${appDirName(team)}`;
  return config.projects
    .filter((project) => project.rootDir === dir || project.rootDir.startsWith(`${dir}/`))
    .map((project) => project.displayName);
}

function stagesOf(team: AppName): Stage[] {
  const dir = appDirName(team);
  const journeys = journeysOf(team);
  // The other teams' builds as they are now (built when missing); the team's own, afresh.
  const toBuild = APP_NAMES.filter(
    (app) => app === team || !existsSync(join(appDir(app), 'dist', appPage(app))),
  );
  return [
    {
      name: 'lint',
      run: () =>
        node([bin('eslint/bin/eslint.js'), dir, '--max-warnings=0']) ||
        node([bin('prettier/bin/prettier.cjs'), '--check', dir, '--log-level', 'warn']),
    },
    { name: 'typecheck', run: () => node([bin('typescript-7/bin/tsc'), '-p', dir, '--noEmit']) },
    // Its texts against its message files, every translation there (decision 5101); fast, no build.
    ...(ENGLISH_ONLY.includes(team)
      ? []
      : [{ name: 'texts', run: () => checkTexts([team], { strict: true }) }]),
    {
      name: 'unit tests',
      run: () =>
        node([
          bin('jest/bin/jest.js'),
          ...jestProjects(team).flatMap((project) => ['--selectProjects', project]),
        ]),
    },
    // What the team offers against what the others use of it, and the other way (decision 5001).
    { name: 'contracts', run: () => runCheck(readTreeApps(ROOT), [team]) },
    { name: `builds (${toBuild.join(', ')})`, run: () => buildAll(toBuild).then(() => 0) },
    {
      name: `journeys (${journeys.length})`,
      run: () => {
        ensureChromium();
        return runJourneys(planJourneys(journeys));
      },
    },
  ];
}

async function main(): Promise<number> {
  const team = (process.argv[2] ?? '').replace(/-mfe$/, '') as AppName;
  if (!APP_NAMES.includes(team)) {
    console.error(`usage: npm run test:team -- <${APP_NAMES.join('|')}>`);
    return 2;
  }
  const times: { name: string; ms: number; status: number }[] = [];
  const started = Date.now();
  let status = 0;
  for (const stage of stagesOf(team)) {
    const t0 = Date.now();
    status = await Promise.resolve(stage.run()).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    });
    times.push({ name: stage.name, ms: Date.now() - t0, status });
    if (status !== 0) break;
  }
  console.log(`\n${team}'s pipeline, time per stage:`);
  for (const { name, ms, status: code } of times) {
    console.log(
      `  ${name.padEnd(40)} ${(ms / 1000).toFixed(1).padStart(7)} s${code ? '  (failed)' : ''}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`,
  );
  return status;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
