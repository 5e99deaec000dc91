// The apps, from their one list: tooling/apps.json (the shell first, then the remotes). Every other
// list of the apps is derived from it or checked against it (appLists.test.ts).
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
