/** Operator API: the stored form submissions of a site, one submission, and marking one spam or ham. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { readSite } from "../../domain/sites/sites.ts";
import { listSubmissionsOfSite, readSubmission } from "../../domain/forms/views.ts";
import { markSubmission } from "../../domain/forms/marks.ts";
import { deleteSubmission } from "../../domain/privacy/records.ts";
import type { AppEnv } from "../types.ts";
import { limitParam, notFound } from "./body.ts";

export function submissionRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/sites/:id/submissions", async (c) => {
    const site = await readSite(ctx, c.req.param("id"));
    if (!site) throw notFound("site");
    const items = await listSubmissionsOfSite(ctx, site.id, { limit: limitParam(c, 50, 200) });
    return c.json({ items });
  });
  r.get("/submissions/:id", async (c) => {
    const s = await readSubmission(ctx, c.req.param("id"));
    if (!s) throw notFound("submission");
    return c.json(s);
  });
  r.delete("/submissions/:id", async (c) => {
    if (!(await readSubmission(ctx, c.req.param("id")))) throw notFound("submission");
    await deleteSubmission(ctx, c.req.param("id"), "operator_api");
    return c.body(null, 204);
  });
  // The site owner's judgement: counts for the account; "ham" on a spam-judged
  // submission also releases its held notification, once.
  for (const mark of ["spam", "ham"] as const) {
    r.post(`/submissions/:id/${mark}`, async (c) => {
      const who = { by: "the operator", channel: "operator_api" } as const;
      const s = await markSubmission(ctx, c.req.param("id"), mark, who);
      if (!s) throw notFound("submission");
      return c.json(s);
    });
  }
  return r;
}
