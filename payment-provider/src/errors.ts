// Every refusal the provider answers: `{ error: { code, message } }` with its HTTP status.

export type RefusalStatus = 400 | 401 | 404 | 409;

export class ApiError extends Error {
  constructor(
    readonly status: RefusalStatus,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'No such payment.') => new ApiError(404, 'not_found', what);

export const invalidRequest = (message: string) => new ApiError(400, 'invalid_request', message);

export const wrongState = (message: string) => new ApiError(409, 'payment_state', message);
