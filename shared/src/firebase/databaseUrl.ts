// The REST URL of a database path: one place, used by the fetch helper and by the shell's early
// script (which preloads a page's first reads; decision 0503), so both ask for the same URL.
// Imports nothing but the configuration: the early script inlines it.
import { getFirebaseConfig } from './config';

/** 'users/x/' or '/users/x.json' → ['users', 'x'] */
export function pathSegments(path: string): string[] {
  return path
    .replace(/\.json$/, '')
    .split('/')
    .filter((s) => s.length > 0);
}

export function databaseUrl(path: string, token?: string): string {
  const base = getFirebaseConfig().databaseURL;
  const encoded = pathSegments(path).map(encodeURIComponent).join('/');
  const query = token ? `?auth=${encodeURIComponent(token)}` : '';
  return `${base}/${encoded}.json${query}`;
}
