// Figures of a process summed with its descendants' (tsx runs a script in a child process), read
// from /proc (Linux): what the benchmarks report of the services they start.
import { readFileSync } from 'node:fs';

function ofTree(pid: number, own: (id: number) => number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return own(pid) + children.reduce((sum, child) => sum + ofTree(child, own), 0);
}

/** Resident memory of a process and its descendants, MB. */
export function residentMb(pid: number): number {
  const kb = (id: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(ofTree(pid, kb) / 1024);
}

/**
 * CPU seconds (user and system) a process and its descendants used: on a shared machine, the
 * time to ready says as much about the neighbours. Assumes 100 clock ticks a second (Linux).
 */
export function cpuSeconds(pid: number): number {
  const ticks = (id: number) => {
    const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  return ofTree(pid, ticks) / 100;
}
