// "A new catalog build", as the journeys that deploy the catalog alone need it: a labelled
// production build of a changed copy of the catalog with two more pages (/lookbook and
// /lookbook/spring). A catalog build takes about 40 s on this machine, so it is made once per e2e
// run, on first use, and kept in the run's data folder for the other files (each test file runs
// in a module registry of its own, so the folder is the cache). Journeys publish it as a release
// and switch back; they never change or remove it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, appDir } from '../../scripts/lib/apps';
import { buildFolder } from '../../scripts/lib/build';
import { readState } from './stackState';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is CommonJS (tooling/)
const { writeRouteModules } = require('../../tooling/routeModules.cjs') as {
  writeRouteModules(appDir: string): boolean;
};

export interface CatalogVariant {
  /** The build's folder (browser build with its server build in `server/`). */
  folder: string;
  /** Its `SHOP_BUILD_LABEL`, shown in the catalog's pages and tagged on its field data. */
  label: string;
  /** The shell's built files, fingerprinted before the variant was built. */
  shellBefore: Record<string, string>;
}

/** Every file of `dir` with its SHA-256, to tell a byte-identical folder. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const entries = await Promise.all(
    files
      .filter((f) => f.isFile())
      .map(async (f) => {
        const path = join(f.parentPath, f.name);
        const hash = createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
        return [path.slice(dir.length), hash] as const;
      }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

const LOOKBOOK_PAGE = `import { Link } from 'react-router-dom';
export const handle = { title: 'Lookbook' };
export function Component() {
  return (<section><h1>Lookbook</h1><Link to="/lookbook/spring">See the spring looks</Link></section>);
}
`;

const SPRING_LOOKS_PAGE = `export const handle = { title: 'Spring looks' };
export function Component() {
  return <section><h1>Spring looks</h1></section>;
}
`;

/** The catalog team's change: two route modules and two lines in its route list. */
function addLookbookPages(source: string): void {
  writeFileSync(join(source, 'src/routes/lookbook.tsx'), LOOKBOOK_PAGE);
  writeFileSync(join(source, 'src/routes/lookbook-spring.tsx'), SPRING_LOOKS_PAGE);
  const listFile = join(source, 'src/routes/routes.json');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as unknown[];
  list.push(
    {
      path: '/lookbook',
      module: './lookbook',
      file: './src/routes/lookbook.tsx',
      title: 'Lookbook',
    },
    {
      path: '/lookbook/spring',
      module: './lookbook-spring',
      file: './src/routes/lookbook-spring.tsx',
      title: 'Spring looks',
    },
  );
  writeFileSync(listFile, JSON.stringify(list, null, 2));
  writeRouteModules(source);
}

/** The run's catalog variant, built now if no file of this run has built it yet. */
export async function catalogVariant(): Promise<CatalogVariant> {
  const home = join(readState().options.dataDir, 'catalog-variant');
  const recordFile = join(home, 'variant.json');
  if (existsSync(recordFile)) return JSON.parse(readFileSync(recordFile, 'utf8')) as CatalogVariant;

  const label = `catalog-variant-${Date.now()}`;
  const shellBefore = await fingerprint(join(appDir('shell'), 'dist'));
  // The copy sits in the repository so that its imports resolve to the workspace's packages.
  const source = mkdtempSync(join(ROOT, '.e2e-catalog-'));
  try {
    cpSync(appDir('catalog'), source, {
      recursive: true,
      filter: (path) => !/[/\\](dist|node_modules|site)([/\\]|$)/.test(path.slice(source.length)),
    });
    addLookbookPages(source);
    const folder = join(home, 'build');
    await buildFolder(source, { SHOP_BUILD_LABEL: label }, folder, 'catalog');
    const variant: CatalogVariant = { folder, label, shellBefore };
    writeFileSync(recordFile, JSON.stringify(variant));
    return variant;
  } finally {
    await rm(source, { recursive: true, force: true });
  }
}
