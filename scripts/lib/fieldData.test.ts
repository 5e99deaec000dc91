// `npm run vitals`'s arithmetic (decision 4203): p75 per route and per app build over the days
// asked for, errors counted per build, a ring read back as a list by the REST protocol.
import { formatSummary, summarise, type VitalsStore } from './fieldData';

const metric = (name: string, value: number, route = '/products/:id', build = 'release-2') => ({
  kind: 'metric',
  name,
  value,
  route,
  app: 'catalog',
  build,
});

const STORE = {
  '2026-11-20': { next: 1, reports: { 0: { at: 1, samples: [metric('LCP', 99_999)] } } },
  '2026-11-26': {
    next: 2,
    // Slots 0..n come back as a list (with holes as null).
    reports: [
      { at: 2, samples: [1000, 2000, 3000, 4000].map((v) => metric('LCP', v)) },
      null,
      {
        at: 3,
        samples: [
          metric('LCP', 500, '/', 'release-1'),
          metric('CLS', 0.1234, '/', 'release-1'),
          {
            kind: 'error',
            message: 'TypeError: boom',
            route: '/',
            app: 'catalog',
            build: 'release-1',
          },
          {
            kind: 'error',
            message: 'TypeError: boom',
            route: '/',
            app: 'catalog',
            build: 'release-1',
          },
        ],
      },
    ],
  },
} as unknown as VitalsStore;

test('p75 per route and per build, errors per build, only the days asked for', () => {
  const summary = summarise(STORE, '2026-11-21');
  expect(summary).toMatchObject({ days: ['2026-11-26'], reports: 2, samples: 8 });
  expect(summary.byRoute.map((row) => [row.key, row.p75.LCP, row.count.LCP, row.errors])).toEqual([
    [['/', 'catalog'], 500, 1, 2],
    [['/products/:id', 'catalog'], 3000, 4, 0],
  ]);
  expect(summary.byBuild.map((row) => [row.key, row.p75.LCP, row.p75.CLS])).toEqual([
    [['catalog', 'release-1'], 500, 0.1234],
    [['catalog', 'release-2'], 3000, Number.NaN],
  ]);
  expect(summary.errors).toEqual([
    { app: 'catalog', build: 'release-1', message: 'TypeError: boom', count: 2 },
  ]);
  const text = formatSummary(summary);
  expect(text).toContain('| /products/:id | catalog | 3000 ms (4)');
  expect(text).toContain('| catalog | release-1 | 2     | TypeError: boom |');
  expect(formatSummary(summarise(null))).toBe('No field data stored yet.');
});
