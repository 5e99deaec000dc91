// `npm test`: every check, in order, stopping at the first that fails; at the end (pass or fail)
// the time of each stage, so a slow stage is seen where it is, not guessed at.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/apps';

interface Stage {
  name: string;
  args: string[];
}

const STAGES: Stage[] = [
  { name: 'shared version', args: ['run', 'shared:check'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'contracts', args: ['run', 'contracts', '--', 'check'] },
  { name: 'unit tests', args: ['run', 'test:unit'] },
  { name: 'builds and bundle budget', args: ['run', 'bench:bundle', '--', '--check', '--build'] },
  { name: 'e2e journeys', args: ['run', 'test:e2e', '--', '--no-build'] },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function main(): number {
  const times: { name: string; ms: number; status: number }[] = [];
  const started = Date.now();
  let status = 0;
  for (const stage of STAGES) {
    const t0 = Date.now();
    const result = spawnSync('npm', stage.args, { cwd: ROOT, stdio: 'inherit' });
    status = result.status ?? 1;
    times.push({ name: stage.name, ms: Date.now() - t0, status });
    if (status !== 0) break;
  }
  console.log('\nnpm test, time per stage:');
  for (const time of times) {
    const mark = time.status === 0 ? '' : '  (failed)';
    console.log(`  ${time.name.padEnd(26)} ${seconds(time.ms).padStart(9)}${mark}`);
  }
  console.log(`  ${'total'.padEnd(26)} ${seconds(Date.now() - started).padStart(9)}`);
  return status;
}

process.exit(main());
