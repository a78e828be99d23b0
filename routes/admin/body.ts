/** Body parsing for the operator API: JSON, then the zod schema. */
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { readJson } from "../body.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { ApiError } from "../../domain/errors.ts";

export async function adminBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  // An empty body on a call whose fields are all optional means "{}".
  const hasBody = c.req.header("content-length") !== "0" && c.req.raw.body !== null;
  const json = hasBody ? await readJson(c, { badJson: "invalid_json" }) : {};
  return parseOrThrow(schema, json);
}

export function notFound(what = "resource"): ApiError {
  return new ApiError("not_found", 404, { message: `No such ${what}.` });
}

/** `?limit=` clamped to 1..max (default `def`). */
export function limitParam(c: Context, def = 50, max = 500): number {
  const n = Number(c.req.query("limit") ?? def);
  return Number.isFinite(n) ? Math.min(max, Math.max(1, Math.floor(n))) : def;
}

/** Longest operator path accepted, in UTF-8 bytes; ids and addresses are far shorter. */
export const MAX_ADMIN_PATH = 1024;
const utf8 = new TextEncoder();

/**
 * Answers 404 for absurdly long paths before any route builds a KV key from a
 * path segment (a key over 2 KiB would make Deno KV throw).
 */
export const boundedPath: MiddlewareHandler = async (c, next) => {
  const path = c.req.path;
  if (path.length > MAX_ADMIN_PATH || utf8.encode(path).length > MAX_ADMIN_PATH) {
    throw notFound();
  }
  await next();
};
