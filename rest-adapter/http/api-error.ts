import { httpStatusFor } from '../../platform/errors/codes';

/** An error the adapter renders in the route's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  static of(code: string, message: string): ApiError {
    return new ApiError(httpStatusFor(code), code, message);
  }
}
