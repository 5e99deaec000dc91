// Which team's pipeline runs which journey: declared once, beside the journeys, in
// `e2e/tests/owners.json` (journey file → the apps whose pages it touches). A journey nobody owns,
// an owner that is no app of tooling/apps.json, or an entry for a journey that is gone is an error
// (`npm run test:team` refuses to run, and journeyOwners.test.ts fails), so no journey is left out
// of every team's pipeline.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NAMES, ROOT, type AppName } from './apps';

export const JOURNEYS_DIR = join(ROOT, 'e2e/tests');
export const OWNERS_FILE = 'owners.json';

export type JourneyOwners = Record<string, AppName[]>;

/** What is wrong with the declared owners of the journeys in `dir`; empty when nothing is. */
export function ownershipProblems(
  dir: string = JOURNEYS_DIR,
  apps: readonly string[] = APP_NAMES,
): string[] {
  const journeys = readdirSync(dir).filter((file) => file.endsWith('.e2e.ts'));
  let owners: Record<string, unknown>;
  try {
    owners = JSON.parse(readFileSync(join(dir, OWNERS_FILE), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    return [`${OWNERS_FILE} cannot be read: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  for (const journey of journeys) {
    const listed = owners[journey];
    if (!Array.isArray(listed) || listed.length === 0) {
      problems.push(`${journey} has no owner: add it to e2e/tests/${OWNERS_FILE}`);
      continue;
    }
    for (const owner of listed) {
      if (!apps.includes(owner as string)) {
        problems.push(`${journey}: owner "${String(owner)}" is no app of tooling/apps.json`);
      }
    }
  }
  for (const journey of Object.keys(owners)) {
    if (!journeys.includes(journey)) problems.push(`${OWNERS_FILE} names ${journey}, not there`);
  }
  return problems;
}

/** The journeys `team`'s pipeline runs (file names), after checking the declaration. */
export function journeysOf(team: AppName, dir: string = JOURNEYS_DIR): string[] {
  const problems = ownershipProblems(dir);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const owners = JSON.parse(readFileSync(join(dir, OWNERS_FILE), 'utf8')) as JourneyOwners;
  return Object.keys(owners)
    .filter((journey) => owners[journey]?.includes(team))
    .sort();
}

/**
 * What in a journey's source changes the stack every journey uses: such a journey runs alone
 * (scripts/lib/journeyRun.ts), the others side by side. Read from the code, so a journey that
 * starts to stop a service or publish a release cannot be forgotten in a list.
 */
const CHANGES_THE_STACK: { pattern: RegExp; what: string }[] = [
  {
    pattern:
      /\b(stopService|startService|withServiceDown|describeRemoteStopped|cutOffService|reconnectService|withServiceCutOff)\(/,
    what: 'stops, starts or cuts off a service',
  },
  {
    pattern: /\b(releaseFolder|releaseCommand|switchTo|unlistRemote)\(/,
    what: "publishes or switches a release, or changes the shell's remote list",
  },
  { pattern: /\bseedCatalog\(/, what: 're-seeds the catalog' },
  { pattern: /\badmin(Put|Patch|Delete)\(/, what: 'writes data other journeys read' },
];

/** Why the journey in `file` must run alone (empty: it can run beside others). */
export function whyAlone(file: string, dir: string = JOURNEYS_DIR): string[] {
  const source = readFileSync(join(dir, file), 'utf8');
  return CHANGES_THE_STACK.filter(({ pattern }) => pattern.test(source)).map(({ what }) => what);
}
