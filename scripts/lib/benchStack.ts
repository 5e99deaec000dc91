// The production stack for the benchmarks: reuses a storefront that is already running on the
// standard ports, or starts the services it needs (fresh data in a temp dir) and stops them after.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isPortOpen,
  serviceSpec,
  spawnService,
  stopChild,
  waitForPort,
  type ServiceName,
} from './services';

export interface BenchStack {
  /** True when this process started the services (false: an already running stack is used). */
  started: boolean;
  stop(): Promise<void>;
}

export async function ensureStack(names: ServiceName[]): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const specs = names.map((name) => serviceSpec(name, { dataDir }));
  const open = await Promise.all(specs.map((spec) => isPortOpen(spec.port)));
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  if (open.every(Boolean)) {
    cleanUp();
    console.log(`Using the storefront already running on ports ${specs.map((s) => s.port)}.`);
    return { started: false, stop: async () => undefined };
  }
  const busy = specs.filter((_, index) => open[index]);
  if (busy.length > 0) {
    cleanUp();
    throw new Error(
      `Ports ${busy.map((s) => `${s.port} (${s.name})`).join(', ')} are busy but the rest of the ` +
        'storefront is not running: stop whatever uses them, or start the whole stack.',
    );
  }
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    cleanUp();
  };
  const started = Date.now();
  try {
    await Promise.all(
      specs.map(async (spec, index) => {
        await spec.prepare?.();
        const child = spawnService(spec, index, true);
        children.push(child);
        await waitForPort(spec.port, spec.startTimeoutS, child);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `Started ${names.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s (stopped at the end).`,
  );
  return { started: true, stop };
}
