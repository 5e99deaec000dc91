// The database server: our Realtime Database REST server for local runs and tests. This file
// starts and stops it; its settings are config.ts, its answers requestHandler.ts (reading a
// request: request.ts; answering: responses.ts; event streams: eventStreams.ts).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAbsolute, relative } from 'node:path';
import { type DatabaseServerOptions, type ServerConfig, resolveConfig } from './config';
import { DatabaseEngine } from './engine';
import { EventStreams } from './eventStreams';
import { createRequestHandler } from './requestHandler';
import { NOSNIFF } from './responses';
import { RulesEngine } from './rules';
import { Store } from './store';

export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_STREAMS_PER_CLIENT,
  findRepoRoot,
  type DatabaseServerOptions,
} from './config';
export { COMPRESS_MIN_BYTES, encodeBody } from './responses';

export interface DatabaseServer {
  url: string;
  port: number;
  /** Event streams open now (all clients). */
  openStreams(): number;
  close(): Promise<void>;
}

/** The engine over the data folder and the rules, seeded when its catalog is empty. */
function openEngine(config: ServerConfig, options: DatabaseServerOptions) {
  const store = new Store(config.dataDir);
  const engine = new DatabaseEngine(
    store,
    RulesEngine.fromFile(config.rulesPath),
    { maxUpdateLocations: config.maxUpdateLocations, nodeLimits: config.nodeLimits },
    options.updateCounters,
    options.readCounters,
  );
  if (config.seedPath) {
    const seed = JSON.parse(readFileSync(config.seedPath, 'utf8')) as {
      catalog: unknown;
      discounts: unknown;
    };
    engine.seedIfEmpty(seed);
  }
  return { store, engine };
}

/** Listens on the configured port (0: a free one) and answers the port it got. */
async function listen(server: http.Server, config: ServerConfig): Promise<number> {
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\n${NOSNIFF.name}: ${NOSNIFF.value}\r\nConnection: close\r\n\r\n`,
      );
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  return (server.address() as AddressInfo).port;
}

function logStart(config: ServerConfig, url: string): void {
  const shownDir = relative(config.repoRoot, config.dataDir);
  const display =
    shownDir && !shownDir.startsWith('..') && !isAbsolute(shownDir) ? shownDir : config.dataDir;
  console.log(`database listening on ${url} (project ${config.projectId}, data ${display})`);
}

export async function startDatabaseServer(
  options: DatabaseServerOptions = {},
): Promise<DatabaseServer> {
  const config = resolveConfig(options);
  const { store, engine } = openEngine(config, options);
  const streams = new EventStreams(engine, config);
  const server = http.createServer(createRequestHandler(engine, streams, config));
  const port = await listen(server, config);
  const url = `http://${config.host}:${port}`;
  if (config.log) logStart(config, url);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    openStreams: () => streams.size,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        streams.closeAll();
        engine.closeAllListeners();
        server.close(() => {
          store.close();
          resolveClose();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
