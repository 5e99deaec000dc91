// Keeps cores busy while a journey runs, so races that need a loaded machine (a build running
// beside the browser) are met on purpose. Each worker spins until stopped, at most 15 minutes.
import { Worker } from 'node:worker_threads';

export interface CpuLoad {
  cores: number;
  stop(): Promise<void>;
}

const SPIN = `
const { parentPort } = require('node:worker_threads');
let stop = false;
const until = Date.now() + 15 * 60 * 1000;
parentPort.on('message', () => { stop = true; });
function spin() {
  const slice = Date.now() + 50;
  while (Date.now() < slice) Math.sqrt(Math.random());
  if (!stop && Date.now() < until) setImmediate(spin);
  else process.exit(0);
}
spin();
`;

export function startCpuLoad(cores: number): CpuLoad | null {
  if (!Number.isInteger(cores) || cores <= 0) return null;
  const workers = Array.from({ length: cores }, () => new Worker(SPIN, { eval: true }));
  return {
    cores,
    stop: async () => {
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.postMessage('stop');
            }),
        ),
      );
    },
  };
}
