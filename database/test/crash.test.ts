import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot } from '../src/createServer';
import { ADMIN, request } from './helpers';

jest.setTimeout(90_000);

const repoRoot = findRepoRoot();
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

function startChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [join(repoRoot, 'database', 'src', 'server.ts')], {
      cwd: repoRoot,
      env: { ...process.env, SHOP_DB_PORT: '0', SHOP_DB_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: tsx runs the server in a child node process, and kill -9 must hit both.
      detached: true,
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.unref();
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}`));
    });
  });
}

/** kill -9 of the whole process group (the tsx wrapper and the node process running the server). */
function killHard(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

test('kill -9 in the middle of a burst of writes: every acknowledged write survives', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-db-crash-'));
  try {
    const first = await startChild(dataDir);
    const acked = new Map<string, unknown>(); // path → value
    const ackedPatches: Array<{ n: string }> = [];
    let stop = false;
    let killed = false;

    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          if (n % 3 === 2) {
            const key = `w${w}_${n}`;
            const r = await request(first.url, 'PATCH', '/crash.json', {
              token: ADMIN,
              body: JSON.stringify({ [`pa/${key}`]: n, [`pb/${key}`]: n }),
            });
            if (r.status === 200) ackedPatches.push({ n: key });
          } else {
            const path = `/crash/w${w}/n${n}.json`;
            const value = { n, w, payload: 'x'.repeat(500) };
            const r = await request(first.url, 'PUT', path, {
              token: ADMIN,
              body: JSON.stringify(value),
            });
            if (r.status === 200) acked.set(path, value);
          }
        } catch {
          if (killed) return; // connection refused/reset after the kill
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    while (acked.size + ackedPatches.length < 400) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    killHard(first.child);
    await exited(first.child);
    stop = true;
    await Promise.all(writers);
    expect(acked.size).toBeGreaterThan(100);

    const second = await startChild(dataDir);
    try {
      for (const [path, value] of acked) {
        const r = await request(second.url, 'GET', path, { token: ADMIN });
        expect(r.json).toEqual(value);
      }
      const crash = (await request(second.url, 'GET', '/crash.json', { token: ADMIN })).json as {
        pa?: Record<string, number>;
        pb?: Record<string, number>;
      };
      for (const { n } of ackedPatches) {
        expect(crash.pa?.[n]).toBeDefined();
      }
      // Multi-location updates are atomic: each one is either entirely there or entirely absent.
      expect(Object.keys(crash.pa ?? {}).sort()).toEqual(Object.keys(crash.pb ?? {}).sort());
      // The store opens and still serves the catalog and new writes.
      expect((await request(second.url, 'GET', '/catalog/collections/fall/id.json')).json).toBe(
        'fall',
      );
      expect(
        (await request(second.url, 'PUT', '/after.json', { token: ADMIN, body: '1' })).status,
      ).toBe(200);
    } finally {
      killHard(second.child);
      await exited(second.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
