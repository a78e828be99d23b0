/** Operator API of the mail engine: templates, the email log and the outbox (raw or readable). */
import { Hono } from "hono";
import { z } from "zod";
import { str } from "../../domain/kernel/validation.ts";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  listTemplates,
  newTemplate,
  patchTemplate,
  readTemplate,
  removeTemplate,
  starterTemplateViews,
  TemplateCreate,
  TemplatePatch,
} from "../../domain/mail/templates.ts";
import { getAccount } from "../../domain/accounts/store.ts";
import { getSite } from "../../domain/sites/store.ts";
import { listEmailLogOfSite, viewEmailLog } from "../../domain/mail/email_log_store.ts";
import { listOutbox } from "../../domain/mail/outbox_store.ts";
import { readCount } from "../../domain/kernel/kv/kv.ts";
import { keys } from "../../domain/kernel/kv/keys.ts";
import { siteLogTotal, TOTALS } from "../../domain/mail/send.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, adminQuery, limitParam, notFound } from "./body.ts";
import { outboxAsText, readableMessage } from "./outbox_view.ts";
import { reportsOfMessage } from "../../domain/inbound/reports.ts";

/** `?to=`: an envelope recipient (an address is at most 320 characters); `?format=`: json or text. */
const OutboxQuery = z.object({
  to: str(320).optional(),
  format: z.enum(["json", "text"], { error: "must be json or text" }).default("json"),
});

export function mailAdminRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const account = async (id: string) => {
    const a = await getAccount(ctx.kv, id);
    if (!a) throw notFound("account");
    return a;
  };

  // --- templates --------------------------------------------------------------
  r.post("/accounts/:id/templates", async (c) => {
    const a = await account(c.req.param("id"));
    return c.json(await newTemplate(ctx, a.id, await adminBody(c, TemplateCreate)), 201);
  });
  r.get("/accounts/:id/templates", async (c) => {
    const a = await account(c.req.param("id"));
    return c.json({ items: await listTemplates(ctx, a.id) });
  });
  r.get("/starter-templates", (c) => c.json({ items: starterTemplateViews() }));
  r.get("/templates/:id", async (c) => {
    const t = await readTemplate(ctx, c.req.param("id"));
    if (!t) throw notFound("template");
    return c.json(t);
  });
  r.patch("/templates/:id", async (c) => {
    const t = await patchTemplate(ctx, c.req.param("id"), await adminBody(c, TemplatePatch));
    if (!t) throw notFound("template");
    return c.json(t);
  });
  r.delete("/templates/:id", async (c) => {
    if (!(await removeTemplate(ctx, c.req.param("id")))) throw notFound("template");
    return c.body(null, 204);
  });

  // --- email log ----------------------------------------------------------------
  r.get("/sites/:id/email-log", async (c) => {
    const site = await getSite(ctx.kv, c.req.param("id"));
    if (!site) throw notFound("site");
    const records = await listEmailLogOfSite(ctx.kv, site.id, limitParam(c));
    const items = await Promise.all(records.map(async (rec) => ({
      ...(await viewEmailLog(ctx.kv, rec)),
      opens: await readCount(ctx.kv, keys.total(TOTALS.messageOpens, rec.id)),
      clicks: await readCount(ctx.kv, keys.total(TOTALS.messageClicks, rec.id)),
      delivery_reports: await reportsOfMessage(ctx, rec.id),
    })));
    return c.json({ items });
  });
  r.get("/sites/:id/email-stats", async (c) => {
    const site = await getSite(ctx.kv, c.req.param("id"));
    if (!site) throw notFound("site");
    const [logged, sent, opens, clicks] = await Promise.all([
      siteLogTotal(ctx, site.id),
      ...[TOTALS.sent, TOTALS.opens, TOTALS.clicks].map((n) =>
        readCount(ctx.kv, keys.total(n, site.id))
      ),
    ]);
    return c.json({ logged, sent, opens, clicks });
  });

  // --- outbox ---------------------------------------------------------------------
  r.get("/outbox", async (c) => {
    const { to, format } = adminQuery(c, OutboxQuery);
    const items = await listOutbox(ctx.kv, { to, limit: limitParam(c) });
    const transport = ctx.config.SVC_SMTP_URL ? "smtp" : "outbox";
    const readable = await Promise.all(items.map((m) => readableMessage(m.raw)));
    if (format === "text") return c.text(outboxAsText(readable, transport));
    return c.json({
      transport,
      items: items.map((m, i) => ({
        message_id: m.message_id,
        from: m.from,
        envelope_from: m.envelope_from,
        to: m.to,
        subject: m.subject,
        raw: m.raw,
        created_at: m.created_at,
        ...readable[i],
      })),
    });
  });
  return r;
}
