// What a handler answers for an error it did not refuse on purpose, the same for every function:
// a token that proves nothing (401), the database unreachable (503, logged) or anything else (500,
// logged with its stack). Each handler says it in its own words; its own refusals it sends itself.
import type { HttpResponse } from './http';
import { DatabaseUnavailable } from './restDatabase';
import { Unauthenticated } from './trust';

export interface UnexpectedTexts {
  /** The function's name, which starts each log line. */
  handler: string;
  /** The 503's message (the database is unavailable). */
  unavailable: string;
  /** The 500's message. */
  failed: string;
}

export function sendUnexpected(
  res: HttpResponse,
  error: unknown,
  texts: UnexpectedTexts,
  log: (message: string) => void,
): void {
  if (error instanceof Unauthenticated) {
    res.status(401).json({ error: 'unauthenticated', message: error.message });
  } else if (error instanceof DatabaseUnavailable) {
    log(`${texts.handler}: ${error.message}`);
    res.status(503).json({ error: 'database-unavailable', message: texts.unavailable });
  } else {
    log(
      `${texts.handler}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    res.status(500).json({ error: 'internal', message: texts.failed });
  }
}
