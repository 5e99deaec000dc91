// `npm run contracts -- check [app]` (decision 5001): an app's contract as its code says now
// against its committed contract.json (stale: rewrite it) and against the other apps' committed
// contracts, both ways: as producer (does every other app still get what it uses?) and as
// consumer (does it still get what it uses of them?).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { contractBreaks, type Break } from './compatible';
import { contractFile, contractText, generateContracts, type TreeApps } from './generate';
import type { Contract, Offers, Uses } from './types';

export interface CheckResult {
  /** One line per app whose committed contract.json differs from its code's. */
  stale: string[];
  breaks: Break[];
  checked: number;
}

function readCommitted(tree: TreeApps, app: string): Contract | undefined {
  const file = contractFile(tree, app);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Contract) : undefined;
}

/** Checks `apps` (every app of the tree when empty); `fresh`: contracts generated already. */
export function checkContracts(
  tree: TreeApps,
  apps: readonly string[] = [],
  fresh: Record<string, Contract> = generateContracts(tree),
): CheckResult {
  const names = Object.keys(tree.apps);
  const focus = apps.length > 0 ? apps : names;
  const committed = Object.fromEntries(names.map((app) => [app, readCommitted(tree, app)]));
  const stale: string[] = [];
  const breaks = new Map<string, Break>();
  let checked = 0;
  for (const app of focus) {
    const kept = committed[app];
    if (!kept || contractText(kept) !== contractText(fresh[app]!)) {
      stale.push(
        `${tree.apps[app]}/contract.json is ${kept ? 'stale (its code says otherwise)' : 'missing'}: ` +
          `run npm run contracts -- write ${app}`,
      );
    }
    // The app as its code is now; the others as they committed (what their releases rely on).
    const offers: Record<string, Offers> = {};
    const uses: Record<string, Uses> = {};
    const before: Record<string, Offers> = {};
    for (const name of names) {
      const contract = name === app ? fresh[name] : committed[name];
      if (!contract) continue;
      offers[name] = contract.offers;
      uses[name] = contract.uses;
      const previous = committed[name];
      if (previous) before[name] = previous.offers;
    }
    const result = contractBreaks(offers, uses, before);
    checked += result.checked;
    for (const found of result.breaks) {
      const involves = found.consumer === app || found.producer.split(',').includes(app);
      if (involves) breaks.set(found.message, found);
    }
  }
  return { stale, breaks: [...breaks.values()], checked };
}

/** Writes the contracts of `apps` (every app when empty) as their code says now. */
export function writeContracts(tree: TreeApps, apps: readonly string[] = []): string[] {
  const fresh = generateContracts(tree);
  const written: string[] = [];
  for (const app of apps.length > 0 ? apps : Object.keys(tree.apps)) {
    const file = contractFile(tree, app);
    const text = contractText(fresh[app]!);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      written.push(file);
    }
  }
  return written;
}

/** The check's report: each problem on its own line, or the one line saying all is well. */
export function reportLines(result: CheckResult): string[] {
  if (result.stale.length === 0 && result.breaks.length === 0) {
    return [`contracts: ${result.checked} checked, all compatible`];
  }
  return [...result.stale, ...result.breaks.map((found) => found.message)];
}

/** `check` as a pipeline stage: prints the report and returns the exit status (1 on any problem). */
export function runCheck(tree: TreeApps, apps: readonly string[] = []): number {
  const result = checkContracts(tree, apps);
  const failed = result.stale.length > 0 || result.breaks.length > 0;
  (failed ? console.error : console.log)(reportLines(result).join('\n'));
  return failed ? 1 : 0;
}
