// Reads the database the way an operator would (admin token, local mode only) to check what the
// storefront stored. Never used by the storefront itself.
import { DATABASE_URL } from './browser';

export async function adminGet<T>(path: string, query = ''): Promise<T> {
  const response = await fetch(`${DATABASE_URL}/${path.replace(/^\//, '')}.json${query}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  if (!response.ok) throw new Error(`GET ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function firstProductId(): Promise<string> {
  const ids = await adminGet<Record<string, true> | null>('catalog/products', '?shallow=true');
  const first = Object.keys(ids ?? {}).sort()[0];
  if (!first) throw new Error('the catalog is empty: the database did not seed it');
  return first;
}

/** Writes as an operator does (admin token, local mode only): catalog data, never a shopper's. */
export async function adminPut(path: string, value: unknown): Promise<void> {
  const response = await fetch(`${DATABASE_URL}/${path.replace(/^\//, '')}.json`, {
    method: value === null ? 'DELETE' : 'PUT',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(value === null ? {} : { body: JSON.stringify(value) }),
  });
  if (!response.ok) throw new Error(`PUT ${path} → ${response.status} ${await response.text()}`);
}
