import { median, percentile } from './stats';

test('median: the middle value, the upper one of an even count, 0 for none', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(3);
  expect(median([])).toBe(0);
});

test('percentile: nearest rank, without reordering what it is given', () => {
  const latencies = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
  expect(percentile(latencies, 99)).toBe(100);
  expect(percentile(latencies, 50)).toBe(51);
  expect(latencies[0]).toBe(100);
  expect(percentile([], 99)).toBe(0);
});
