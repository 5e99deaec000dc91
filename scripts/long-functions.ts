// `npm run lint:functions`: prints the production functions longer than 80 lines ("functions of one
// job"), longest first, with the TypeScript compiler's parser. Production code: every app's src,
// shared/src, database/src, payment-provider/src, functions/src and the catalog's query service;
// test files, test helpers (testing/, test/) and generated files (dist/, lib/, *.d.ts) left out.
// `--max N` changes the limit; `--check` exits 1 when any function is over it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { APP_NAMES, ROOT, appDirName } from './lib/apps';

const SOURCE_ROOTS = [
  ...APP_NAMES.map((app) => `${appDirName(app)}/src`),
  'shared/src',
  'database/src',
  'payment-provider/src',
  'functions/src',
  'catalog-mfe/service/src',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'lib', 'testing', 'test', '__mocks__']);
const isProductionFile = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return isProductionFile(name) ? [path] : [];
  });
}

/** A readable name: the declaration's, or the variable, property or call it is given to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/** The functions of one file longer than `max` lines (first line to last, both counted). */
export function longFunctionsIn(path: string, text: string, max: number): LongFunction[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max)
        found.push({ file: path, line: start + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function longFunctions(max: number): LongFunction[] {
  return SOURCE_ROOTS.flatMap((root) => sourceFiles(join(ROOT, root)))
    .flatMap((path) => longFunctionsIn(relative(ROOT, path), readFileSync(path, 'utf8'), max))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

function main(): void {
  const { values } = parseArgs({
    options: { max: { type: 'string', default: '80' }, check: { type: 'boolean' } },
  });
  const max = Number(values.max);
  const found = longFunctions(max);
  for (const f of found)
    console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`${found.length} production function(s) over ${max} lines`);
  if (values.check && found.length > 0) process.exitCode = 1;
}

if (require.main === module) main();
