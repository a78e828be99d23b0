/**
 * The single mapping from errors to HTTP answers. Routes throw ApiError; this
 * shapes the body in the envelope the endpoint declared. Anything else is a bug:
 * logged with its stack, answered 500 with no internals.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError, storageProblem } from "../domain/kernel/errors.ts";
import type { Logger } from "../domain/kernel/log.ts";
import type { AppEnv, Envelope } from "./types.ts";

const ADMIN_MESSAGES: Record<string, string> = {
  unauthorized: "A valid operator token is required (Authorization: Bearer <token>).",
  not_found: "No such resource.",
  invalid_payload: "The request body failed validation; see details.",
  invalid_json: "The request body is not valid JSON.",
  conflict: "The resource conflicts with an existing one.",
  internal_error: "The service failed; the error was logged.",
  service_unavailable: "The service cannot store data right now; retry after Retry-After seconds.",
};

/** Retry-After of a 503 for a storage problem: the operator has to free space or remount. */
export const STORAGE_RETRY_AFTER_S = 30;
/** At most one log line per this many ms while storage keeps failing (a full disk fails every write). */
const STORAGE_LOG_EVERY_MS = 10_000;

export function errorBody(
  envelope: Envelope,
  code: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  switch (envelope) {
    case "plain":
      return { error: code, ...extra };
    case "ok_false":
      return { ok: false, error: code, ...extra };
    case "ok_false_reason":
      return { ok: false, error: code, reason: code, ...extra };
    case "mail":
      // `error` holds the failure text for send_failed, the code otherwise.
      return { ok: false, sent: false, reason: code, error: code, ...extra };
    case "admin":
      return { error: code, message: ADMIN_MESSAGES[code] ?? code, ...extra };
  }
}

/** Declares the envelope of the routes below it. */
export function envelope(e: Envelope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("envelope", e);
    await next();
  };
}

export function errorHandler(log: Logger) {
  let lastStorageLog = 0;
  let suppressed = 0;
  return (err: Error, c: Context<AppEnv>) => {
    const env = c.get("envelope") ?? "plain";
    if (err instanceof ApiError) {
      return c.json(errorBody(env, err.code, err.extra), err.status as ContentfulStatusCode);
    }
    const storage = storageProblem(err);
    if (storage) {
      const now = Date.now();
      if (now - lastStorageLog >= STORAGE_LOG_EVERY_MS) {
        log.error(
          `storage unavailable (${storage}): the KV database refused a write; answering 503 ` +
            "until it accepts writes again (free disk space or make the file writable)",
          { problem: storage, path: c.req.path, error: err.message, since_last_line: suppressed },
        );
        lastStorageLog = now;
        suppressed = 0;
      } else suppressed++;
      c.header("Retry-After", String(STORAGE_RETRY_AFTER_S));
      return c.json(errorBody(env, "service_unavailable"), 503);
    }
    log.error("unhandled error", { method: c.req.method, path: c.req.path, error: err });
    return c.json(errorBody(env, "internal_error"), 500);
  };
}
