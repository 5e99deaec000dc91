// The apps, from their one list: tooling/apps.json (the shell first, then the remotes). Every other
// list of the apps is derived from it or checked against it (appLists.test.ts).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import appsFile from '../../tooling/apps.json';

export const ROOT = resolve(__dirname, '../..');
export type AppName = keyof typeof appsFile.apps;
export const APP_NAMES = Object.keys(appsFile.apps) as AppName[];
export const REMOTE_NAMES = APP_NAMES.filter((name) => name !== 'shell');

/** The app's folder in the repository (`catalog-mfe`). */
export const appDirName = (app: AppName) => appsFile.apps[app].dir;
export const appDir = (app: AppName) => join(ROOT, appDirName(app));
export const appPort = (app: AppName) => appsFile.apps[app].port;
/** The app's HTML page in its dist/ (the shell's is the shell server's template: page.html). */
export const appPage = (app: AppName) => appsFile.apps[app].page;
export const BACKEND = appsFile.backend;

/**
 * The remotes with a server container (a `webpack.server.cjs`, decision 1302): the shell server
 * renders their public pages. A remote whose pages are all private has none.
 */
export const SERVER_RENDERED_REMOTES = REMOTE_NAMES.filter((app) =>
  existsSync(join(appDir(app), 'webpack.server.cjs')),
);

/** Where an app answers on this machine (`npm start`, the journeys): `http://localhost:8081`. */
export const appOrigin = (app: AppName, host: 'localhost' | '127.0.0.1' = 'localhost') =>
  `http://${host}:${appPort(app)}`;

/** The local stack's services (`npm start`, the tests), as browsers and scripts call them. */
export const LOCAL_URLS = {
  database: `http://127.0.0.1:${BACKEND.databasePort}`,
  authEmulator: `http://127.0.0.1:${BACKEND.authEmulatorPort}`,
  catalogService: `http://127.0.0.1:${BACKEND.catalogServicePort}`,
  /** The local test card provider (decision 5301): its API, and the hosted card fields' page. */
  paymentProvider: `http://127.0.0.1:${BACKEND.paymentProviderPort}`,
  /**
   * Where the project's HTTPS functions are called: the front end on the functions' public port,
   * which appends the caller's address and passes requests on to the Functions emulator on its own
   * port (scripts/functions-emulator.ts, decision 5401), as Google's front end does deployed.
   */
  functions: `http://127.0.0.1:${BACKEND.functionsEmulatorPort}/${BACKEND.projectId}/us-central1`,
  /**
   * The shell's Hosting site as firebase.json deploys it, served by the Hosting emulator: its files
   * with the site's headers, every page rewritten to the shell server's function (decision 1305).
   * The storefront itself stays on the shell's port (our server, same file's headers).
   */
  hostingEmulator: `http://127.0.0.1:${BACKEND.hostingEmulatorPort}`,
  /**
   * The shop as it was before its pages were rendered on the server (decision 1302): the shell's
   * files alone, every page rendered in the browser. Kept beside the storefront to compare the
   * two (`npm run bench:lighthouse -- --browser-rendered`).
   */
  browserRendered: `http://localhost:${BACKEND.browserRenderedPort}`,
} as const;
