/**
 * Event-stream fan-out at catalog scale (decision 0003): one admin listener on catalog/products (as
 * the catalog query service keeps), a catalog of N products (scripts/lib/seedCatalog.ts), and
 * small writes under it. For each N, medians of RUNS runs of:
 * - a PUT of one stock count without a listener, then the time until a new listener's initial
 *   put has fully arrived (rendered afresh: the write emptied the read cache), and its size;
 * - the same PUT with the listener open: until the answer, and until the listener's event;
 * - a PATCH of two products at catalog/products (with the listener), the same two times.
 * Each server is started in this process on a fresh data directory.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { derivedProducts, readSeedProducts, seedCatalog } from '../../scripts/lib/seedCatalog';
import { startDatabaseServer } from '../src/createServer';

export const STREAM_PRODUCT_COUNTS = [20_000, 100_000];
const RUNS = 5;
const ADMIN = { Authorization: 'Bearer owner' };

export interface StreamRow {
  products: number;
  initialMs: number;
  initialMB: number;
  putAloneMs: number;
  putAnswerMs: number;
  putEventMs: number;
  patchAnswerMs: number;
  patchEventMs: number;
}

interface Arrival {
  event: string;
  at: number;
  bytes: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * An event stream that records when each event (but keep-alives) finished arriving and its size.
 * It never joins or parses an event's data: an initial put of 60 MB would cost the client more
 * than the server.
 */
function listen(url: string) {
  const arrivals: Arrival[] = [];
  let waiter: (() => void) | undefined;
  let head = ''; // the start of the current event, for its name
  let bytes = 0;
  let lastByteNewline = false;
  const finish = () => {
    const event = /^event: (.*)$/m.exec(head)?.[1] ?? 'message';
    if (event !== 'keep-alive') {
      arrivals.push({ event, at: performance.now(), bytes });
      waiter?.();
    }
    head = '';
    bytes = 0;
  };
  const req = http.get(url, { headers: { ...ADMIN, Accept: 'text/event-stream' } }, (res) => {
    res.on('data', (chunk: Buffer) => {
      let start = 0;
      // A blank line split across two chunks (events never start with a newline).
      if (lastByteNewline && chunk[0] === 0x0a) {
        finish();
        start = 1;
      }
      while (start < chunk.length) {
        const end = chunk.indexOf('\n\n', start);
        const stop = end < 0 ? chunk.length : end;
        if (head.length < 100) head += chunk.toString('utf8', start, Math.min(stop, start + 100));
        bytes += stop - start;
        if (end < 0) break;
        finish();
        start = end + 2;
      }
      lastByteNewline = chunk[chunk.length - 1] === 0x0a;
    });
  });
  req.on('error', () => undefined);
  let read = 0;
  return {
    close: () => req.destroy(),
    /** The next event's arrival, waiting for it. */
    async next(): Promise<Arrival> {
      while (read >= arrivals.length) {
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, 50);
        });
      }
      return arrivals[read++] as Arrival;
    },
  };
}

async function send(url: string, method: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { ...ADMIN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}`);
  return performance.now() - started;
}

async function benchOne(products: number): Promise<StreamRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-bench-stream-'));
  const server = await startDatabaseServer({
    port: 0,
    dataDir,
    log: false,
    keepAliveMs: 3_600_000,
  });
  try {
    await seedCatalog({ databaseUrl: server.url, products });
    const seeds = readSeedProducts();
    const derived = [...derivedProducts(seeds, Math.min(products, 45 + 200)).values()];
    const [target, patchA, patchB] = derived;
    if (!target || !patchA || !patchB) throw new Error('too few derived products');
    const stockKey = Object.keys(target.stock ?? { 'one size': 0 })[0] as string;
    const leaf = `${server.url}/catalog/products/${target.id}/stock/${encodeURIComponent(stockKey)}.json`;
    let value = 1000;

    const putAlone: number[] = [];
    const initial: number[] = [];
    let initialBytes = 0;
    let stream: ReturnType<typeof listen> | undefined;
    for (let i = 0; i < RUNS; i++) {
      stream?.close();
      while (server.openStreams() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // A write with no listener; it also empties the read cache, so each subscribe renders.
      putAlone.push(await send(leaf, 'PUT', value++));
      const started = performance.now();
      stream = listen(`${server.url}/catalog/products.json`);
      const first = await stream.next();
      initial.push(first.at - started);
      initialBytes = first.bytes;
    }
    if (!stream) throw new Error('no stream');

    const putAnswer: number[] = [];
    const putEvent: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      putAnswer.push(await send(leaf, 'PUT', value++));
      putEvent.push((await stream.next()).at - started);
    }
    const patchAnswer: number[] = [];
    const patchEvent: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const body = {
        [patchA.id]: { ...patchA, name: `${patchA.name} ${i}` },
        [patchB.id]: { ...patchB, name: `${patchB.name} ${i}` },
      };
      patchAnswer.push(await send(`${server.url}/catalog/products.json`, 'PATCH', body));
      patchEvent.push((await stream.next()).at - started);
    }
    stream.close();
    return {
      products,
      initialMs: median(initial),
      initialMB: initialBytes / 1e6,
      putAloneMs: median(putAlone),
      putAnswerMs: median(putAnswer),
      putEventMs: median(putEvent),
      patchAnswerMs: median(patchAnswer),
      patchEventMs: median(patchEvent),
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStream(counts = STREAM_PRODUCT_COUNTS): Promise<StreamRow[]> {
  const rows: StreamRow[] = [];
  for (const products of counts) rows.push(await benchOne(products));
  return rows;
}

export function printStream(rows: StreamRow[]): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `One listener on catalog/products; medians of ${RUNS} runs (Node ${process.version}).`,
  );
  console.log(
    'products | initial put | PUT leaf, no listener | PUT leaf: answer / event | PATCH 2 products: answer / event',
  );
  console.log('---|---|---|---|---');
  for (const r of rows) {
    console.log(
      [
        r.products,
        `${ms(r.initialMs)} (${r.initialMB.toFixed(1)} MB)`,
        ms(r.putAloneMs),
        `${ms(r.putAnswerMs)} / ${ms(r.putEventMs)}`,
        `${ms(r.patchAnswerMs)} / ${ms(r.patchEventMs)}`,
      ].join(' | '),
    );
  }
}
