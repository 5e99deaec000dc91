import { startDatabaseServer } from './createServer';

let server: Awaited<ReturnType<typeof startDatabaseServer>>;
try {
  server = await startDatabaseServer();
} catch (error) {
  // A refusal to start (e.g. a non-demo project) is a message for the operator, not a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
