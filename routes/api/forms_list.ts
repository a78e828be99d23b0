/**
 * GET /forms (an extension beyond the spec): the hosted forms the key's site
 * can render, by slug and name with their fields, for a client that offers
 * them (the WordPress block). Errors: `{error}` with no ok, as render's.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { formsOfSite } from "../../domain/forms/hosted.ts";
import { envelope } from "../errors.ts";
import type { AppEnv } from "../types.ts";
import { requireSite } from "./auth.ts";

export function formListRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/forms", envelope("plain"), requireSite(ctx), async (c) => {
    const forms = await formsOfSite(ctx, c.get("site"));
    // Another key of another account must never get this answer from a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json({ ok: true, forms });
  });
  return r;
}
