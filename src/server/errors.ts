// The error contract (docs/product.md#error-contract): JSON { message, fieldErrors? } with a 4xx status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../domain/field-errors';

export type { FieldErrors };

export interface ErrorBody {
  message: string;
  fieldErrors?: FieldErrors;
}

/** Thrown by guards and handlers; turned into the JSON error (or an error page) by app.onError. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return this.fieldErrors ? { message: this.message, fieldErrors: this.fieldErrors } : { message: this.message };
  }
}
