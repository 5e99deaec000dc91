/**
 * The server of `bench/cpu.ts`, in a process of its own so that its CPU time is the server's
 * alone: it answers its URL, then its process's CPU time (µs) on each 'cpu' message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabaseServer } from '../src/createServer';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-cpu-'));
const server = await startDatabaseServer({ port: 0, dataDir, log: false });
process.on('message', (message) => {
  if (message === 'cpu') {
    const usage = process.cpuUsage();
    process.send?.({ cpu: usage.user + usage.system });
  } else if (message === 'close') {
    void server.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ url: server.url });
