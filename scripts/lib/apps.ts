import { join, resolve } from 'node:path';
import appsFile from '../../tooling/apps.json';

export const ROOT = resolve(__dirname, '../..');
export const APP_NAMES = ['shell', 'catalog', 'cart', 'checkout', 'account'] as const;
export type AppName = (typeof APP_NAMES)[number];
export const REMOTE_NAMES = APP_NAMES.filter((name) => name !== 'shell');

export const appDir = (app: AppName) => join(ROOT, appsFile.apps[app].dir);
export const appPort = (app: AppName) => appsFile.apps[app].port;
/** The app's HTML page in its dist/ (the shell's is the shell server's template: page.html). */
export const appPage = (app: AppName) => appsFile.apps[app].page;
export const BACKEND = appsFile.backend;
