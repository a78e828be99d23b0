/** Operator API: webhooks, their deliveries, and a site's events. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  eventBody,
  listDeliveriesOfEvent,
  listDeliveriesOfWebhook,
  listEventsOfSite,
  listWebhooksOfSite,
  newWebhook,
  patchWebhook,
  readDelivery,
  readEvent,
  readWebhook,
  removeWebhook,
  rotateWebhookSecret,
  sendTest,
  WebhookCreate,
  WebhookPatch,
  webhookView,
} from "../../domain/webhooks/webhooks.ts";
import { readSite } from "../../domain/sites/sites.ts";
import { RecoverBody, recoverWebhook } from "../../domain/webhooks/recover.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function webhookRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const site = async (id: string) => {
    const s = await readSite(ctx, id);
    if (!s) throw notFound("site");
    return s;
  };
  const webhook = async (id: string) => {
    const w = await readWebhook(ctx, id);
    if (!w) throw notFound("webhook");
    return w;
  };

  r.post("/sites/:id/webhooks", async (c) => {
    const s = await site(c.req.param("id"));
    return c.json(await newWebhook(ctx, s.id, await adminBody(c, WebhookCreate)), 201);
  });
  r.get("/sites/:id/webhooks", async (c) => {
    const s = await site(c.req.param("id"));
    const items = await Promise.all(
      (await listWebhooksOfSite(ctx, s.id)).map((w) => webhookView(ctx, w)),
    );
    return c.json({ items });
  });
  r.get(
    "/webhooks/:id",
    async (c) => c.json(await webhookView(ctx, await webhook(c.req.param("id")))),
  );
  r.patch("/webhooks/:id", async (c) => {
    const w = await patchWebhook(ctx, c.req.param("id"), await adminBody(c, WebhookPatch));
    if (!w) throw notFound("webhook");
    return c.json(await webhookView(ctx, w));
  });
  r.delete("/webhooks/:id", async (c) => {
    if (!(await removeWebhook(ctx, c.req.param("id")))) throw notFound("webhook");
    return c.body(null, 204);
  });
  r.post("/webhooks/:id/rotate-secret", async (c) => {
    const out = await rotateWebhookSecret(ctx, c.req.param("id"));
    if (!out) throw notFound("webhook");
    return c.json(out);
  });
  r.post("/webhooks/:id/test", async (c) => {
    return c.json(await sendTest(ctx, await webhook(c.req.param("id"))));
  });
  // Dropped deliveries since a time, delivered again (domain/webhooks/recover.ts).
  r.post("/webhooks/:id/recover", async (c) => {
    const body = await adminBody(c, RecoverBody);
    const out = await recoverWebhook(ctx, c.req.param("id"), body.since);
    if (!out) throw notFound("webhook");
    return c.json(out, 202);
  });
  r.get("/webhooks/:id/deliveries", async (c) => {
    const w = await webhook(c.req.param("id"));
    return c.json({
      items: await listDeliveriesOfWebhook(ctx, w.id, { limit: limitParam(c, 50, 100) }),
    });
  });
  r.get("/deliveries/:id", async (c) => {
    const d = await readDelivery(ctx, c.req.param("id"));
    if (!d) throw notFound("delivery");
    return c.json(d);
  });
  r.get("/sites/:id/events", async (c) => {
    const s = await site(c.req.param("id"));
    const events = await listEventsOfSite(ctx, s.id, { limit: limitParam(c, 50, 100) });
    return c.json({ items: await Promise.all(events.map((e) => eventBody(ctx, e))) });
  });
  r.get("/events/:id", async (c) => {
    const e = await readEvent(ctx, c.req.param("id"));
    if (!e) throw notFound("event");
    return c.json({
      event: await eventBody(ctx, e),
      deliveries: await listDeliveriesOfEvent(ctx, e.id),
    });
  });
  return r;
}
