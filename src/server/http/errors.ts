/** Typed API errors; one onError maps them to `{ message }` (and `field`, when one input is at fault) with the contract's status. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 507;

export interface ApiErrorOptions {
  headers?: Record<string, string>;
  /** The input field at fault ('name', 'social[facebook]', 'searchButton.style.textColor'); the admin forms mark it. */
  field?: string;
}

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;
  readonly field: string | undefined;
  constructor(status: ErrorStatus, message: string, { headers = {}, field }: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
    this.field = field;
  }
}

/** An error naming the input field at fault. */
export const fieldError = (status: ErrorStatus, message: string, field: string) =>
  new ApiError(status, message, { field });

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
