/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMap, type SourceMapPayload } from 'node:module';
import webpack from 'webpack';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plugin is CommonJS tooling
const { CompileHintsPlugin, HINT } = require('../../tooling/compileHints.cjs') as {
  CompileHintsPlugin: new () => webpack.WebpackPluginInstance;
  HINT: string;
};

const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));

function build(): Promise<void> {
  writeFileSync(
    join(dir, 'entry.js'),
    [
      '// a comment minification drops',
      'export function shoutedGreeting(name) {',
      '  return `HELLO ${name.toUpperCase()}`;',
      '}',
      'import("./later.js").then((m) => console.log(shoutedGreeting(m.name)));',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'later.js'), 'export const name = "later";\n');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    devtool: 'source-map',
    output: { path: join(dir, 'dist'), filename: 'main.js', chunkFilename: '[name].chunk.js' },
    plugins: [new CompileHintsPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve();
    }),
  );
}

beforeAll(build, 60_000);

test('every script, entry and chunk, starts with the hint, after minification', () => {
  expect(HINT).toBe('//# allFunctionsCalledOnLoad\n');
  const chunk = readdirSync(join(dir, 'dist')).find((name) => name.endsWith('.chunk.js'));
  expect(chunk).toBeDefined();
  for (const file of ['main.js', chunk ?? '']) {
    const code = readFileSync(join(dir, 'dist', file), 'utf8');
    expect(code.startsWith(HINT)).toBe(true);
    // Minified: only the hint is a comment line.
    expect(code).not.toContain('a comment minification drops');
  }
});

test('source maps count the added line', () => {
  const code = readFileSync(join(dir, 'dist', 'main.js'), 'utf8').split('\n');
  const payload = JSON.parse(
    readFileSync(join(dir, 'dist', 'main.js.map'), 'utf8'),
  ) as SourceMapPayload;
  const line = code.findIndex((text) => text.includes('HELLO'));
  expect(line).toBeGreaterThan(0);
  const column = code[line]?.indexOf('HELLO') ?? -1;
  // Zero-based lines and columns.
  const original = new SourceMap(payload).findEntry(line, column);
  expect('originalSource' in original && original.originalSource).toContain('entry.js');
  expect('originalLine' in original && original.originalLine).toBe(2);
});
