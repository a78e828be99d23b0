/**
 * GET /forms/render/{slug}: a hosted form of the key's account. The slug is
 * checked before the key. Errors: `{error}` with no ok. Answers are cacheable
 * for a minute (spec), carry an ETag, and revalidate to 304.
 */
import { Hono } from "hono";
import type { MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { API_KEY_HEADERS } from "../../domain/sites/auth.ts";
import { isValidSlug, renderedForm } from "../../domain/forms/hosted.ts";
import { envelope } from "../errors.ts";
import type { AppEnv } from "../types.ts";
import { requireSite } from "./auth.ts";

export const RENDER_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";
const VARY = API_KEY_HEADERS.join(", ");

const slugFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isValidSlug(c.req.param("slug") ?? "")) throw new ApiError("invalid_slug", 400);
  await next();
};

/** Whether an If-None-Match header names this ETag (weak comparison, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

export function formRenderRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  // An empty slug has no allowed character either.
  r.get("/forms/render/", envelope("plain"), () => {
    throw new ApiError("invalid_slug", 400);
  });
  r.get("/forms/render/:slug", envelope("plain"), slugFirst, requireSite(ctx), async (c) => {
    const { body, etag, updatedAt } = await renderedForm(ctx, c.get("site"), c.req.param("slug"));
    // The headers in one go (each c.header() is a Headers operation of its own).
    const headers: Record<string, string> = {
      "Cache-Control": RENDER_CACHE_CONTROL,
      "X-SVC-Form-Updated": updatedAt,
      ETag: etag,
      // A shared cache must not hand one key's answer to another key.
      Vary: VARY,
    };
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    headers["Content-Type"] = "application/json";
    return c.body(body, 200, headers);
  });
  return r;
}
