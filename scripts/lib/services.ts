// The local stack as child processes: five static servers, the database server, the catalog's
// query service, the local test card provider and the Firebase emulators (Auth, Functions and the
// shell's Hosting site, one firebase-tools process reading firebase.json). Used by `npm start`,
// `npm run dev` and the e2e suite, so all three run the same.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { buildFunctions } from '../../functions/build';
import { backfillLowStock } from '../../functions/src/lowStockBackfill';
import { restDatabase } from '../../functions/src/restDatabase';
import { STAFF_PATHS } from '../../shared/src/staff/staffVocabulary';
import { assembleShellFunction } from './shellFunction';
import { distDirOf, publishBuildIfNew, siteOf } from './releases';
import { APP_NAMES, BACKEND, LOCAL_URLS, ROOT, appDir, appPort, type AppName } from './apps';

export type ServiceName =
  AppName | 'database' | 'catalog-service' | 'payment-provider' | 'auth' | 'browser-rendered';

export interface ServiceSpec {
  name: ServiceName;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  /** More ports the service opens (all must be open for it to count as started). */
  extraPorts?: number[];
  /**
   * Each answers anything but 404 or 503 once the service is ready (the Functions emulator loads
   * its codebases one after the other, after its port opens; the catalog service indexes first).
   */
  readyUrls?: string[];
  /** Runs before each start (e.g. bundling the functions the emulator serves). */
  prepare?: () => Promise<void>;
  /** Runs once the service is ready (e.g. writing an index the database's own seed cannot). */
  afterReady?: () => Promise<void>;
  /** Seconds to wait for the port to open. */
  startTimeoutS: number;
}

export interface StackOptions {
  /** Where the database and the auth emulator keep their data. */
  dataDir: string;
  /** webpack-dev-server instead of the production builds. */
  dev?: boolean;
  /**
   * New orders one client address may place in 10 minutes, instead of the functions' own 30
   * (SHOP_ORDERS_PER_ADDRESS, emulator only: decision 5401). The e2e stack sets it: its browser
   * places every journey's orders from one address.
   */
  ordersPerAddress?: number;
}

// TypeScript services run in one process with tsx's loader (resolved from ROOT, every service's
// cwd), not under the tsx command: that one relays a stop signal to its child and SIGKILLs the
// child when it does not confirm within 30 ms, which a loaded machine misses. The child then
// cannot stop what it runs (the Firebase CLI behind the functions' front end was left running).
const TSX = ['--import', 'tsx'];
const FIREBASE = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const WEBPACK = join(ROOT, 'node_modules/webpack-cli/bin/cli.js');

/**
 * The low-stock index of the catalog the database server seeds itself with (decision 5207): the
 * server writes `catalog` and `discounts` only, and the seed has sold-out and scarce sizes. Only
 * while the index is empty (a new data folder, or one from before the index), so a start costs
 * one shallow read; `npm run backfill:low-stock` mends it any time.
 */
async function seedLowStock(): Promise<void> {
  const database = restDatabase({ url: LOCAL_URLS.database, credential: async () => 'owner' });
  if ((await database.keys(STAFF_PATHS.lowStock)).length > 0) return;
  const { listed } = await backfillLowStock(database);
  console.log(`[database] low-stock index: ${listed} sizes low or sold out`);
}

/** Every port a service opens. */
export const portsOf = (spec: ServiceSpec): number[] => [spec.port, ...(spec.extraPorts ?? [])];

/**
 * The local test card provider (decision 5301). Its notifications go to the functions' public
 * port, as a real provider's reach the deployed functions; its keys are its local defaults. Its
 * payments are kept in the data folder: an order paid before a restart of `npm start` can still
 * be captured when staff ship it (the e2e stack's folder is new each run, so it starts clean).
 */
function paymentProviderSpec(options: StackOptions): ServiceSpec {
  const providerDir = join(options.dataDir, 'payment-provider');
  mkdirSync(providerDir, { recursive: true });
  return {
    name: 'payment-provider',
    command: process.execPath,
    args: [...TSX, 'payment-provider/src/main.ts'],
    cwd: ROOT,
    env: {
      SHOP_PAYMENTS_PORT: String(BACKEND.paymentProviderPort),
      SHOP_PAYMENTS_WEBHOOK_URL: `${LOCAL_URLS.functions}/paymentNotification`,
      SHOP_PAYMENTS_DATA_FILE: join(providerDir, 'payments.json'),
    },
    port: BACKEND.paymentProviderPort,
    readyUrls: [`${LOCAL_URLS.paymentProvider}/v1/health`],
    startTimeoutS: 30,
  };
}

