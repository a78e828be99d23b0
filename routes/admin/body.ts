/** Body parsing for the operator API: JSON, then the zod schema. */
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { readOptionalJson } from "../body.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { ApiError, invalidPayload } from "../../domain/kernel/errors.ts";

export async function adminBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  // No body, or an empty one, means "{}": calls whose fields are all optional
  // take it, the others name their missing fields.
  const json = await readOptionalJson(c, { badJson: "invalid_json" });
  return parseOrThrow(schema, json ?? {});
}

export function notFound(what = "resource"): ApiError {
  return new ApiError("not_found", 404, { message: `No such ${what}.` });
}

/**
 * `?limit=`: a whole number of at least 1 (default `def`); above `max` it is
 * clamped, as list APIs usually do. Anything else is a 400 that names the
 * parameter, rather than a silent default the caller would not notice.
 */
export function limitParam(c: Context, def = 50, max = 500): number {
  const raw = c.req.query("limit");
  if (raw === undefined) return def;
  if (!/^[0-9]{1,9}$/.test(raw) || Number(raw) < 1) {
    throw invalidPayload([{ field: "limit", message: `must be a whole number from 1 to ${max}` }]);
  }
  return Math.min(max, Number(raw));
}

/**
 * What a string weighs inside a Deno KV key: its UTF-8 bytes, plus one for
 * each NUL (escaped as two bytes). A key may weigh at most 2 KiB in all.
 */
export function kvKeyBytes(s: string): number {
  let nul = 0;
  for (let i = s.indexOf("\0"); i !== -1; i = s.indexOf("\0", i + 1)) nul++;
  return utf8.encode(s).length + nul;
}

/** Longest operator path accepted, in KV key bytes; ids and addresses are far shorter. */
export const MAX_ADMIN_PATH = 1024;
/** Longest query parameter name or value accepted, in KV key bytes (e.g. `?to=` of the outbox). */
export const MAX_QUERY_PARAM = 1024;
const utf8 = new TextEncoder();

/**
 * Answers 404 for absurdly long paths before any route builds a KV key from a
 * path segment (a key over 2 KiB would make Deno KV throw). Every segment is a
 * part of the path, so no key built from them can pass the limit.
 */
export const boundedPath: MiddlewareHandler = async (c, next) => {
  const path = c.req.path;
  if (path.length > MAX_ADMIN_PATH || kvKeyBytes(path) > MAX_ADMIN_PATH) throw notFound();
  await next();
};

/**
 * Answers 400 invalid_payload for an over-long query parameter (name or any of
 * its values) before a route turns one into a KV key. Routes check their own
 * parameters more tightly with `adminQuery`.
 */
export const boundedQuery: MiddlewareHandler = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    const tooLong = kvKeyBytes(name) > MAX_QUERY_PARAM ||
      values.some((v) => v.length > MAX_QUERY_PARAM || kvKeyBytes(v) > MAX_QUERY_PARAM);
    if (tooLong) {
      throw invalidPayload([{
        field: name.length > 64 ? `${name.slice(0, 64)}…` : name,
        message: `query parameter must be at most ${MAX_QUERY_PARAM} bytes`,
      }]);
    }
  }
  await next();
};

/** The query parameters of a route, checked with its zod schema (400 invalid_payload). */
export function adminQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseOrThrow(schema, c.req.query());
}
