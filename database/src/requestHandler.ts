// The server's answer to one HTTP request: a CORS preflight, a read (or an event stream), or a
// write (PUT, PATCH, POST, DELETE), each checked by the rules in the engine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolvePrincipal, type Principal } from './auth';
import type { ServerConfig } from './config';
import { type DatabaseEngine, tooManyLocations } from './engine';
import { badRequest } from './errors';
import type { EventStreams } from './eventStreams';
import { countTopLevelMembers } from './paths';
import { drain, parseJsonBody, parseRequest, readBody, type Request } from './request';
import { NOSNIFF, answerPreflight, reply, sendError } from './responses';

type HandlerConfig = Pick<
  ServerConfig,
  'projectId' | 'local' | 'verifier' | 'bodyLimit' | 'userBodyLimit' | 'maxUpdateLocations'
>;

/** What the request asks besides its path: its caller, ETag and if-match headers. */
interface Asked {
  request: Request;
  principal: Principal;
  /** The largest body this caller may send: the admin's, or a shopper's (smaller). */
  bodyLimit: number;
  wantsEtag: boolean;
  ifMatch: string | undefined;
}

export function createRequestHandler(
  engine: DatabaseEngine,
  streams: EventStreams,
  config: HandlerConfig,
): (req: IncomingMessage, res: ServerResponse) => void {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') return answerPreflight(res);
    const request = parseRequest(req);
    const principal = await resolvePrincipal(
      { queryAuth: request.params.get('auth'), authorizationHeader: req.headers.authorization },
      {
        projectId: config.projectId,
        local: config.local,
        ...(config.verifier ? { verifier: config.verifier } : {}),
      },
    );
    const ifMatchHeader = req.headers['if-match'];
    const asked: Asked = {
      request,
      principal,
      bodyLimit: principal.kind === 'admin' ? config.bodyLimit : config.userBodyLimit,
      wantsEtag: String(req.headers['x-firebase-etag'] ?? '').toLowerCase() === 'true',
      ifMatch: Array.isArray(ifMatchHeader) ? ifMatchHeader[0] : ifMatchHeader,
    };
    if (request.method === 'GET') await answerRead(req, res, asked);
    else await answerWrite(req, res, asked);
  }

  async function answerRead(req: IncomingMessage, res: ServerResponse, asked: Asked) {
    const { request, principal } = asked;
    await drain(req, asked.bodyLimit);
    if (String(req.headers.accept ?? '').includes('text/event-stream')) {
      streams.start(req, res, request, principal);
      return;
    }
    const result = engine.read(request.path, principal, {
      ...(request.query ? { query: request.query } : {}),
      shallow: request.shallow,
    });
    const etag: Record<string, string> = asked.wantsEtag ? { ETag: result.etag() } : {};
    const encoding = req.headers['accept-encoding'];
    reply(res, 200, result.body, request.print, etag, result.text, encoding);
  }

  async function answerWrite(req: IncomingMessage, res: ServerResponse, asked: Asked) {
    const { request, principal, ifMatch, wantsEtag, bodyLimit } = asked;
    if (ifMatch !== undefined && request.method !== 'PUT' && request.method !== 'DELETE') {
      throw badRequest('if-match is only supported with PUT and DELETE');
    }
    if (request.method === 'DELETE') {
      await drain(req, bodyLimit);
      const result = engine.set(request.path, null, principal, ifMatch);
      reply(res, 200, null, request.print, wantsEtag ? { ETag: result.etag() } : {});
      return;
    }
    const raw = await readBody(req, bodyLimit);
    // Counted on the raw bytes, stopping past the cap: parsing a body of 100,000 keys alone
    // would block the event loop for tens of milliseconds, and Object.keys on it as long again.
    const cap = config.maxUpdateLocations;
    if (request.method === 'PATCH' && countTopLevelMembers(raw, cap) > cap) {
      throw tooManyLocations(cap);
    }
    const body = parseJsonBody(raw);
    if (request.method === 'PUT') {
      const result = engine.set(request.path, body, principal, ifMatch);
      reply(res, 200, result.body, request.print, wantsEtag ? { ETag: result.etag() } : {});
    } else if (request.method === 'PATCH') {
      reply(res, 200, engine.update(request.path, body, principal), request.print);
    } else {
      reply(res, 200, engine.push(request.path, body, principal), request.print);
    }
  }

  return (req, res) => {
    res.setHeader(NOSNIFF.name, NOSNIFF.value);
    handle(req, res).catch((error: unknown) => sendError(res, error));
  };
}
