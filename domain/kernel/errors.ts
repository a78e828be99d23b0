/**
 * One error type for every expected failure. Routes never build error bodies by
 * hand: they throw an ApiError and the single onError mapping in routes/errors.ts
 * shapes it into the envelope of the endpoint that raised it.
 */
export type ErrorExtra = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    /** The spec's error code, e.g. `invalid_api_key`. */
    readonly code: string,
    /** HTTP status to answer with. */
    readonly status: number,
    /** Extra fields merged into the body (`details`, `filename`, `message`, ...). */
    readonly extra: ErrorExtra = {},
  ) {
    super(code);
    this.name = "ApiError";
  }
}

/** One failing field of an `invalid_payload` answer. */
export type FieldIssue = { field: string; message: string };

export function invalidPayload(details: FieldIssue[]): ApiError {
  return new ApiError("invalid_payload", 400, { details });
}

/** A KV commit lost a race (versionstamp check failed); callers retry or report conflict. */
export class ConflictError extends Error {
  constructor(what: string) {
    super(`concurrent change lost the race: ${what}`);
    this.name = "ConflictError";
  }
}