/**
 * How the catalog's query service is started (decision 3601): `--expose-gc`, so it gives the first
 * snapshot's and its searches' garbage back at once (main.ts).
 */
export const QUERY_SERVICE_ARGS = [
  '--expose-gc',
  '--import',
  'tsx',
  'catalog-mfe/service/src/main.ts',
];

/** The query service of checkout `root` on `port`, fed by `databaseUrl`, as the stack starts it. */
export function startQueryService(root: string, port: number, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, QUERY_SERVICE_ARGS, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      SHOP_CATALOG_SERVICE_PORT: String(port),
      SHOP_FIREBASE_DATABASE_URL: databaseUrl,
    },
  });
}

export function serviceSpec(name: ServiceName, options: StackOptions): ServiceSpec {
  const base = { cwd: ROOT, env: {} as Record<string, string> };
  if (name === 'database') {
    return {
      ...base,
      name,
      command: process.execPath,
      args: [...TSX, 'database/src/server.ts'],
      env: {
        SHOP_DB_DATA_DIR: join(options.dataDir, 'database'),
        SHOP_DB_PORT: String(BACKEND.databasePort),
      },
      port: BACKEND.databasePort,
      afterReady: seedLowStock,
      startTimeoutS: 30,
    };
  }
  if (name === 'catalog-service') {
    // The catalog's query service (decision 3601): ready once it has indexed the catalog.
    return {
      ...base,
      name,
      command: process.execPath,
      args: QUERY_SERVICE_ARGS,
      env: {
        SHOP_CATALOG_SERVICE_PORT: String(BACKEND.catalogServicePort),
        SHOP_FIREBASE_DATABASE_URL: `http://127.0.0.1:${BACKEND.databasePort}`,
      },
      port: BACKEND.catalogServicePort,
      readyUrls: [`http://127.0.0.1:${BACKEND.catalogServicePort}/v1/health`],
      startTimeoutS: 60,
    };
  }
  if (name === 'payment-provider') return paymentProviderSpec(options);
  if (name === 'auth') {
    const authDir = join(options.dataDir, 'auth');
    mkdirSync(authDir, { recursive: true });
    // Accounts survive a restart: import what the last run exported (if anything), export on exit.
    const importArgs = existsSync(join(authDir, 'firebase-export-metadata.json'))
      ? [`--import=${authDir}`]
      : [];
    return {
      ...base,
      name,
      command: process.execPath,
      args: [
        ...TSX,
        'scripts/functions-emulator.ts',
        '--port',
        String(BACKEND.functionsEmulatorPort),
        '--emulator-port',
        String(BACKEND.functionsEmulatorOwnPort),
        '--auth-port',
        String(BACKEND.authEmulatorPort),
        '--auth-emulator-port',
        String(BACKEND.authEmulatorOwnPort),
        '--',
        process.execPath,
        FIREBASE,
        'emulators:start',
        '--only',
        // (`npm run dev` has no shell build for the site to publish.)
        options.dev ? 'auth,functions' : 'auth,functions,hosting:shell',
        '--project',
        BACKEND.projectId,
        ...importArgs,
        `--export-on-exit=${authDir}`,
      ],
      env: {
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        NO_UPDATE_NOTIFIER: '1',
        CI: process.env.CI ?? 'true',
        ...(options.ordersPerAddress === undefined
          ? {}
          : { SHOP_ORDERS_PER_ADDRESS: String(options.ordersPerAddress) }),
      },
      port: BACKEND.authEmulatorPort,
      extraPorts: [
        BACKEND.authEmulatorOwnPort,
        BACKEND.functionsEmulatorPort,
        BACKEND.functionsEmulatorOwnPort,
        ...(options.dev ? [] : [BACKEND.hostingEmulatorPort]),
      ],
      readyUrls: [`${LOCAL_URLS.functions}/placeOrder`, `${LOCAL_URLS.functions}/shellServer/`],
      // The order functions bundled, the shell server's function assembled from the shell builds.
      prepare: async () => {
        await buildFunctions();
        // (`npm run dev` has no shell builds: the function then says so.)
        await assembleShellFunction(undefined, { allowMissing: options.dev === true });
      },
      startTimeoutS: 120,
    };
  }
  if (name === 'browser-rendered') {
    return {
      ...base,
      name,
      command: process.execPath,
      args: [
        ...TSX,
        'scripts/serve-static.ts',
        'shell',
        '--port',
        String(BACKEND.browserRenderedPort),
      ],
      port: BACKEND.browserRenderedPort,
      startTimeoutS: 30,
    };
  }
  if (options.dev) {
    return {
      ...base,
      name,
      command: process.execPath,
      args: [WEBPACK, 'serve', '--mode', 'development'],
      cwd: appDir(name),
      port: appPort(name),
      startTimeoutS: 180,
    };
  }
  return {
    ...base,
    name,
    command: process.execPath,
    // The storefront: the shell's files, and its pages rendered on the server (decision 1302),
    // with React's production build as deployed (its development build renders 2–3× slower).
    ...(name === 'shell' ? { env: { NODE_ENV: 'production' } } : {}),
    args:
      name === 'shell'
        ? [...TSX, 'scripts/serve-ssr.ts', '--port', String(appPort('shell'))]
        : [...TSX, 'scripts/serve-static.ts', name],
    port: appPort(name),
    // A remote's build is served as a release of its site: published when it is new, so a
    // rollback made earlier stands when the build is one the site keeps (decision 4901).
    ...(name === 'shell'
      ? {}
      : {
          prepare: async () => {
            const published = await publishBuildIfNew({
              ...siteOf(name),
              distDir: distDirOf(name),
            });
            // Said aloud: a page then runs that older release's code, not the one just built.
            if (published?.servedInstead) {
              console.warn(
                `${name}: serving its current release ${published.servedInstead}, not the build ` +
                  `in dist (release ${published.id}, kept): a rollback or switch stands. ` +
                  `\`npm run release -- ${name} --to ${published.id}\` serves the build.`,
              );
            }
          },
        }),
    startTimeoutS: 30,
  };
}

