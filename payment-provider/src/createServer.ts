// The local test card provider (decision 5301): a stand-in for Stripe that runs offline, for
// `npm start` and the tests. Payments live in memory, and in a data file when given one
// (stateFile.ts); the shop's trusted side calls the API with the secret key (localProvider.ts in
// functions/), the checkout shows the hosted fields (fieldsPage.ts), and every change is notified
// to the shop, signed (notifications.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, invalidRequest } from './errors';
import { bearerToken, sendHtml, sendJson, sendRefusal } from './exchange';
import { fieldsPage } from './fieldsPage';
import { fieldsLanguage } from './fields/texts';
import { Notifier } from './notifications';
import { PaymentLedger, sameSecret } from './payments';
import { type Access, apiRoutes, findRoute } from './routes';
import { readStateFile, StateFile } from './stateFile';

export { signPayload, SIGNATURE_HEADER } from './signature';

export interface ProviderServerOptions {
  /** What the shop's trusted side sends as `Authorization: Bearer …`. */
  secretKey: string;
  /** What notifications are signed with. */
  webhookSecret: string;
  /** Where notifications are POSTed; '' sends none. */
  webhookUrl: string;
  /** Origins besides local ones that may embed the hosted fields. */
  frameAncestors?: readonly string[];
  /** Waits before each retry of a failed notification (default 1 s, 3 s, 9 s). */
  retryDelaysMs?: readonly number[];
  /** Where a notification given up on is reported (default console.warn). */
  log?: (line: string) => void;
  /** The clock cards' expiry dates are checked against. */
  now?: () => Date;
  /**
   * Where payments, idempotency keys and events are kept across restarts (stateFile.ts): read at
   * start, written after each change. None: in memory only, a restart starts empty.
   */
  dataFile?: string;
}

export interface ProviderServer {
  /** Listens (port 0: a free one) and answers the server's address, `http://127.0.0.1:<port>`. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const consoleLog = (line: string) => console.warn(`[payment-provider] ${line}`);

/** The caller may call a route of this access (the client secret is checked by the ledger). */
function checkAccess(access: Access, request: IncomingMessage, secretKey: string): void {
  if (access === 'secret-key' && !sameSecret(bearerToken(request), secretKey)) {
    throw new ApiError(
      401,
      'unauthorized',
      'A valid secret key is required (Authorization: Bearer).',
    );
  }
  // The browser's steps take JSON only: a cross-site form cannot send it without a preflight,
  // which this server never grants.
  if (
    access === 'client-secret' &&
    !/^application\/json\b/.test(request.headers['content-type'] ?? '')
  ) {
    throw invalidRequest('The body must be sent as application/json.');
  }
}

function requestHandler(
  options: ProviderServerOptions,
  ledger: PaymentLedger,
  notifier: Notifier,
  stateFile: StateFile | undefined,
) {
  const routes = apiRoutes(ledger, notifier);
  const log = options.log ?? consoleLog;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://provider.local');
    try {
      if (request.method === 'GET' && url.pathname === '/fields') {
        const page = fieldsPage(
          url.searchParams.get('origin'),
          options.frameAncestors ?? [],
          fieldsLanguage(url.searchParams.get('lang')),
        );
        sendHtml(response, page.status, page.html, page.headers);
        return;
      }
      const found = findRoute(routes, request.method, url.pathname);
      if (!found)
        throw new ApiError(404, 'not_found', `No route ${request.method} ${url.pathname}.`);
      checkAccess(found.route.access, request, options.secretKey);
      const answer = await found.route.answer({
        request,
        params: found.params,
        query: url.searchParams,
      });
      // Every change is a POST answered 200 (a GET only reads; a refusal changes nothing). Written
      // before it is answered: what the shop was told survives a restart (decision 5301).
      if (request.method === 'POST') await stateFile?.changed();
      sendJson(response, 200, answer);
    } catch (error) {
      if (error instanceof ApiError) {
        sendRefusal(response, error);
        return;
      }
      log(
        `${request.method} ${url.pathname} failed: ${error instanceof Error ? error.stack : error}`,
      );
      sendJson(response, 500, { error: { code: 'internal', message: 'The provider failed.' } });
    }
  };
}

export function createProviderServer(options: ProviderServerOptions): ProviderServer {
  const log = options.log ?? consoleLog;
  const { dataFile } = options;
  const restored = dataFile ? readStateFile(dataFile, log) : undefined;
  const notifier = new Notifier({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
    log,
    sent: restored?.events,
  });
  const ledger = new PaymentLedger(notifier.publish, options.now, restored);
  const stateFile = dataFile
    ? new StateFile(dataFile, () => ({ ...ledger.state(), events: notifier.list() }), log)
    : undefined;
  const handle = requestHandler(options, ledger, notifier, stateFile);
  const server = createServer((request, response) => void handle(request, response));
  let closing: Promise<void> | undefined;
  return {
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        notifier.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => stateFile?.settled());
      return closing;
    },
  };
}
