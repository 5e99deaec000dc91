// CORS of the functions (decision 3901): only the storefront's own origins may call them from a
// page. Done here rather than by firebase-functions' `cors` option: the Functions emulator turns
// that option's list into "any origin" (its debug feature enableCors), so the shop would behave
// one way locally and another deployed. The option is set to false (no headers of its own, the
// OPTIONS request reaches us) and this wrapper answers the same everywhere.
import type { HttpRequest, HttpResponse } from './http';

export interface CorsResponse extends HttpResponse {
  set(name: string, value: string): unknown;
  end(): unknown;
}

export function withCors<Req extends HttpRequest, Res extends CorsResponse>(
  origins: readonly string[],
  handler: (req: Req, res: Res) => Promise<void>,
  /** The method the pages call it with (the staff's reading functions: GET). */
  method: 'POST' | 'GET' = 'POST',
): (req: Req, res: Res) => Promise<void> {
  return async (req, res) => {
    const raw = req.headers.origin;
    const origin = Array.isArray(raw) ? raw[0] : raw;
    const allowed = origin !== undefined && origins.includes(origin);
    // Caches must keep one answer per origin: another origin's answer lacks the header.
    res.set('Vary', 'Origin');
    if (allowed) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (req.method === 'OPTIONS') {
      if (allowed) {
        res.set('Access-Control-Allow-Methods', method);
        res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        res.set('Access-Control-Max-Age', '3600');
      }
      res.status(allowed ? 204 : 403);
      res.end();
      return;
    }
    await handler(req, res);
  };
}