export const ALL_SERVICES: ServiceName[] = [
  'database',
  'catalog-service',
  'payment-provider',
  'auth',
  ...APP_NAMES,
  'browser-rendered',
];

const COLOURS = [36, 35, 33, 32, 34, 91, 96];

export function spawnService(spec: ServiceSpec, index = 0, quiet = false): ChildProcess {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const colour = COLOURS[index % COLOURS.length];
  const label = process.stdout.isTTY ? `\x1b[${colour}m[${spec.name}]\x1b[0m` : `[${spec.name}]`;
  const relay = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (!quiet) for (const line of lines) out.write(`${label} ${line}\n`);
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return child;
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolvePort) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolvePort(true);
    });
    socket.once('error', () => resolvePort(false));
  });
}

export async function waitForPort(
  port: number,
  timeoutS: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return;
    if (child && child.exitCode !== null)
      throw new Error(`exited with code ${child.exitCode} before port ${port} opened`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`port ${port} did not open within ${timeoutS}s`);
}

/** Waits until every port of the service is open and its ready address (if any) answers. */
export async function waitForService(spec: ServiceSpec, child?: ChildProcess): Promise<void> {
  const started = Date.now();
  const left = () => Math.max(1, spec.startTimeoutS - (Date.now() - started) / 1000);
  for (const port of portsOf(spec)) await waitForPort(port, left(), child);
  for (const url of spec.readyUrls ?? []) {
    for (;;) {
      if (child && child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
      if ((Date.now() - started) / 1000 >= spec.startTimeoutS) {
        throw new Error(`${url} was not ready within ${spec.startTimeoutS}s`);
      }
      const answered = await fetch(url, { method: 'GET' }).then(
        (r) => r.status !== 404 && r.status !== 503,
        () => false,
      );
      if (answered) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await spec.afterReady?.();
}

export function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGINT');
  });
}
