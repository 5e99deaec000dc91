/**
 * PATCH of N keys: the time one multi-location update takes, as the median of RUNS runs, for a
 * user's allowed PATCH (every line passes the cart rules: the allowed column answers 200) and for
 * the same PATCH sent without a token (denied by the rules, which still had to be evaluated).
 * Each run writes to a fresh cart.
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

/**
 * A product the bench adds with the admin token: a size in stock for each line and eight colours,
 * so N lines are N distinct lines the rules accept, each checked as a shopper's line is (a real
 * product, a size in its stock, one of its colours, the key the browser computes). The seed's
 * products hold a few hundred such lines in all, not 4,000.
 */
const BENCH_PRODUCT = 'bench-many-sizes';
const COLOURS = ['Moss', 'Charcoal', 'Navy', 'Sand', 'Olive', 'Ink', 'Rust', 'Stone'];

async function addBenchProduct(baseUrl: string, sizes: number): Promise<void> {
  const stock = Object.fromEntries(Array.from({ length: sizes }, (_, i) => [`s${i}`, 5]));
  const res = await fetch(`${baseUrl}/catalog/products/${BENCH_PRODUCT}.json`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify({ id: BENCH_PRODUCT, name: 'Bench product', stock, colours: COLOURS }),
  });
  if (res.status !== 200) throw new Error(`bench product PUT answered ${res.status}`);
}

/** N distinct lines of the bench product: `{id}_{size}~{colour key}`, colours in turn. */
function cartLines(count: number): Record<string, unknown> {
  const lines: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const size = `s${i}`;
    const colour = COLOURS[i % COLOURS.length] as string;
    lines[`${BENCH_PRODUCT}_${size}~${colour.toLowerCase()}`] = {
      id: BENCH_PRODUCT,
      quantity: 1,
      size,
      colour,
    };
  }
  return lines;
}

export async function benchPatchKeys(baseUrl: string, token: Token): Promise<PatchKeysRow[]> {
  await addBenchProduct(baseUrl, Math.max(...PATCH_KEY_COUNTS));
  const rows: PatchKeysRow[] = [];
  let run = 0;
  for (const keys of PATCH_KEY_COUNTS) {
    const body = JSON.stringify(cartLines(keys));
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
