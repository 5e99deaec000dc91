/**
 * CPU time the database server spends per request (`npm run bench -w @shop/database -- --cpu`):
 * the server runs in a child process (bench/cpuServer.ts, its default limits) and reports its
 * own CPU time around a batch of requests (8 in flight), so the client's work is not counted.
 * Requests: the catalog GET, the bench's basket PUT, and a one-line PATCH as the browser sends
 * it (decision 4201), of a line whose colour is its product's last.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CPU_BATCH = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const IN_FLIGHT = 8;
const WARM_UP = 500;

export interface CpuRow {
  name: string;
  cpuMicrosPerRequest: number;
  requestsPerSecond: number;
}

type Product = { id: string; discountedPrice: number; sizes?: string[]; colours?: string[] };

function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && key in message) {
        child.off('message', onMessage);
        resolve((message as Record<string, T>)[key] as T);
      }
    };
    child.on('message', onMessage);
  });
}

/** A basket line the rules accept, keyed as shared/src/cart/cartDomain.ts keys it. */
function basketLine(product: Product, quantity: number, lastColour = false) {
  const size = product.sizes?.[0];
  const colour = product.colours?.[lastColour ? product.colours.length - 1 : 0];
  const key = `${product.id}${size ? `_${size}` : ''}${colour ? `~${colour.toLowerCase().replace(/[ /.#$[\]]/g, '-')}` : ''}`;
  const line = { id: product.id, quantity, ...(size && { size }), ...(colour && { colour }) };
  return [key, line] as const;
}

export async function benchCpu(token: (uid: string) => string): Promise<CpuRow[]> {
  const child = fork(fileURLToPath(new URL('./cpuServer.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const url = await reply<string>(child, 'url');
    const cpu = (): Promise<number> => {
      const answer = reply<number>(child, 'cpu');
      child.send('cpu');
      return answer;
    };
    const products = (await (await fetch(`${url}/catalog/products.json`)).json()) as Record<
      string,
      Product
    >;
    const [a, b] = Object.values(products);
    if (!a || !b) throw new Error('no products seeded');
    const uid = 'bench-cpu';
    const cartUrl = `${url}/users/anonymousTokens/${uid}/anonymousCart.json?auth=${token(uid)}`;
    const cart = {
      products: Object.fromEntries([basketLine(a, 2), basketLine(b, 1)]),
      totalQuantity: 3,
      totalPrice: a.discountedPrice * 2 + b.discountedPrice,
    };
    const [lineKey, line] = basketLine(a, 1, true);
    const requests: [string, (i: number) => Promise<Response>][] = [
      ['GET /catalog/products.json', () => fetch(`${url}/catalog/products.json`)],
      ['PUT basket', () => fetch(cartUrl, { method: 'PUT', body: JSON.stringify(cart) })],
      [
        'PATCH one line',
        (i) =>
          fetch(cartUrl, {
            method: 'PATCH',
            body: JSON.stringify({
              [`products/${lineKey}`]: { ...line, quantity: 1 + (i % 5) },
              totalQuantity: 4 + (i % 5),
            }),
          }),
      ],
    ];
    const rows: CpuRow[] = [];
    for (const [name, send] of requests) {
      const batch = async (count: number): Promise<void> => {
        let next = 0;
        const worker = async (): Promise<void> => {
          while (next < count) {
            const res = await send(next++);
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      };
      await batch(WARM_UP);
      const cpuBefore = await cpu();
      const start = performance.now();
      await batch(CPU_BATCH);
      const seconds = (performance.now() - start) / 1000;
      const cpuAfter = await cpu();
      rows.push({
        name,
        cpuMicrosPerRequest: (cpuAfter - cpuBefore) / CPU_BATCH,
        requestsPerSecond: CPU_BATCH / seconds,
      });
    }
    return rows;
  } finally {
    child.send('close');
  }
}

export function printCpu(rows: CpuRow[]): void {
  console.log(`server CPU per request, ${CPU_BATCH} requests, ${IN_FLIGHT} in flight`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(28)} | ${r.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs | ${r.requestsPerSecond.toFixed(0).padStart(5)} req/s`,
    );
  }
}
