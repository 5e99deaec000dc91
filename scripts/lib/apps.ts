import { join, resolve } from 'node:path';
import appsFile from '../../tooling/apps.json';

export const ROOT = resolve(__dirname, '../..');
export const APP_NAMES = ['shell', 'catalog', 'cart', 'checkout', 'account'] as const;
export type AppName = (typeof APP_NAMES)[number];
export const REMOTE_NAMES = APP_NAMES.filter((name) => name !== 'shell');

export const appDir = (app: AppName) => join(ROOT, appsFile.apps[app].dir);
export const appPort = (app: AppName) => appsFile.apps[app].port;
export const BACKEND = appsFile.backend;
