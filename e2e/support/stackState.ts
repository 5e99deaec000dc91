// The e2e stack runs as child processes started by globalSetup; their pids live in a state file so
// tests (in other processes) can stop and restart one service, e.g. a remote for resilience tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/apps';
import {
  isPortOpen,
  serviceSpec,
  waitForPort,
  type ServiceName,
  type StackOptions,
} from '../../scripts/lib/services';

export const ARTIFACTS = join(ROOT, 'e2e/artifacts');
const STATE_FILE = join(ARTIFACTS, 'stack.json');

interface StackState {
  options: StackOptions;
  pids: Partial<Record<ServiceName, number>>;
}

export function readState(): StackState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

export function writeState(state: StackState): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function hasState(): boolean {
  return existsSync(STATE_FILE);
}

/** Starts one service detached from the test process; logs go to e2e/artifacts/<name>.log. */
export async function startService(
  name: ServiceName,
  options = readState().options,
): Promise<number> {
  const spec = serviceSpec(name, options);
  mkdirSync(ARTIFACTS, { recursive: true });
  const { openSync } = await import('node:fs');
  const log = openSync(join(ARTIFACTS, `${name}.log`), 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  await waitForPort(spec.port, spec.startTimeoutS);
  const state = hasState() ? readState() : { options, pids: {} };
  state.pids[name] = child.pid;
  writeState(state);
  return spec.port;
}

export async function stopService(
  name: ServiceName,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const state = readState();
  const pid = state.pids[name];
  const port = serviceSpec(name, state.options).port;
  if (pid) {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  }
  const deadline = Date.now() + 20_000;
  while ((await isPortOpen(port)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  delete state.pids[name];
  writeState(state);
}
