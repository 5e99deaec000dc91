// Idempotency keys (decision 5301): a request retried with the same key gets the first answer's
// result, never a second payment or refund; the same key with a different body is refused, since
// it names a different request.
import { ApiError } from './errors';

export interface Remembered<T> {
  fingerprint: string;
  result: T;
}

export class IdempotencyKeys<T> {
  // In memory, and in the provider's data file when it has one (stateFile.ts): a retry after a
  // restart still gets the first answer.
  private readonly results: Map<string, Remembered<T>>;

  constructor(remembered: Iterable<readonly [string, Remembered<T>]> = []) {
    this.results = new Map(remembered);
  }

  /** Every key with what it remembers, oldest first (for the data file). */
  entries(): [string, Remembered<T>][] {
    return [...this.results.entries()];
  }

  /**
   * The result remembered for `key`, or `run()`'s, remembered under it. A `run` that throws
   * remembers nothing: the refusal is answered again on a retry, the state may have changed since.
   */
  once(key: string, request: unknown, run: () => T): T {
    const fingerprint = JSON.stringify(request);
    const remembered = this.results.get(key);
    if (remembered) {
      if (remembered.fingerprint !== fingerprint) {
        throw new ApiError(
          409,
          'idempotency_conflict',
          'This Idempotency-Key was used with a different request.',
        );
      }
      return remembered.result;
    }
    const result = run();
    this.results.set(key, { fingerprint, result });
    return result;
  }
}

/** The request's `Idempotency-Key`, required where a retry must not pay or refund twice. */
export function idempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? undefined : header?.trim();
  if (!key || key.length > 255) {
    throw new ApiError(
      400,
      'invalid_request',
      'An Idempotency-Key header (1 to 255 characters) is required.',
    );
  }
  return key;
}
