// The provider's HTTP API (decision 5301): the shop's trusted side calls it with the secret key;
// the hosted fields call its two card steps with the payment's client secret.
import type { IncomingMessage } from 'node:http';
import { invalidRequest } from './errors';
import { readJsonObject } from './exchange';
import { idempotencyKey } from './idempotency';
import type { Notifier } from './notifications';
import type { PaymentLedger } from './payments';

/** Who may call a route: anyone, the shop's trusted side, or the browser holding the secret. */
export type Access = 'public' | 'secret-key' | 'client-secret';

export interface Call {
  request: IncomingMessage;
  /** The route's captured path segments (a payment's or an event's id). */
  params: string[];
  query: URLSearchParams;
}

export interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  access: Access;
  /** The answer's JSON body (status 200); a refusal is thrown as an ApiError. */
  answer(call: Call): unknown;
}

const ID = '([A-Za-z0-9_]{1,100})';
const path = (pattern: string) => new RegExp(`^${pattern.replaceAll(':id', ID)}$`);

const idParam = ({ params }: Call) => params[0] ?? '';
const keyOf = ({ request }: Call) => idempotencyKey(request.headers['idempotency-key']);
const body = ({ request }: Call) => readJsonObject(request);

export function apiRoutes(ledger: PaymentLedger, notifier: Notifier): Route[] {
  return [
    { method: 'GET', path: path('/v1/health'), access: 'public', answer: () => ({ ok: true }) },
    {
      method: 'POST',
      path: path('/v1/payments'),
      access: 'secret-key',
      answer: async (call) => ledger.create(await body(call), keyOf(call)),
    },
    {
      method: 'GET',
      path: path('/v1/payments'),
      access: 'secret-key',
      answer: ({ query }) => {
        const reference = query.get('reference');
        if (!reference) throw invalidRequest('reference is required.');
        return { payments: ledger.withReference(reference) };
      },
    },
    {
      method: 'GET',
      path: path('/v1/payments/:id'),
      access: 'secret-key',
      answer: (call) => ({ payment: ledger.retrieve(idParam(call)) }),
    },
    {
      method: 'POST',
      path: path('/v1/payments/:id/capture'),
      access: 'secret-key',
      answer: async (call) => ({ payment: ledger.capture(idParam(call), await body(call)) }),
    },
    {
      method: 'POST',
      path: path('/v1/payments/:id/cancel'),
      access: 'secret-key',
      answer: (call) => ({ payment: ledger.cancel(idParam(call)) }),
    },
    {
      method: 'POST',
      path: path('/v1/payments/:id/refunds'),
      access: 'secret-key',
      answer: async (call) => ledger.refund(idParam(call), await body(call), keyOf(call)),
    },
    {
      method: 'POST',
      path: path('/v1/payments/:id/confirm'),
      access: 'client-secret',
      answer: async (call) => ledger.confirm(idParam(call), await body(call)),
    },
    {
      method: 'POST',
      path: path('/v1/payments/:id/authenticate'),
      access: 'client-secret',
      answer: async (call) => ledger.authenticate(idParam(call), await body(call)),
    },
    {
      method: 'GET',
      path: path('/v1/events'),
      access: 'secret-key',
      answer: ({ query }) => ({ events: notifier.list(query.get('payment') ?? undefined) }),
    },
    {
      method: 'POST',
      path: path('/v1/events/:id/resend'),
      access: 'secret-key',
      answer: (call) => ({ event: notifier.resend(idParam(call)) }),
    },
  ];
}

/** The route for a request, with its captured segments; undefined: no such route. */
export function findRoute(
  routes: readonly Route[],
  method: string | undefined,
  pathname: string,
): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const match = route.method === method ? route.path.exec(pathname) : null;
    if (match) return { route, params: match.slice(1).map((param) => param ?? '') };
  }
  return undefined;
}
