// How the e2e journeys run (`npm run test:e2e`, `npm run test:team`, `npm test`): one stack for
// the whole run, the journeys that leave it as they found it two at a time, then those that
// change it for everyone (a service stopped, a release published, the catalog re-seeded:
// `whyAlone` in journeyOwners.ts) one at a time. Half the machine waits during a journey (debounces,
// polls, a service's restart), so two side by side use it (decision 5002).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps';
import { startStack, stopStack } from '../../e2e/support/stackState';
import { JOURNEYS_DIR, whyAlone } from './journeyOwners';

/** Journeys at once in the side-by-side phase (`SHOP_E2E_WORKERS=1`: one at a time). */
const SIDE_BY_SIDE = Number(process.env.SHOP_E2E_WORKERS ?? 2);

export interface JourneyPlan {
  sideBySide: string[];
  alone: { file: string; why: string[] }[];
}

/** The journeys to run (all, or those named), split by whether they change the stack. */
export function planJourneys(only?: readonly string[], dir: string = JOURNEYS_DIR): JourneyPlan {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.e2e.ts'))
    .filter((file) => !only || only.includes(file))
    .sort();
  const plan: JourneyPlan = { sideBySide: [], alone: [] };
  for (const file of files) {
    const why = whyAlone(file, dir);
    if (why.length > 0) plan.alone.push({ file, why });
    else plan.sideBySide.push(file);
  }
  return plan;
}

/** jest over `files`, `workers` at a time, against the stack already running. */
function jest(files: string[], workers: number, extraArgs: string[]): Promise<number> {
  if (files.length === 0) return Promise.resolve(0);
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/jest/bin/jest.js'),
      '-c',
      'e2e/jest.config.cjs',
      ...(workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand']),
      ...extraArgs,
      '--runTestsByPath',
      ...files.map((file) => join(JOURNEYS_DIR, file)),
    ],
    // (jest's globalSetup and globalTeardown leave this stack to the runner.)
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SHOP_E2E_STACK: 'running' } },
  );
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

export interface RunOptions {
  /** Options for jest. */
  extraJestArgs?: string[];
  /**
   * Work to start with the alone phase, which leaves the machine about half idle, and to wait
   * for after it: its status counts with the journeys'.
   */
  besideAlone?: () => Promise<number>;
}

/**
 * Starts the stack, runs the plan's two phases (the second even when the first failed, so a run
 * reports every failure) and stops the stack. 0 when every journey (and `besideAlone`) passed.
 */
export async function runJourneys(
  plan: JourneyPlan,
  { extraJestArgs = [], besideAlone }: RunOptions = {},
): Promise<number> {
  const phases = [
    {
      name: `side by side, ${SIDE_BY_SIDE} at a time`,
      files: plan.sideBySide,
      workers: SIDE_BY_SIDE,
    },
    { name: 'alone, one at a time', files: plan.alone.map(({ file }) => file), workers: 1 },
  ];
  for (const { file, why } of plan.alone) console.log(`  alone: ${file} (${why.join('; ')})`);
  await startStack();
  const times: string[] = [];
  let status = 0;
  let beside: Promise<number> | undefined;
  try {
    for (const phase of phases) {
      if (phase.workers === 1) beside = besideAlone?.();
      const started = Date.now();
      const code = await jest(phase.files, phase.workers, extraJestArgs);
      if (phase.files.length > 0) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        times.push(
          `  journeys ${phase.name} (${phase.files.length}): ${seconds} s${code ? '  (failed)' : ''}`,
        );
      }
      status ||= code;
    }
  } finally {
    status ||= await (beside ?? Promise.resolve(0)).catch(() => 1);
    await stopStack();
  }
  console.log(`\n${times.join('\n')}`);
  return status;
}
