/** Operator API: one email log record, and marking it spam or ham (the site owner's judgement). */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { readEmailLogItem } from "../../domain/mail/email_log.ts";
import { markEmail } from "../../domain/mail/marks.ts";
import { reportsOfMessage } from "../../domain/inbound/reports.ts";
import { deleteEmail } from "../../domain/privacy/records.ts";
import type { AppEnv } from "../types.ts";
import { notFound } from "./body.ts";

export function emailRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  // As an item of GET /sites/{id}/email-log.
  const answer = async (item: Awaited<ReturnType<typeof readEmailLogItem>>) => {
    if (!item) throw notFound("email");
    return { ...item, delivery_reports: await reportsOfMessage(ctx, item.id) };
  };
  r.get("/emails/:id", async (c) => {
    return c.json(await answer(await readEmailLogItem(ctx, c.req.param("id"))));
  });
  r.delete("/emails/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await readEmailLogItem(ctx, id)) || !(await deleteEmail(ctx, id, "operator_api"))) {
      throw notFound("email");
    }
    return c.body(null, 204);
  });
  // Counts for the record's account (and the service-wide list); nothing resent or deleted.
  for (const mark of ["spam", "ham"] as const) {
    r.post(`/emails/:id/${mark}`, async (c) => {
      return c.json(await answer(await markEmail(ctx, c.req.param("id"), mark)));
    });
  }
  return r;
}
