// `npm run i18n:check` (decision 5101, shared/CONTRACT.md §9b): each app's English texts in its
// `src/messages/en.json`, and each other language's file against them. Fails when en.json is stale
// or a `t()` text is not written out; lists missing translations (they show in English) and
// translations no longer used; `strict` fails on a missing translation too.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APP_NAMES, ROOT, appDir, type AppName } from '../apps';
import { extractTexts, routeListTexts, sortedTexts, type Problem } from './extract';

/** The back office is the staff's and stays English (CONTRACT §9b): it has no message files. */
export const ENGLISH_ONLY: readonly AppName[] = ['backoffice'];
/** Who owns texts: the apps, and the shared package (its UI components' words). */
export type TextsOwner = AppName | 'shared';
export const TRANSLATED_APPS: readonly TextsOwner[] = [
  ...APP_NAMES.filter((app) => !ENGLISH_ONLY.includes(app)),
  'shared',
];

const dirOf = (owner: TextsOwner) => (owner === 'shared' ? join(ROOT, 'shared') : appDir(owner));

export interface AppTexts {
  texts: string[];
  problems: Problem[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** An app's English texts: its `t()` calls, route handles and route list. */
export function readAppTexts(dir: string): AppTexts {
  const texts: string[] = [];
  const problems: Problem[] = [];
  for (const file of sourceFiles(join(dir, 'src'))) {
    const found = extractTexts(relative(ROOT, file), readFileSync(file, 'utf8'));
    texts.push(...found.texts);
    problems.push(...found.problems);
  }
  const routeList = join(dir, 'src/routes/routes.json');
  if (existsSync(routeList)) {
    texts.push(...routeListTexts(JSON.parse(readFileSync(routeList, 'utf8')) as []));
  }
  return { texts: sortedTexts(texts), problems };
}

export interface Translations {
  language: string;
  missing: string[];
  unused: string[];
}

/** What a language's file (English text → translation) lacks of `texts`, and holds beyond them. */
export function compareTranslations(
  language: string,
  texts: readonly string[],
  table: Readonly<Record<string, unknown>>,
): Translations {
  const known = new Set(texts);
  return {
    language,
    missing: texts.filter((text) => typeof table[text] !== 'string' || table[text] === ''),
    unused: Object.keys(table).filter((text) => !known.has(text)),
  };
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Checks (or with `write`, updates the en.json of) `apps`; the exit code. */
export function checkTexts(
  apps: readonly TextsOwner[],
  { write = false, strict = false }: { write?: boolean; strict?: boolean } = {},
): number {
  let status = 0;
  for (const app of apps) {
    if (app !== 'shared' && ENGLISH_ONLY.includes(app)) continue;
    const dir = dirOf(app);
    const messagesDir = join(dir, 'src/messages');
    if (!existsSync(join(messagesDir, 'index.ts'))) {
      console.log(`${app}: no src/messages/index.ts yet: its pages show English in every market`);
      continue;
    }
    const { texts, problems } = readAppTexts(dir);
    for (const problem of problems) {
      console.error(`${app}: ${problem.file}:${problem.line}: ${problem.message}`);
      status = 1;
    }
    const enFile = join(messagesDir, 'en.json');
    const written = `${JSON.stringify(texts, null, 2)}\n`;
    const current = existsSync(enFile) ? readFileSync(enFile, 'utf8') : '';
    if (current !== written) {
      if (write) {
        writeFileSync(enFile, written);
        console.log(`${app}: ${relative(ROOT, enFile)} written (${texts.length} texts)`);
      } else {
        console.error(
          `${app}: ${relative(ROOT, enFile)} is stale: run npm run i18n:check -- --write`,
        );
        status = 1;
      }
    }
    const languages = readdirSync(messagesDir)
      .filter((name) => /^[a-z]{2}\.json$/.test(name) && name !== 'en.json')
      .map((name) => name.slice(0, 2));
    for (const language of languages) {
      const table = readJson(join(messagesDir, `${language}.json`)) as Record<string, unknown>;
      const { missing, unused } = compareTranslations(language, texts, table);
      for (const text of missing)
        console.log(`${app}: ${language}: missing ${JSON.stringify(text)}`);
      for (const text of unused) console.log(`${app}: ${language}: unused ${JSON.stringify(text)}`);
      if (strict && missing.length > 0) status = 1;
      console.log(
        `${app}: ${language}: ${texts.length - missing.length}/${texts.length} translated` +
          (unused.length ? `, ${unused.length} unused` : ''),
      );
    }
  }
  return status;
}
