// `npm run release -- <remote> [options]`: a remote's releases on its local site (decision 4901).
//   (no option)            build, publish as a release, make it current   [--label L] [--no-build]
//   --rollback             back to the release that was current before this one (again: further back)
//   --to <id>              to a kept release
//   --list                 the kept releases, newest first
//   --canary <id> --share <percent>, --canary off
//   --keep N               releases kept (default 10, or SHOP_RELEASES_KEPT)
//   --site-url URL         the site's address (default http://localhost:<port>, or SHOP_RELEASE_SITE_URL)
import { parseArgs } from 'node:util';
import { REMOTE_NAMES, type AppName } from './lib/apps';
import { buildApp } from './lib/build';
import {
  DEFAULT_KEEP,
  type ReleaseIndex,
  type Site,
  distDirOf,
  publishRelease,
  readIndex,
  rollbackRelease,
  setCanary,
  siteOf,
  switchRelease,
} from './lib/releases';

const USAGE =
  `usage: npm run release -- <${REMOTE_NAMES.join('|')}> ` +
  '[--label L] [--no-build] | --rollback | --to <id> | --list | ' +
  '--canary <id> --share <percent> | --canary off  [--keep N] [--site-url URL]';

/** A mistake in the command line: the usage is shown, exit 2. */
class UsageError extends Error {}

interface Command {
  app: AppName;
  site: Site;
  keep: number;
  values: {
    label?: string;
    'no-build'?: boolean;
    rollback?: boolean;
    to?: string;
    list?: boolean;
    canary?: string;
    share?: string;
  };
}

function parseCommand(argv: string[]): Command {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      label: { type: 'string' },
      'no-build': { type: 'boolean' },
      rollback: { type: 'boolean' },
      to: { type: 'string' },
      list: { type: 'boolean' },
      canary: { type: 'string' },
      share: { type: 'string' },
      keep: { type: 'string' },
      'site-url': { type: 'string' },
    },
  });
  const app = (positionals[0] ?? '').replace(/-mfe$/, '') as AppName;
  if (positionals.length !== 1 || !(REMOTE_NAMES as readonly AppName[]).includes(app))
    throw new UsageError('name one remote');
  const modes = [values.rollback, values.to, values.list, values.canary].filter(
    (value) => value !== undefined,
  );
  if (modes.length > 1) throw new UsageError('--rollback, --to, --list and --canary go alone');
  if (values.share !== undefined && (values.canary === undefined || values.canary === 'off'))
    throw new UsageError('--share goes with --canary <id>');
  const siteUrl = values['site-url'] ?? process.env.SHOP_RELEASE_SITE_URL;
  return { app, site: siteOf(app, siteUrl), keep: keepOf(values.keep), values };
}

function keepOf(given: string | undefined): number {
  const text = given ?? process.env.SHOP_RELEASES_KEPT;
  if (text === undefined || text === '') return DEFAULT_KEEP;
  const keep = Number(text);
  if (!Number.isInteger(keep) || keep < 1)
    throw new UsageError(`--keep (or SHOP_RELEASES_KEPT) must be a whole number from 1: ${text}`);
  return keep;
}

const labelOf = (index: ReleaseIndex, id: string) =>
  index.releases.find((entry) => entry.id === id)?.label;
const withLabel = (label: string | undefined) => (label ? ` (label ${label})` : '');

async function publish({ app, site, keep, values }: Command): Promise<string> {
  const label = values.label || undefined;
  if (!values['no-build']) await buildApp(app, label ? { SHOP_BUILD_LABEL: label } : {});
  const { id, created, removed } = await publishRelease({
    ...site,
    distDir: distDirOf(app),
    label,
    keep,
  });
  const index = await readIndex(site.siteDir);
  const what = created ? 'published and current' : 'already kept, now current';
  const pruned = removed.length > 0 ? `\n${app}: pruned ${removed.join(', ')}` : '';
  return `${app}: release ${id} ${what}${withLabel(labelOf(index, id))}; the shop shows it from the next page load.${pruned}`;
}

/** A switch of the pointer, timed: it is the whole of a rollback. */
async function move({ app, site, values }: Command): Promise<string> {
  const before = (await readIndex(site.siteDir)).current;
  const started = performance.now();
  let to = values.to;
  if (to === undefined) to = await rollbackRelease(site);
  else await switchRelease({ ...site, id: to });
  const ms = Math.round(performance.now() - started);
  const verb = values.to === undefined ? 'rolled back' : 'switched';
  return `${app}: ${verb} from ${before ?? 'none'} to ${to} in ${ms} ms`;
}

async function canary({ app, site, values }: Command): Promise<string> {
  if (values.canary === 'off') {
    await setCanary({ ...site, id: null });
    const { current } = await readIndex(site.siteDir);
    return `${app}: no canary; every shopper gets ${current ?? 'no release'}`;
  }
  if (values.share === undefined) throw new UsageError('--canary <id> needs --share <percent>');
  const share = Number(values.share);
  await setCanary({ ...site, id: values.canary ?? null, share });
  const { current } = await readIndex(site.siteDir);
  return `${app}: canary ${values.canary} for ${share} % of shoppers, the others get ${current}`;
}

async function list({ app, site }: Command): Promise<string> {
  const index = await readIndex(site.siteDir);
  if (index.releases.length === 0) return `${app}: no releases kept`;
  const rows = index.releases.map((entry) => [
    entry.id,
    entry.time.replace(/\.\d+Z$/, 'Z'),
    entry.label ?? '',
    entry.id === index.current
      ? 'current'
      : entry.id === index.canary?.id
        ? `canary ${index.canary.share} %`
        : '',
  ]);
  const table = [['id', 'time', 'label', ''], ...rows];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...table.map((row) => (row[column] ?? '').length)),
  );
  return table
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .map((line) => line.trimEnd())
    .join('\n');
}

function run(command: Command): Promise<string> {
  const { values } = command;
  if (values.list) return list(command);
  if (values.canary !== undefined) return canary(command);
  if (values.rollback || values.to !== undefined) return move(command);
  return publish(command);
}

async function main(): Promise<void> {
  try {
    console.log(await run(parseCommand(process.argv.slice(2))));
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const usage =
      error instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
    console.error(usage ? `${(error as Error).message}\n${USAGE}` : (error as Error).message);
    process.exit(usage ? 2 : 1);
  }
}

void main();
