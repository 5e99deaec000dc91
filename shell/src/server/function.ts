// The shell server as a second-generation Cloud Function (decision 1305): Hosting's shell site
// rewrites every page to it (firebase.json), the Functions emulator runs it locally. It serves
// pages only; the files are Hosting's. The shell's page template, remotes.json and first-render
// stylesheets travel with it in `shell/` (scripts/lib/shellFunction.ts puts them there).
import { join } from 'node:path';
import { onRequest } from 'firebase-functions/v2/https';
import { createPageHandler } from './main';

// The pages' own address is configured (SHOP_PUBLIC_ORIGIN, else the project's web.app domain),
// never taken from the forwarded headers (decision 3701).
const handlePage = createPageHandler({ distDir: join(__dirname, 'shell') });

export const shellServer = onRequest(
  // One instance renders many pages at once (rendering waits on the database and the remotes).
  { region: 'us-central1', concurrency: 80, memory: '512MiB', invoker: 'public' },
  (req, res) => handlePage(req, res),
);
