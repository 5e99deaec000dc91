// The e2e stack runs as child processes started by globalSetup; their pids live in a state file so
// tests (in other processes) can stop and restart one service, e.g. a remote for resilience tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND, ROOT } from '../../scripts/lib/apps';
import {
  ALL_SERVICES,
  isPortOpen,
  portsOf,
  serviceSpec,
  waitForService,
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

function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts one service detached from the test process; logs go to e2e/artifacts/<name>.log.
 * Idempotent for our own running service; a port held by anything else is an error.
 */
export async function startService(
  name: ServiceName,
  options = readState().options,
): Promise<number> {
  const spec = serviceSpec(name, options);
  for (const port of portsOf(spec)) {
    if (await isPortOpen(port)) {
      if (hasState() && isAlive(readState().pids[name])) return spec.port;
      throw new Error(`port ${port} (${name}) is held by a process the e2e suite did not start`);
    }
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  await spec.prepare?.();
  const log = openSync(join(ARTIFACTS, `${name}.log`), 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  // Recorded before it is ready, so a start that fails or is given up is still stopped.
  const state = hasState() ? readState() : { options, pids: {} };
  state.pids[name] = child.pid;
  writeState(state);
  try {
    await waitForService(spec, child);
  } catch (error) {
    await stopService(name, 'SIGKILL');
    throw new Error(`${name} did not start: ${error instanceof Error ? error.message : error}`);
  }
  return spec.port;
}

/** Whether every one of `ports` is open (`open`), or every one closed. */
async function portsAre(ports: readonly number[], open: boolean): Promise<boolean> {
  const states = await Promise.all(ports.map((port) => isPortOpen(port)));
  return states.every((state) => state === open);
}

/** Waits up to `ms` for `portsAre(ports, open)`; whether it came. */
async function portsBecome(
  ports: readonly number[],
  open: boolean,
  ms: number,
  pollMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await portsAre(ports, open)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return portsAre(ports, open);
}

export async function stopService(
  name: ServiceName,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const state = readState();
  const pid = state.pids[name];
  const ports = portsOf(serviceSpec(name, state.options));
  if (pid) {
    // The service's own process stops its children (tsx passes the signal on; the Firebase CLI
    // exports and stops its emulators). Signalling its whole group killed the Functions
    // emulator's workers as they started, and its clean shutdown then waited 30 s for them.
    // SIGKILL allows no clean shutdown: it goes to the whole group.
    try {
      process.kill(signal === 'SIGKILL' ? -pid : pid, signal);
    } catch {
      // already gone
    }
  }
  if (!(await portsBecome(ports, false, 20_000)) && pid && signal !== 'SIGKILL') {
    // Still answering 20 s after SIGTERM (a clean shutdown stuck): the whole group is killed, as
    // SIGKILL is, so one service cannot keep the next run's ports.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await portsBecome(ports, false, 10_000);
  }
  // Re-read: other services may have changed the state file meanwhile.
  const latest = readState();
  delete latest.pids[name];
  writeState(latest);
  if (!(await portsAre(ports, false)))
    throw new Error(`${name} still answers on port(s) ${ports.join(', ')} after ${signal}`);
}

/** The public ports of the services that have doors in front of them (frontDoors.ts). */
const DOORS: Partial<Record<ServiceName, number[]>> = {
  auth: [BACKEND.authEmulatorPort, BACKEND.functionsEmulatorPort],
};

async function toggleDoors(name: ServiceName, open: boolean): Promise<void> {
  const ports = DOORS[name];
  const pid = readState().pids[name];
  if (!ports || !pid) throw new Error(`${name} has no doors to cut off, or is not running`);
  if (await portsAre(ports, open))
    throw new Error(`${name} is already ${open ? 'open' : 'cut off'}`);
  process.kill(pid, 'SIGUSR2');
  if (!(await portsBecome(ports, open, 10_000, 50))) {
    throw new Error(`${name}'s doors did not ${open ? 'open' : 'close'}`);
  }
}

/**
 * The service unreachable, as if stopped: its public ports closed and their connections dropped,
 * while the Firebase emulators behind them run on (decision 5003). `reconnectService` undoes it.
 */
export const cutOffService = (name: ServiceName) => toggleDoors(name, false);
export const reconnectService = (name: ServiceName) => toggleDoors(name, true);

/** The whole stack on fresh data, for one e2e run (started once, however many jest runs use it). */
export async function startStack(): Promise<void> {
  const options = {
    dataDir: mkdtempSync(join(tmpdir(), 'shop-e2e-')),
    // The browser places every journey's orders from one address (127.0.0.1), more than the
    // functions' 30 per address in 10 minutes (the repetition journey alone places 40): raised for
    // this stack, by name and in the emulator only (decision 5401). Every other limit is the
    // functions' own; functions/test/clientLimits.emulator.test.ts replays them from addresses of its own.
    ordersPerAddress: 200,
  };
  for (const name of ALL_SERVICES) {
    for (const port of portsOf(serviceSpec(name, options)))
      if (await isPortOpen(port))
        throw new Error(`port ${port} (${name}) is busy: stop the running storefront first`);
  }
  writeState({ options, pids: {} });
  const started = Date.now();
  await Promise.all(ALL_SERVICES.map((name) => startService(name, options)));
  console.log(
    `\ne2e stack up in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${options.dataDir})`,
  );
}

export async function stopStack(): Promise<void> {
  if (!hasState()) return;
  await Promise.all(ALL_SERVICES.map((name) => stopService(name)));
}

/** Set by scripts/lib/journeyRun.ts for the jest runs of a stack it started and stops itself. */
export const STACK_STARTED_BY_RUNNER = process.env.SHOP_E2E_STACK === 'running';
