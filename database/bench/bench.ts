/**
 * Benchmark: npm run bench -w @shop/database [-- --patch-only]
 * Starts a server on a random port with a temporary data directory and runs autocannon
 * (50 connections, ~10 s each) against (a) GET /catalog/products.json, as it is and compressed
 * as browsers ask for it, (b) PUT of a cart and a PATCH of one of its lines; then (c) times PATCHes of 500 to 4,000 keys
 * (bench/patchKeys.ts). `--patch-only` runs (c) alone. `--stream` runs only the event-stream
 * fan-out at 20,000 and 100,000 products (bench/stream.ts; `--products 2000,20000` for others).
 * `--cpu` runs only the server's CPU time per GET, basket PUT and one-line PATCH (bench/cpu.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_BODY_LIMIT, startDatabaseServer } from '../src/createServer';
import { benchCpu, printCpu } from './cpu';
import { benchPatchKeys, PATCH_KEY_COUNTS, printPatchKeys } from './patchKeys';
import { benchStream, printStream, STREAM_PRODUCT_COUNTS } from './stream';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const PATCH_ONLY = process.argv.includes('--patch-only');
const STREAM = process.argv.includes('--stream');
const CPU = process.argv.includes('--cpu');
const productsArg = process.argv[process.argv.indexOf('--products') + 1];
const STREAM_COUNTS =
  process.argv.includes('--products') && productsArg
    ? productsArg.split(',').map(Number)
    : STREAM_PRODUCT_COUNTS;

function emulatorToken(uid: string, projectId = 'demo-shop'): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    iat,
    exp: iat + 3600,
    firebase: { identities: {}, sign_in_provider: 'anonymous' },
  })}.`;
}

async function main(): Promise<void> {
  if (STREAM) {
    printStream(await benchStream(STREAM_COUNTS));
    return;
  }
  if (CPU) {
    printCpu(await benchCpu((uid) => emulatorToken(uid)));
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-bench-'));
  const server = await startDatabaseServer({
    port: 0,
    dataDir,
    log: false,
    // The PATCH measurement goes past the default cap on update locations on purpose, and past
    // a basket's 50 lines and a user's 256 KiB body (it measures the rules' cost per line).
    maxUpdateLocations: Math.max(...PATCH_KEY_COUNTS),
    nodeLimits: [],
    userBodyLimitBytes: DEFAULT_BODY_LIMIT,
  });
  try {
    if (PATCH_ONLY) {
      printPatchKeys(await benchPatchKeys(server.url, (uid) => emulatorToken(uid)));
      return;
    }
    const products = (await (await fetch(`${server.url}/catalog/products.json`)).json()) as Record<
      string,
      { id: string; discountedPrice: number; sizes?: string[]; colours?: string[] }
    >;
    const [a, b] = Object.values(products);
    if (!a || !b) throw new Error('no products seeded');
    const uid = 'bench-session';
    // A shopper's basket the rules accept (a real size and colour, the line keyed by them as
    // shared/src/cart/cartDomain.ts keys it): the write measured is an allowed one.
    const basketLine = (product: typeof a, quantity: number) => {
      const size = product.sizes?.[0];
      const colour = product.colours?.[0];
      const key = `${product.id}${size ? `_${size}` : ''}${colour ? `~${colour.toLowerCase().replace(/[ /.#$[\]]/g, '-')}` : ''}`;
      return [key, { id: product.id, quantity, ...(size && { size }), ...(colour && { colour }) }];
    };
    const cart = {
      products: Object.fromEntries([basketLine(a, 2), basketLine(b, 1)]),
      totalQuantity: 3,
      totalPrice: a.discountedPrice * 2 + b.discountedPrice,
    };
    const oneLine = basketLine(a, 3);
    const runs: {
      name: string;
      opts: { url: string; method?: string; headers?: Record<string, string>; body?: string };
    }[] = [
      { name: 'GET /catalog/products.json', opts: { url: `${server.url}/catalog/products.json` } },
      {
        name: 'GET /catalog/products.json (gzip)',
        opts: {
          url: `${server.url}/catalog/products.json`,
          headers: { 'accept-encoding': 'gzip, deflate' },
        },
      },
      {
        name: 'PUT /users/anonymousTokens/{uid}/anonymousCart.json',
        opts: {
          url: `${server.url}/users/anonymousTokens/${uid}/anonymousCart.json?auth=${emulatorToken(uid)}`,
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(cart),
        },
      },
      {
        // What the browser sends when a shopper changes one line (decision 4201).
        name: 'PATCH /users/anonymousTokens/{uid}/anonymousCart.json (one line)',
        opts: {
          url: `${server.url}/users/anonymousTokens/${uid}/anonymousCart.json?auth=${emulatorToken(uid)}`,
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            [`products/${String(oneLine[0])}`]: oneLine[1],
            totalQuantity: 4,
            totalPrice: cart.totalPrice + a.discountedPrice,
          }),
        },
      },
    ];
    const rows: string[][] = [];
    for (const run of runs) {
      const result = await autocannon({
        ...run.opts,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      rows.push([
        run.name,
        result.requests.average.toFixed(0),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        String(result['2xx']),
        String(result.non2xx + result.errors),
      ]);
    }
    const header = ['request', 'req/s', 'p50', 'p99', '2xx', 'non-2xx/errors'];
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
    );
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
    console.log(
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s each (Node ${process.version})`,
    );
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
    rows.forEach((r) => console.log(line(r)));
    console.log('');
    printPatchKeys(await benchPatchKeys(server.url, (uid) => emulatorToken(uid)));
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
