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
import { readAccount } from "../../domain/accounts/accounts.ts";
import { readSite } from "../../domain/sites/sites.ts";
import { emailStats, listEmailLog } from "../../domain/mail/email_log.ts";
import { listOutbox } from "../../domain/mail/outbox.ts";
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
    const a = await readAccount(ctx, id);
    if (!a) throw notFound("account");
    return a;
  };
  const site = async (id: string) => {
    const s = await readSite(ctx, id);
    if (!s) throw notFound("site");
    return s;
  };

  // Templates of an account, and the starter templates every account can use.
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

  // The email log of a site.
  r.get("/sites/:id/email-log", async (c) => {
    const s = await site(c.req.param("id"));
    const items = await listEmailLog(ctx, s.id, { limit: limitParam(c) });
    return c.json({
      items: await Promise.all(
        items.map(async (i) => ({ ...i, delivery_reports: await reportsOfMessage(ctx, i.id) })),
      ),
    });
  });
  r.get("/sites/:id/email-stats", async (c) => {
    const s = await site(c.req.param("id"));
    return c.json(await emailStats(ctx, s.id));
  });

  // The outbox, raw and readable.
  r.get("/outbox", async (c) => {
    const { to, format } = adminQuery(c, OutboxQuery);
    const items = await listOutbox(ctx, { to, limit: limitParam(c) });
    const transport = ctx.config.SVC_SMTP_URL ? "smtp" : "outbox";
    const readable = await Promise.all(items.map((m) => readableMessage(m.raw)));
    if (format === "text") return c.text(outboxAsText(readable, transport));
    return c.json({
      transport,
      items: items.map((m, i) => ({
        message_id: m.message_id,
        from: m.from,
        envelope_from: m.envelope_from,
        ...(m.envelopes && { envelopes: m.envelopes }),
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
