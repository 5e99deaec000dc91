// `npm test`: every check; at the end (pass or fail) the time of each stage, so a slow stage is
// seen where it is, not guessed at. The unit tests and the builds come first and stop the run when
// they fail. The type check, the contracts and the lint run beside the journeys that run alone,
// which leave the machine about half idle (decision 5002): at a lower priority, one after another,
// their output printed once the journeys are done; a failure there fails the run all the same.
// (The unit tests stay before: beside the journeys, a test that waits for a render within its
// second failed for want of CPU.)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/apps';
import { ensureChromium } from './lib/chromium';
import { planJourneys, runJourneys } from './lib/journeyRun';

interface Stage {
  name: string;
  args: string[];
}

interface Time {
  name: string;
  ms: number;
  status: number;
}

const FIRST: Stage[] = [
  { name: 'shared version', args: ['run', 'shared:check'] },
  // Every app's texts against its message files (decision 5101): fast, no build.
  { name: 'texts', args: ['run', 'i18n:check', '--', '--strict'] },
  { name: 'unit tests', args: ['run', 'test:unit'] },
  { name: 'builds and bundle budget', args: ['run', 'bench:bundle', '--', '--check', '--build'] },
];

const BESIDE_THE_JOURNEYS: Stage[] = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'contracts', args: ['run', 'contracts', '--', 'check'] },
  { name: 'lint', args: ['run', 'lint'] },
];

const BESIDE_LOG = join(ROOT, 'e2e/artifacts/beside-the-journeys.log');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The stages one after another, niced, their output in BESIDE_LOG; each stage's time. */
async function besideTheJourneys(times: Time[]): Promise<number> {
  mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
  const log = openSync(BESIDE_LOG, 'w');
  let status = 0;
  for (const stage of BESIDE_THE_JOURNEYS) {
    const t0 = Date.now();
    const code = await new Promise<number>((resolve) => {
      spawn('nice', ['-n', '10', 'npm', ...stage.args], { cwd: ROOT, stdio: ['ignore', log, log] })
        .once('error', () => resolve(1))
        .once('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    times.push({ name: `${stage.name} (beside)`, ms: Date.now() - t0, status: code });
    status ||= code;
  }
  return status;
}

async function main(): Promise<number> {
  const times: Time[] = [];
  const started = Date.now();
  let status = 0;
  for (const stage of FIRST) {
    const t0 = Date.now();
    status = spawnSync('npm', stage.args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
    times.push({ name: stage.name, ms: Date.now() - t0, status });
    if (status !== 0) break;
  }
  if (status === 0) {
    const t0 = Date.now();
    const besideTimes: Time[] = [];
    ensureChromium();
    status = await runJourneys(planJourneys(), {
      besideAlone: () => besideTheJourneys(besideTimes),
    });
    times.push({ name: 'e2e journeys', ms: Date.now() - t0, status }, ...besideTimes);
    console.log(
      `\n${BESIDE_THE_JOURNEYS.map((s) => s.name).join(' and ')}, run beside the journeys:`,
    );
    console.log(readFileSync(BESIDE_LOG, 'utf8'));
  }
  console.log('\nnpm test, time per stage:');
  for (const time of times) {
    const mark = time.status === 0 ? '' : '  (failed)';
    console.log(`  ${time.name.padEnd(26)} ${seconds(time.ms).padStart(9)}${mark}`);
  }
  console.log(`  ${'total'.padEnd(26)} ${seconds(Date.now() - started).padStart(9)}`);
  return status;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
