/** An error that maps onto an HTTP answer `{"error": message}` (or a custom body). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const permissionDenied = (): HttpError => new HttpError(401, 'Permission denied');
