/**
 * The few error types every service throws. One middleware (http/errors.ts) turns them into
 * problem+json; routes never build error responses themselves.
 */
export interface FieldError {
  in: 'body' | 'query' | 'path' | 'header';
  name: string;
  message: string;
  /** The kind of problem, where a route defines kinds (rule validation). */
  code?: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly extra: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      /** Extra members of the problem body, e.g. the scope that was missing. */
      fields?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(code: string, detail: string) {
    super(400, code, detail);
  }
}

export class Invalid extends AppError {
  constructor(errors: FieldError[], detail?: string) {
    super(
      422,
      'validation_failed',
      detail ??
        (errors.length === 1
          ? `The request has an invalid field: ${errors[0]?.name}.`
          : `The request has ${errors.length} invalid fields.`),
      { errors },
    );
  }
}

/** A 422 with its own code (postpone_not_after_deadline, target_mismatch, …). */
export class Unprocessable extends AppError {
  constructor(code: string, detail: string) {
    super(422, code, detail);
  }
}

export class NotFound extends AppError {
  constructor(detail: string) {
    super(404, 'not_found', detail);
  }
}

export class Conflict extends AppError {
  constructor(code: string, detail: string, headers?: Record<string, string>) {
    super(409, code, detail, headers ? { headers } : {});
  }
}

export class Unauthorized extends AppError {
  constructor(code: string, detail: string, headers?: Record<string, string>) {
    super(401, code, detail, headers ? { headers } : {});
  }
}

export class Forbidden extends AppError {
  constructor(code: string, detail: string, headers?: Record<string, string>) {
    super(403, code, detail, headers ? { headers } : {});
  }
}

export class RateLimited extends AppError {
  constructor(retryAfterSeconds: number, detail = 'Too many requests; try again later.') {
    super(429, 'rate_limited', detail, { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

export class ServiceUnavailable extends AppError {
  constructor(code: string, detail: string, retryAfterSeconds = 5) {
    super(503, code, detail, { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}
