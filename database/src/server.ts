import { startDatabaseServer } from './createServer';

const server = await startDatabaseServer();

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
