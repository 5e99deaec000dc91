// The walk of a product page request (docs/architecture.md) stays true as the code moves: every
// file it names is there, each step names one file where it happens, and the functions a step says
// are in that file are in it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps';

const WALK = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The walk's numbered steps, each as its text. */
const steps = WALK.split(/\n(?=\d+\. \*\*)/)
  .slice(1)
  .map((step) => step.split(/\n## /)[0] ?? step);

/** Backticked names in `text`. */
const quoted = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

const isRepoPath = (name: string) => /^[\w.-]+(\/[\w.-]+)+\.(ts|tsx|cjs|mjs|js|json)$/.test(name);

test('the walk has its seventeen steps, numbered in order', () => {
  expect(steps.map((step) => Number(step.split('.')[0]))).toEqual(
    Array.from({ length: 17 }, (_, i) => i + 1),
  );
});

/** What a build writes (`shell/dist-server/server.js`) is not in the repository. */
const isBuilt = (path: string) => /(^|\/)dist[\w-]*\//.test(path);

test('every file the walk names is in the repository', () => {
  const named = quoted(WALK).filter((name) => isRepoPath(name) && !isBuilt(name));
  expect(named.length).toBeGreaterThan(25);
  expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
});

test('each step names the one file where it happens, and that file has what the step says', () => {
  const wrong: string[] = [];
  for (const step of steps) {
    const number = step.split('.')[0];
    const files = step.split('\n').filter((line) => line.trim().startsWith('- _File:_'));
    if (files.length !== 1) {
      wrong.push(`step ${number}: ${files.length} File lines`);
      continue;
    }
    // The File entry runs on to the next entry of the step.
    const entry = step.slice(step.indexOf('- _File:_')).split(/\n\s+- _/)[0] ?? '';
    const [path, ...names] = quoted(entry);
    if (!path || !isRepoPath(path)) {
      wrong.push(`step ${number}: no file`);
      continue;
    }
    const source = readFileSync(join(ROOT, path), 'utf8');
    for (const name of names.filter((text) => /^\w+$/.test(text))) {
      if (!new RegExp(`\\b${name}\\b`).test(source))
        wrong.push(`step ${number}: ${name} in ${path}`);
    }
  }
  expect(wrong).toEqual([]);
});
