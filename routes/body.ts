/**
 * The one body reader of the HTTP routes: JSON (the API and the operator API)
 * and forms (urlencoded or multipart, the dashboard). Every body is read
 * through `readRaw`, which counts the bytes as they arrive, whatever
 * Content-Length or Transfer-Encoding say, and stops at the route's limit: past
 * it the answer is 413 and the connection is closed (the rest of the body is
 * never read, so a client cannot make the process buffer it). Parsing only
 * ever sees a bounded byte array. Never throws anything but ApiError.
 *
 * No route reads `c.req` bodies any other way (tests/routes/body_bound_test.ts
 * checks the sources): Hono's `parseBody()`/`formData()`/`json()` read the
 * whole body into memory first.
 */
import type { Context } from "hono";
import { ApiError } from "../domain/kernel/errors.ts";
import { BodyTimeoutError, discardRest, readBounded } from "../domain/kernel/net/bounded_body.ts";
import { bodyDeadline } from "./conn.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Dashboard form bodies larger than this are refused (no dashboard form comes near it). */
export const FORM_BODY_LIMIT = 256 * 1024;

export type BodyOptions = {
  /** Error code for a body that is not JSON (or not declared as JSON). */
  badJson: string;
  /** Extra fields for the bad-JSON error (e.g. details). */
  badJsonExtra?: Record<string, unknown>;
  /** Largest body accepted, in bytes. */
  limit?: number;
  /** Error code of the 413 for a body over the limit (default invalid_payload, with details). */
  tooLarge?: string;
};

function mediaType(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Sets `Connection: close`: the unread rest of the body must not become the next request. */
function closing(c: Context, e: ApiError): ApiError {
  c.header("Connection", "close");
  return e;
}

/**
 * The raw bytes of the body, at most `limit` of them. Over the limit: 413 (code
 * `tooLarge`, by default invalid_payload naming `(body)`) and the connection is
 * closed. Not complete by SVC_BODY_TIMEOUT_MS: 408 and closed. A body the client
 * broke off: `broken()`.
 */
export async function readRaw(
  c: Context,
  limit: number,
  broken: () => ApiError,
  tooLarge = "invalid_payload",
  /**
   * Over the limit, read and throw away up to this many more bytes before
   * answering, so that a browser still sending sees the 413 page instead of
   * a reset connection; past them the connection is closed as usual.
   */
  drain = 0,
  tooLargeExtra: Record<string, unknown> = {},
): Promise<Uint8Array> {
  const message = `The request body must be at most ${limit} bytes.`;
  let ended = false;
  const over = () => {
    const extra = {
      ...(tooLarge === "invalid_payload" &&
        { details: [{ field: "(body)", message: `must be at most ${limit} bytes` }] }),
      ...(c.get("envelope") === "admin" && { message }),
      ...tooLargeExtra,
    };
    const e = new ApiError(tooLarge, 413, extra);
    return ended ? e : closing(c, e);
  };
  // A declared length over the limit is refused before a byte is kept; the
  // count below holds whatever the headers say (chunked bodies declare none).
  const declared = Number(c.req.header("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    const body = c.req.raw.body;
    if (body && drain > 0 && declared <= limit + drain) {
      ended = await discardRest(body.getReader(), limit + drain, bodyDeadline(c));
    } else body?.cancel().catch(() => {});
    throw over();
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readBounded(
      c.req.raw.body,
      limit,
      bodyDeadline(c),
      drain > 0
        ? async (reader) => {
          ended = await discardRest(reader, drain, bodyDeadline(c));
        }
        : undefined,
    );
  } catch (e) {
    if (e instanceof BodyTimeoutError) {
      // SVC_BODY_TIMEOUT_MS passed: the rest of the body is not awaited.
      const message = "The request body did not arrive in time.";
      const admin = c.get("envelope") === "admin";
      throw closing(c, new ApiError("request_timeout", 408, admin ? { message } : {}));
    }
    throw broken(); // the client broke the body stream off
  }
  if (bytes === null) throw over();
  return bytes;
}

/**
 * The raw body, declared as JSON and within the size limit; the bytes are not
 * parsed (a use case that parses them itself takes these: domain/sites/auth.ts).
 */
export async function readBody(c: Context, opts: BodyOptions): Promise<Uint8Array> {
  const bad = () => new ApiError(opts.badJson, 400, opts.badJsonExtra ?? {});
  if (!isJsonType(mediaType(c))) throw bad();
  return await readRaw(c, opts.limit ?? DEFAULT_BODY_LIMIT, bad, opts.tooLarge);
}

/** The parsed JSON body (any JSON value; the schema decides what is allowed). */
export async function readJson(c: Context, opts: BodyOptions): Promise<unknown> {
  const bytes = await readBody(c, opts);
  return parseJson(bytes, opts);
}

function parseJson(bytes: Uint8Array, opts: BodyOptions): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(opts.badJson, 400, opts.badJsonExtra ?? {});
  }
}

/**
 * The parsed JSON body of a call whose body is optional, or undefined when
 * there is none: no body at all (no Content-Length, no Transfer-Encoding, as
 * `curl -X POST` without `-d` sends), `Content-Length: 0`, or an empty chunked
 * body, whatever the Content-Type says. A body with bytes must be JSON.
 */
export async function readOptionalJson(c: Context, opts: BodyOptions): Promise<unknown> {
  const bad = () => new ApiError(opts.badJson, 400, opts.badJsonExtra ?? {});
  if (c.req.raw.body === null || c.req.header("content-length") === "0") return undefined;
  const json = isJsonType(mediaType(c));
  // Not declared as JSON: only an empty body passes, so read no more than one byte's worth.
  const bytes = await readRaw(c, json ? opts.limit ?? DEFAULT_BODY_LIMIT : 0, bad, opts.tooLarge)
    .catch((e) => {
      if (!json && e instanceof ApiError && e.status === 413) throw bad();
      throw e;
    });
  if (bytes.length === 0) return undefined;
  return parseJson(bytes, opts);
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A urlencoded or multipart form body as strings, read within `limit` bytes
 * (files and repeated `name[]` fields are left out; for a repeated name the
 * last value counts). Any other Content-Type gives `{}` without reading.
 */
export async function readForm(
  c: Context,
  limit = FORM_BODY_LIMIT,
): Promise<Record<string, string>> {
  const type = mediaType(c);
  if (!FORM_TYPES.has(type)) return {};
  const bytes = await readRaw(c, limit, () => new ApiError("bad_request", 400));
  const out: Record<string, string> = Object.create(null);
  if (type === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) out[k] = v;
    return out;
  }
  let form: FormData;
  try {
    // The bytes are bounded, so parsing them whole is too.
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": c.req.header("content-type")! },
    })
      .formData();
  } catch {
    throw new ApiError("bad_request", 400);
  }
  for (const [k, v] of form) if (typeof v === "string") out[k] = v;
  return out;
}
