import { MSG, errorResponse } from '@egreso/domain';

/** An error that the error handler answers as it is: status, Spanish message and optional field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message: string = MSG.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 429 of the sign-in throttle: the wait in the Spanish message and in Retry-After. */
export const tooManyRequestsFor = (seconds: number) =>
  new HttpError(429, MSG.tooManyAttempts(seconds), undefined, { 'retry-after': String(seconds) });

/** 422 with per-field messages, the same shape schema validation answers. */
export function unprocessable(errors: Record<string, string[]>, message: string = MSG.validation) {
  return new HttpError(422, message, errors);
}

export function fieldError(field: string, message: string) {
  return unprocessable({ [field]: [message] }, message);
}

/** The error answers a route documents, by status: `response: { 200: item, ...errorResponses(401, 403, 404) }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<S, typeof errorResponse>;
}
