// The event streams the server holds open (`Accept: text/event-stream`): a limit per client, a
// keep-alive, the end of a user's credential, and all of them closed when the server closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from './auth';
import type { DatabaseEngine, StreamSink } from './engine';
import { badRequest, HttpError } from './errors';
import type { Request } from './request';
import { CORS_HEADERS } from './responses';

export interface EventStreamLimits {
  keepAliveMs: number;
  maxStreamsPerClient: number;
  maxStreamsPerUser: number;
  maxStreams: number;
}

export class EventStreams {
  private readonly open = new Set<() => void>();
  private readonly perClient = new Map<string, number>();
  private readonly perUser = new Map<string, number>();

  constructor(
    private readonly engine: DatabaseEngine,
    private readonly limits: EventStreamLimits,
  ) {}

  /** Event streams open now (all clients). */
  get size(): number {
    return this.open.size;
  }

  /** Ends every open stream (the server is closing). */
  closeAll(): void {
    for (const finish of [...this.open]) finish();
  }

  /** Answers `request` with an event stream of its path, until either side ends it. */
  start(req: IncomingMessage, res: ServerResponse, request: Request, principal: Principal): void {
    if (request.shallow) throw badRequest('shallow is not supported with event streams');
    // Each stream holds a socket, timers and a listener re-checked on every related write.
    const client = req.socket.remoteAddress ?? 'unknown';
    const clientStreams = this.perClient.get(client) ?? 0;
    const { maxStreamsPerClient } = this.limits;
    if (clientStreams >= maxStreamsPerClient) {
      throw new HttpError(
        429,
        `Too many event streams from this client (limit ${maxStreamsPerClient}); close one first`,
      );
    }
    const user = principal.kind === 'user' ? principal.auth.uid : null;
    const userStreams = user === null ? 0 : (this.perUser.get(user) ?? 0);
    const { maxStreamsPerUser, maxStreams } = this.limits;
    if (user !== null && userStreams >= maxStreamsPerUser) {
      throw new HttpError(
        429,
        `Too many event streams for this user (limit ${maxStreamsPerUser}); close one first`,
      );
    }
    if (this.open.size >= maxStreams) {
      throw new HttpError(
        429,
        `Too many event streams open on this server (limit ${maxStreams}); try again later`,
        { 'Retry-After': '30' },
      );
    }
    let open = true;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = (): void => {};
    const release = (): void => this.release(client, user);
    const finish = (): void => {
      if (!open) return;
      open = false;
      timers.forEach((t) => clearTimeout(t));
      unsubscribe();
      this.open.delete(finish);
      release();
      res.end();
    };
    const sink = streamSink(res, () => open, finish);
    this.perClient.set(client, clientStreams + 1);
    if (user !== null) this.perUser.set(user, userStreams + 1);
    try {
      unsubscribe = this.engine.subscribe(request.path, request.query, principal, sink);
    } catch (error) {
      open = false;
      release();
      throw error;
    }
    this.open.add(finish);
    timers.push(...this.timers(sink, principal, finish));
    // The response's 'close' is the client going away: the request's own 'close' has already
    // fired once its (empty) body was read, so it says nothing about the connection.
    res.on('close', finish);
    res.on('error', finish);
    if (req.socket.destroyed) finish();
  }

  private release(client: string, user: string | null): void {
    countDown(this.perClient, client);
    if (user !== null) countDown(this.perUser, user);
  }

  /** The keep-alive, and the end of a user's stream when the user's credential expires. */
  private timers(sink: StreamSink, principal: Principal, finish: () => void): NodeJS.Timeout[] {
    const timers = [setInterval(() => sink.send('keep-alive', null), this.limits.keepAliveMs)];
    if (principal.kind === 'user') {
      const delay = Math.min(Math.max(0, principal.expiresAtMs - Date.now()), 2 ** 31 - 1);
      timers.push(
        setTimeout(() => {
          sink.send('auth_revoked', 'credential is no longer valid');
          finish();
        }, delay),
      );
    }
    return timers;
  }
}

/** Writes server-sent events on `res` (its headers with the first one) while `isOpen()`. */
function streamSink(res: ServerResponse, isOpen: () => boolean, finish: () => void): StreamSink {
  const write = (event: string, json: string): void => {
    if (!isOpen()) return;
    if (!res.headersSent) {
      res.writeHead(200, {
        ...CORS_HEADERS,
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
    }
    res.write(`event: ${event}\ndata: ${json}\n\n`);
  };
  return {
    send: (event, data) => write(event, JSON.stringify(data)),
    sendJson: write,
    end: finish,
  };
}

/** One stream fewer under `key`; the key goes with its last stream. */
function countDown(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
