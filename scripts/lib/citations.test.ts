// No tracked file cites the tracker's issue numbers: a reader of the repository cannot open them.
// Comments, test names and texts cite what a reader can open instead: a decision record
// (`decision 1401`, docs/decisions/) or the product doc (`docs/product.md §4`). The decision
// records themselves are left out: their status lines say which issue they came from, and that is
// history. So are package-lock.json and binary files, which no one writes by hand.
import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps';

// Built from its parts, so that this file holds no citation of its own for the pattern to find.
const WORD = 'issue';
const CITATION = new RegExp(`\\b${WORD}s? #?\\d+`, 'i');

const LEFT_OUT = [/^docs\/decisions\//, /(^|\/)package-lock\.json$/];

/** Whether a file's text is binary, as git decides: a NUL byte in its first 8,000 bytes. */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

/** Every `file:line: text` of the tracked files (as they are in the working tree) that cites one. */
function citations(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && !LEFT_OUT.some((pattern) => pattern.test(file)));
  const hits: string[] = [];
  for (const file of files) {
    const path = join(ROOT, file);
    // A file deleted but not yet staged, or a symbolic link, has no text of its own to read.
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    const bytes = readFileSync(path);
    if (isBinary(bytes)) continue;
    bytes
      .toString('utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        if (CITATION.test(line)) hits.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return hits;
}

test('the pattern finds the ways a tracker issue was cited, and only those', () => {
  const cited = [
    `(${WORD} 14, decision 1401)`,
    `${WORD.toUpperCase()} 12: the basket`,
    `${WORD}s 36 and 39`,
    `${WORD} 41 #2`,
    `${WORD} #7`,
    `Budgets (${WORD} 36):`,
  ];
  const notCited = ['decision 1401', 'docs/product.md §4', `t${WORD} 12`, `the ${WORD} it names`];
  expect(cited.filter((text) => !CITATION.test(text))).toEqual([]);
  expect(notCited.filter((text) => CITATION.test(text))).toEqual([]);
});

test('no tracked file cites a tracker issue number (outside docs/decisions/)', () => {
  const hits = citations();
  if (hits.length > 0) {
    throw new Error(
      `${hits.length} line(s) cite a tracker issue, which a reader of the repository cannot open. ` +
        'Cite the decision record instead ("decision 1401", docs/decisions/), or docs/product.md ' +
        'with its section ("docs/product.md §4"), or drop the citation where the sentence stands ' +
        `without it:\n${hits.join('\n')}`,
    );
  }
});
