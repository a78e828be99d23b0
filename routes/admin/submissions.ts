/** Operator API: the stored form submissions of a site, and one submission. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { getSite } from "../../domain/sites/store.ts";
import { getSubmission, listSubmissionsOfSite } from "../../domain/forms/submissions_store.ts";
import { submissionView } from "../../domain/forms/views.ts";
import type { AppEnv } from "../types.ts";
import { limitParam, notFound } from "./body.ts";

export function submissionRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/sites/:id/submissions", async (c) => {
    const site = await getSite(ctx.kv, c.req.param("id"));
    if (!site) throw notFound("site");
    const list = await listSubmissionsOfSite(ctx.kv, site.id, limitParam(c, 50, 200));
    return c.json({ items: await Promise.all(list.map((s) => submissionView(ctx, s))) });
  });
  r.get("/submissions/:id", async (c) => {
    const s = await getSubmission(ctx.kv, c.req.param("id"));
    if (!s) throw notFound("submission");
    return c.json(await submissionView(ctx, s));
  });
  return r;
}
