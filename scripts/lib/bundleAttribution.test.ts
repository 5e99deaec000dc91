import { SourceMapGenerator } from 'source-map-js';
import {
  NO_SOURCE_MAP,
  UNMAPPED,
  addFileShares,
  bytesByGroup,
  groupOfSource,
  layerOf,
} from './bundleAttribution';

describe('groupOfSource', () => {
  it.each([
    ['webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js', 'react-dom'],
    ['webpack://shell/../node_modules/scheduler/cjs/scheduler.production.js', 'react-dom'],
    ['webpack://shell/../node_modules/react/cjs/react.production.js', 'react'],
    ['webpack://shell/../node_modules/react-router/dist/production/chunk-X.mjs', 'react-router'],
    [
      'webpack://catalog/../node_modules/@module-federation/runtime-core/dist/core.js',
      'Module Federation runtime',
    ],
    ['webpack://shell/../node_modules/.federation/entry.abc.js', 'Module Federation runtime'],
    ['webpack://catalog/webpack/runtime/sharing', 'webpack runtime'],
    ['webpack://shell/../node_modules/rxjs/dist/esm5/internal/Subject.js', 'rxjs'],
    ['webpack://shell/../node_modules/@firebase/auth/dist/esm/index.js', '@firebase/auth'],
    ['webpack://shell/../shared/src/bus/bus.ts', '@shop/shared'],
    ['webpack://catalog/./src/home/HomePage.tsx', 'catalog (own code)'],
    [null, UNMAPPED],
  ])('%s → %s', (source, group) => {
    expect(groupOfSource(source)).toBe(group);
  });

  it('sorts groups into the framework, other libraries and our code', () => {
    expect(layerOf('react-dom')).toBe('framework');
    expect(layerOf('Module Federation runtime')).toBe('framework');
    expect(layerOf('webpack runtime')).toBe('framework');
    expect(layerOf(UNMAPPED)).toBe('framework');
    expect(layerOf('zod')).toBe('library');
    expect(layerOf('@shop/shared')).toBe('shop');
    expect(layerOf('shell (own code)')).toBe('shop');
    expect(layerOf(`${NO_SOURCE_MAP} /718.js`)).toBe('unknown');
  });
});

describe('bytesByGroup', () => {
  /** Generated code and a map whose mappings start at the given (line, column) per source. */
  function mapped(code: string, at: Array<[number, number, string]>) {
    const generator = new SourceMapGenerator({ file: 'out.js' });
    for (const [line, column, source] of at) {
      generator.addMapping({
        generated: { line, column },
        original: { line: 1, column: 0 },
        source,
      });
    }
    return bytesByGroup(code, JSON.parse(generator.toString()));
  }

  it('gives each mapping the text up to the next one, and the rest of the line to the last', () => {
    const code = '/*x*/aaaabbbbbb';
    const totals = mapped(code, [
      [1, 5, 'webpack://shell/../node_modules/react-dom/index.js'],
      [1, 9, 'webpack://shell/./src/app.tsx'],
    ]);
    expect(Object.fromEntries(totals)).toEqual({
      [UNMAPPED]: 5,
      'react-dom': 4,
      'shell (own code)': 6,
    });
    const total = [...totals.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(code.length);
  });

  it('counts every character of a file of several lines exactly once', () => {
    const code = 'aaa\nbbbbb\n\ncc';
    const totals = mapped(code, [
      [1, 0, 'webpack://shell/../shared/src/a.ts'],
      [2, 2, 'webpack://shell/../node_modules/rxjs/x.js'],
      [4, 0, 'webpack://shell/../shared/src/b.ts'],
    ]);
    expect(Object.fromEntries(totals)).toEqual({
      '@shop/shared': 3 + 2,
      rxjs: 3,
      [UNMAPPED]: 2 + 3, // "bb" before line 2's mapping, and the three line breaks
    });
  });
});

describe('addFileShares', () => {
  it("shares out a file's gzip bytes in proportion to raw bytes", () => {
    const into = new Map<string, number>([['react', 100]]);
    addFileShares(
      into,
      new Map([
        ['react', 300],
        ['rxjs', 100],
      ]),
      1_000,
    );
    expect(into.get('react')).toBe(100 + 750);
    expect(into.get('rxjs')).toBe(250);
  });
});
