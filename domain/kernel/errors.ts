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

/** Why the KV store refused a write the service cannot do without. */
export type StorageProblem = "disk_full" | "read_only" | "io_error";

/**
 * Whether `e` is the KV store (SQLite under Deno KV) refusing to write because
 * of its file, not because of the request: the disk is full, the file or its
 * file system is read-only, or the disk failed. Such a request is answered 503
 * with Retry-After (routes/errors.ts): it may succeed once the operator acts.
 */
export function storageProblem(e: unknown): StorageProblem | null {
  const m = e instanceof Error ? e.message : typeof e === "string" ? e : "";
  if (/database or disk is full|SQLITE_FULL|No space left on device|ENOSPC/i.test(m)) {
    return "disk_full";
  }
  if (/readonly database|read-only file system|SQLITE_READONLY|EROFS/i.test(m)) return "read_only";
  if (/disk I\/O error|SQLITE_IOERR/i.test(m)) return "io_error";
  return null;
}
