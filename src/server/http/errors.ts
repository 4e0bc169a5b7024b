/** Typed API errors; one onError maps them to `{ message }` with the contract's status. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;
  constructor(status: ErrorStatus, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
