// Where a page's JavaScript comes from (`npm run bench:bundle`): each downloaded file's bytes
// split by the source its source map names, then grouped by what decides them: the framework
// the architecture names (React, React Router, Module Federation and webpack's runtime), other
// libraries, and our own code. A budget argued about with these figures is argued about the
// part a team can change.
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export type Layer = 'framework' | 'library' | 'shop' | 'unknown';

/** The group of a downloaded file without a source map (named after the file). */
export const NO_SOURCE_MAP = '(no source map)';

/** Bytes of generated code no mapping covers: webpack's module wrappers and glue. */
export const UNMAPPED = 'unmapped (module glue)';

const FRAMEWORK_PACKAGES: Record<string, string> = {
  react: 'react',
  'react-dom': 'react-dom',
  scheduler: 'react-dom', // react-dom's own scheduler, shipped inside its chunk
  'react-router': 'react-router',
  'react-router-dom': 'react-router',
};

/** The group a source file counts in (`webpack://shell/../node_modules/react-dom/...`). */
export function groupOfSource(source: string | null): string {
  if (!source) return UNMAPPED;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (inModules) {
    const name = inModules[1] as string;
    // `.federation/` holds the entry the federation plugin generates into each build.
    if (name.startsWith('@module-federation/') || name === '.federation')
      return 'Module Federation runtime';
    return FRAMEWORK_PACKAGES[name] ?? name;
  }
  if (/^webpack:\/\/[^/]*\/webpack\//.test(source)) return 'webpack runtime';
  if (/\/shared\/src\//.test(source)) return '@shop/shared';
  const app = /^webpack:\/\/([^/]+)\//.exec(source);
  return app ? `${app[1]} (own code)` : source;
}

const FRAMEWORK_GROUPS = [
  'react',
  'react-dom',
  'react-router',
  'Module Federation runtime',
  'webpack runtime',
  UNMAPPED,
];

export function layerOf(group: string): Layer {
  if (FRAMEWORK_GROUPS.includes(group)) return 'framework';
  if (group === '@shop/shared' || group.endsWith('(own code)')) return 'shop';
  if (group.startsWith(NO_SOURCE_MAP)) return 'unknown';
  return 'library';
}

/**
 * Characters of `code` per group: each mapping owns the generated text up to the next mapping
 * on its line (or the line's end); text before a line's first mapping, and line breaks, are
 * unmapped. Minified output is ASCII, so characters are bytes.
 */
export function bytesByGroup(code: string, map: RawSourceMap): Map<string, number> {
  const lines = code.split('\n');
  const totals = new Map<string, number>();
  const add = (group: string, n: number) => {
    if (n > 0) totals.set(group, (totals.get(group) ?? 0) + n);
  };
  const mappings: { line: number; column: number; group: string }[] = [];
  new SourceMapConsumer(map).eachMapping((m) =>
    mappings.push({
      line: m.generatedLine,
      column: m.generatedColumn,
      group: groupOfSource(m.source),
    }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  let index = 0;
  lines.forEach((text, i) => {
    const line = i + 1;
    let column = 0;
    let group = UNMAPPED;
    while (
      index < mappings.length &&
      (mappings[index] as (typeof mappings)[number]).line === line
    ) {
      const next = mappings[index] as (typeof mappings)[number];
      add(group, Math.min(next.column, text.length) - column);
      column = Math.min(next.column, text.length);
      group = next.group;
      index += 1;
    }
    add(group, text.length - column);
    if (i < lines.length - 1) add(UNMAPPED, 1);
  });
  return totals;
}

/**
 * Adds one downloaded file to `into` (group → estimated gzip bytes): gzip does not split by
 * source, so the file's gzip size is shared out in proportion to each group's raw bytes.
 */
export function addFileShares(
  into: Map<string, number>,
  rawByGroup: Map<string, number>,
  fileGzipBytes: number,
): void {
  const raw = [...rawByGroup.values()].reduce((sum, n) => sum + n, 0);
  if (raw === 0) return;
  for (const [group, n] of rawByGroup) {
    into.set(group, (into.get(group) ?? 0) + (fileGzipBytes * n) / raw);
  }
}
