/**
 * Reading JSON request bodies at the edge: Content-Type must be
 * application/json, the body is read up to a size limit, and bad JSON is
 * answered with the endpoint's own code (invalid_json, bad_body or
 * invalid_payload). Never throws anything but ApiError.
 */
import type { Context } from "hono";
import { ApiError, invalidPayload } from "../domain/kernel/errors.ts";
import { BodyTimeoutError, readBounded } from "../domain/kernel/net/bounded_body.ts";
import { bodyDeadline } from "./conn.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyOptions = {
  /** Error code for a body that is not JSON (or not declared as JSON). */
  badJson: string;
  /** Extra fields for the bad-JSON error (e.g. details). */
  badJsonExtra?: Record<string, unknown>;
  /** Largest body accepted, in bytes. */
  limit?: number;
  /** Error code for a body over the limit (default invalid_payload, with details). */
  tooLarge?: string;
};

function isJsonContentType(ct: string | undefined): boolean {
  if (!ct) return false;
  const type = ct.split(";")[0].trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function readLimited(
  req: Request,
  limit: number,
  deadline: number | undefined,
): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null);
  return readBounded(req.body, limit, deadline);
}

/**
 * The raw body, declared as JSON and within the size limit; the bytes are not
 * parsed (a use case that parses them itself takes these: domain/sites/auth.ts).
 */
export async function readBody(c: Context, opts: BodyOptions): Promise<Uint8Array> {
  const bad = () => new ApiError(opts.badJson, 400, opts.badJsonExtra ?? {});
  if (!isJsonContentType(c.req.header("content-type"))) throw bad();
  const limit = opts.limit ?? DEFAULT_BODY_LIMIT;
  let bytes: Uint8Array | null;
  try {
    bytes = await readLimited(c.req.raw, limit, bodyDeadline(c));
  } catch (e) {
    if (e instanceof BodyTimeoutError) {
      // SVC_BODY_TIMEOUT_MS passed: the rest of the body is not awaited, and
      // the connection is not reused (its unread bytes would be the next request).
      c.header("Connection", "close");
      const message = "The request body did not arrive in time.";
      throw new ApiError("request_timeout", 408, c.get("envelope") === "admin" ? { message } : {});
    }
    throw bad(); // the client broke the body stream off
  }
  if (bytes === null) {
    const details = [{ field: "(body)", message: `must be at most ${limit} bytes` }];
    if (opts.tooLarge && opts.tooLarge !== "invalid_payload") {
      throw new ApiError(opts.tooLarge, 400);
    }
    throw invalidPayload(details);
  }
  return bytes;
}

/** The parsed JSON body (any JSON value; the schema decides what is allowed). */
export async function readJson(c: Context, opts: BodyOptions): Promise<unknown> {
  const bytes = await readBody(c, opts);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(opts.badJson, 400, opts.badJsonExtra ?? {});
  }
}
