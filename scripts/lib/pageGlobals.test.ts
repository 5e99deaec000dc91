// The values the shop keeps on globalThis are named in one table, each with its reason
// (shared/src/pageGlobals.ts, decision 5503). Product code names a `__SHOP_` key only there and in
// the shell's early chain (which imports nothing, so its copies are checked here); tests and
// journeys, which read page state, name only keys of the table.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_GLOBALS } from '../../shared/src/pageGlobals';
import { ROOT } from './apps';

const TABLE = 'shared/src/pageGlobals.ts';
/** The early chain's own copies, by the table's name for each. */
const EARLY_COPIES: Record<string, keyof typeof PAGE_GLOBALS> = {
  'shell/src/early/earlyStore.ts': 'earlyStart',
  'shell/src/early/earlyInteraction.ts': 'interacted',
  'shell/src/early/earlyInput.ts': 'releaseEarlyInput',
};
// Built from its parts so that this file names no key of its own.
const KEY = new RegExp(`${'__SHOP'}_[A-Z_]+__`, 'g');
const isTestOrJourney = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('e2e/') || file.startsWith('scripts/');

/** Every tracked source file that names a key, with the keys it names. */
function keysByFile(): Map<string, string[]> {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.cjs', '*.mjs', '*.js'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const found = new Map<string, string[]>();
  for (const file of files) {
    const keys = readFileSync(join(ROOT, file), 'utf8').match(KEY);
    if (keys) found.set(file, [...new Set(keys)]);
  }
  return found;
}

const found = keysByFile();
const tableKeys = new Set<string>(Object.values(PAGE_GLOBALS));

it('product code names a page global only in the table and the early chain', () => {
  const elsewhere = [...found.keys()].filter(
    (file) => file !== TABLE && !(file in EARLY_COPIES) && !isTestOrJourney(file),
  );
  expect(elsewhere).toEqual([]);
});

it("the early chain's copies are the table's keys", () => {
  for (const [file, name] of Object.entries(EARLY_COPIES)) {
    expect({ file, keys: found.get(file) }).toEqual({ file, keys: [PAGE_GLOBALS[name]] });
  }
});

it('tests and journeys name only keys of the table', () => {
  const unknown = [...found]
    .filter(([file]) => isTestOrJourney(file))
    .flatMap(([file, keys]) =>
      keys.filter((key) => !tableKeys.has(key)).map((k) => `${file}: ${k}`),
    );
  expect(unknown).toEqual([]);
});

it('the table names each key once', () => {
  expect(tableKeys.size).toBe(Object.keys(PAGE_GLOBALS).length);
});
