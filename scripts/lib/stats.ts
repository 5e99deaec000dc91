// The figures the benchmarks print: medians of their runs and percentiles of their latencies.

/** The middle value (the upper one of an even count); 0 for none. */
export function median(numbers: readonly number[]): number {
  return percentile(numbers, 50);
}

/** The nearest-rank `p`-th percentile (0–100); 0 for none. */
export function percentile(numbers: readonly number[], p: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}
