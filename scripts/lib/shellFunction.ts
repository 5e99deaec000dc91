// The shell server's Cloud Function (decision 1305) as `firebase deploy` uploads it and the
// Functions emulator runs it: shell/function/lib/ holds the server build (dist-server/) and, in
// lib/shell/, the files of the browser build it reads (its page template, remotes.json, the first-render
// stylesheets). Assembled from the builds; nothing in it is edited by hand.
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appDir, appPage } from './apps';

export const SHELL_FUNCTION_DIR = join(appDir('shell'), 'function');

/** The browser build's files the server reads: its template, the remote list, its CSS. */
const isServerInput = (name: string) =>
  name === appPage('shell') || name === 'remotes.json' || name.endsWith('.css');

/**
 * Without the shell's production builds (`npm run dev` serves it from memory): a function that
 * says so, so the emulator still loads every codebase (the order functions among them).
 */
const NOT_BUILT = `// Assembled without the shell's builds (scripts/lib/shellFunction.ts).
const { onRequest } = require('firebase-functions/v2/https');
exports.shellServer = onRequest({ region: 'us-central1' }, (req, res) => {
  res.status(503).type('text/plain').send('The shell server is not built: npm run build -- shell');
});
`;

export async function assembleShellFunction(
  shell = appDir('shell'),
  { allowMissing = false } = {},
): Promise<string> {
  const serverBuild = join(shell, 'dist-server');
  const browserBuild = join(shell, 'dist');
  const lib = join(SHELL_FUNCTION_DIR, 'lib');
  const missing = [serverBuild, browserBuild].find((dir) => !existsSync(dir));
  if (missing && !allowMissing) throw new Error(`${missing} is missing: build the shell first`);
  await rm(lib, { recursive: true, force: true });
  await mkdir(join(lib, 'shell'), { recursive: true });
  if (missing) {
    await writeFile(join(lib, 'function.js'), NOT_BUILT);
    return lib;
  }
  for (const name of await readdir(serverBuild)) {
    if (name.endsWith('.js') || name.endsWith('.js.map')) {
      await copyFile(join(serverBuild, name), join(lib, name));
    }
  }
  for (const name of await readdir(browserBuild)) {
    if (isServerInput(name)) await copyFile(join(browserBuild, name), join(lib, 'shell', name));
  }
  return lib;
}
