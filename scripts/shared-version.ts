// `npm run shared:check` / `npm run shared:stamp`: semver for @shop/shared (decision 1201).
//   check  fails when shared/src changed and shared/package.json's version did not
//   stamp  records the hash of shared/src for the (bumped) version in shared/source-stamp.json
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT } from './lib/apps';
import {
  checkStamp,
  hashSources,
  planStamp,
  type SourceFile,
  type SourceStamp,
} from './lib/sharedVersion';

const SHARED = join(ROOT, 'shared');
const SOURCE_DIR = join(SHARED, 'src');
const STAMP_FILE = join(SHARED, 'source-stamp.json');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function current(): SourceStamp {
  const files: SourceFile[] = walk(SOURCE_DIR).map((path) => ({
    path: relative(SOURCE_DIR, path).split(sep).join('/'),
    content: readFileSync(path, 'utf8'),
  }));
  const { version } = JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version, sourceHash: hashSources(files) };
}

function recorded(): SourceStamp | null {
  if (!existsSync(STAMP_FILE)) return null;
  return JSON.parse(readFileSync(STAMP_FILE, 'utf8')) as SourceStamp;
}

const command = process.argv[2];
if (command === 'check') {
  const verdict = checkStamp(current(), recorded());
  (verdict.ok ? console.log : console.error)(verdict.message);
  process.exit(verdict.ok ? 0 : 1);
} else if (command === 'stamp') {
  const plan = planStamp(current(), recorded());
  if (plan.ok) writeFileSync(STAMP_FILE, `${JSON.stringify(plan.stamp, null, 2)}\n`);
  (plan.ok ? console.log : console.error)(plan.message);
  process.exit(plan.ok ? 0 : 1);
} else {
  console.error('usage: tsx scripts/shared-version.ts check|stamp');
  process.exit(2);
}
