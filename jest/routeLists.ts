// Every frontend test starts with the shop's links by role as the shell publishes them: the four
// remotes' route lists (CONTRACT §9). Read from the files, as the shell reads them from the
// manifests at run time; a test that moves a page publishes its own lists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishRouteLists } from '../shared/src/routes/shopContext';
import appsFile from '../tooling/apps.json';

/** The remotes and their folders, from the one list of the apps. */
const REMOTES = Object.fromEntries(
  Object.entries(appsFile.apps).flatMap(([name, app]) =>
    name === 'shell' ? [] : [[name, app.dir]],
  ),
);

export function shopRouteLists(): Record<
  string,
  Array<{ path: string; roles?: Record<string, string> }>
> {
  return Object.fromEntries(
    Object.entries(REMOTES).map(([name, dir]) => [
      name,
      JSON.parse(readFileSync(join(__dirname, '..', dir, 'src/routes/routes.json'), 'utf8')),
    ]),
  );
}

publishRouteLists(shopRouteLists());
