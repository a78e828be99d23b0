/** Body parsing for the operator API: JSON, then the zod schema. */
import type { Context } from "hono";
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
