// The local stack's front end of the Functions emulator (decision 5401), in the place Google's
// front end has in front of Cloud Functions: it takes each request on the functions' public port,
// appends the address it was called from to `X-Forwarded-For` (what the client wrote there stays,
// left of it) and passes it on to the emulator with the stack's secret in `x-shop-front-end`, so
// the functions know the caller's address as they do deployed, and only from this front end.
// The emulator itself cannot: it hands requests on to the functions over a local socket.
import http from 'node:http';
import { pipeline } from 'node:stream';
import { openDoor, type Door } from './frontDoors';

/** The header the functions check (functions/src/limits.ts FRONT_END_HEADER). */
export const FRONT_END_HEADER = 'x-shop-front-end';

export interface FrontEndOptions {
  host: string;
  /** The functions' public port (0: any free one). */
  port: number;
  /** Where the Functions emulator listens. */
  upstream: { host: string; port: number };
  /** What the functions know the front end by (SHOP_FRONT_END_SECRET). */
  secret: string;
}

/** The front end's port, which can be cut off (frontDoors.ts). */
export type FrontEnd = Door;

/** `::ffff:127.0.0.1` → `127.0.0.1`, as Google's front end writes an IPv4 caller. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** The request's headers as passed on: the caller's address appended, the proof set. */
export function forwardedHeaders(
  headers: http.IncomingHttpHeaders,
  caller: string,
  secret: string,
): http.OutgoingHttpHeaders {
  const written = headers['x-forwarded-for'];
  const before = (Array.isArray(written) ? written.join(', ') : (written ?? '')).trim();
  return {
    ...headers,
    'x-forwarded-for': before ? `${before}, ${caller}` : caller,
    [FRONT_END_HEADER]: secret,
  };
}

export async function startFunctionsFrontEnd(options: FrontEndOptions): Promise<FrontEnd> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const caller = plainAddress(request.socket.remoteAddress ?? '');
    if (!caller) {
      // (Only a socket already closed has none.)
      response.writeHead(400).end();
      return;
    }
    const upstream = http.request(
      {
        agent,
        host: options.upstream.host,
        port: options.upstream.port,
        method: request.method,
        path: request.url,
        headers: forwardedHeaders(request.headers, caller, options.secret),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        // An answer cut short by the emulator (a function stopped or restarted mid-answer) cuts
        // the client's connection too, so the client sees a failure instead of waiting forever.
        pipeline(answer, response, (error) => {
          if (error) response.destroy();
        });
      },
    );
    upstream.on('error', () => {
      if (response.destroyed) return; // (the client is gone: no one to answer)
      // The emulator is not up (yet): what Google's front end answers without an instance.
      if (!response.headersSent) {
        response.writeHead(503, { 'Content-Type': 'text/plain' });
        response.end('The Functions emulator is not answering.');
      } else {
        response.destroy();
      }
    });
    // A client gone before its answer is complete aborts the call to the emulator.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  const door = await openDoor(server, options.host, options.port);
  return {
    ...door,
    close: async () => {
      await door.close();
      agent.destroy();
    },
  };
}
