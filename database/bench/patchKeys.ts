/**
 * PATCH of N keys: the time one multi-location update takes, as the median of RUNS runs, for a
 * user's allowed PATCH (every line passes the cart rules) and for the same PATCH sent without a
 * token (denied by the rules, which still had to be evaluated). Each run writes to a fresh cart.
 */
import { performance } from 'node:perf_hooks';

export const PATCH_KEY_COUNTS = [500, 1000, 2000, 4000];
const RUNS = 5;

export interface PatchKeysRow {
  keys: number;
  allowedMs: number;
  allowedStatus: number;
  deniedMs: number;
  deniedStatus: number;
}

type Token = (uid: string) => string;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

/** Cart lines `{id}_{size}` with distinct sizes, so N lines are N distinct valid locations. */
function cartLines(productIds: string[], count: number): Record<string, unknown> {
  const lines: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const id = productIds[i % productIds.length] as string;
    const size = `s${i}`;
    lines[`${id}_${size}`] = { id, quantity: 1, size };
  }
  return lines;
}

export async function benchPatchKeys(baseUrl: string, token: Token): Promise<PatchKeysRow[]> {
  const products = (await (await fetch(`${baseUrl}/catalog/products.json`)).json()) as Record<
    string,
    unknown
  >;
  const ids = Object.keys(products);
  if (ids.length === 0) throw new Error('no products seeded');
  const rows: PatchKeysRow[] = [];
  let run = 0;
  for (const keys of PATCH_KEY_COUNTS) {
    const body = JSON.stringify(cartLines(ids, keys));
    const allowed: number[] = [];
    const denied: number[] = [];
    let allowedStatus = 0;
    let deniedStatus = 0;
    for (let i = 0; i < RUNS; i++) {
      const uid = `bench-patch-${run++}`;
      const cart = `${baseUrl}/users/anonymousTokens/${uid}/anonymousCart`;
      const auth = `auth=${token(uid)}`;
      const put = await fetch(`${cart}.json?${auth}`, {
        method: 'PUT',
        body: JSON.stringify({ totalQuantity: 0 }),
      });
      if (put.status !== 200) throw new Error(`cart PUT answered ${put.status}`);
      const yes = await timed(`${cart}/products.json?${auth}`, { method: 'PATCH', body });
      allowed.push(yes.ms);
      allowedStatus = yes.status;
      const no = await timed(`${cart}/products.json`, { method: 'PATCH', body });
      denied.push(no.ms);
      deniedStatus = no.status;
    }
    rows.push({
      keys,
      allowedMs: median(allowed),
      allowedStatus,
      deniedMs: median(denied),
      deniedStatus,
    });
  }
  return rows;
}

export function printPatchKeys(rows: PatchKeysRow[]): void {
  console.log(`PATCH of N keys, median of ${RUNS} runs (Node ${process.version})`);
  console.log('keys | user PATCH (allowed) | same PATCH, no token (denied)');
  console.log('-----|----------------------|------------------------------');
  for (const r of rows) {
    console.log(
      `${String(r.keys).padStart(4)} | ${`${r.allowedMs.toFixed(1)} ms (${r.allowedStatus})`.padEnd(20)} | ${r.deniedMs.toFixed(1)} ms (${r.deniedStatus})`,
    );
  }
}
