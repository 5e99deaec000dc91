// The subset of an Express request / response the functions' handlers use: Cloud Functions,
// the emulator and the tests all pass these. Its own module so a handler's helpers need no handler.

export interface HttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}
export interface HttpResponse {
  status(code: number): HttpResponse;
  json(body: unknown): void;
  /** A response header (Express has it; a test's response may not). */
  set?(name: string, value: string): unknown;
}
