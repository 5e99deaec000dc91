// The signature of a notification (decision 5301): what the provider sends in its
// `Threadline-Signature` header and what a receiver recomputes over the exact bytes it got. Its
// own module so tests and fixtures can sign a body without a server.
import { createHmac } from 'node:crypto';

/** The header's name, as sent (receivers read headers case-insensitively). */
export const SIGNATURE_HEADER = 'Threadline-Signature';

/**
 * The `Threadline-Signature` header value for `body`: `t=<seconds>,v1=<hex HMAC-SHA256>` over
 * `${t}.${body}` with the webhook secret. The timestamp is signed too, so an old notification
 * cannot be replayed with a new date.
 */
export function signPayload(body: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
