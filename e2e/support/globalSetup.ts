import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_SERVICES, isPortOpen, portsOf, serviceSpec } from '../../scripts/lib/services';
import { startService, writeState } from './stackState';

export default async function globalSetup(): Promise<void> {
  const options = {
    dataDir: mkdtempSync(join(tmpdir(), 'shop-e2e-')),
    // The browser places every journey's orders from one address (127.0.0.1), more than the
    // functions' 30 per address in 10 minutes (the repetition journey alone places 40): raised for
    // this stack, by name and in the emulator only (decision 5401). Every other limit is the
    // functions' own; client-limits.e2e.ts replays them from addresses of its own.
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
