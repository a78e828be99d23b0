/** Operator API: the suppression list and a site's unsubscribes. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  addressParam,
  listSuppressions,
  listUnsubscribes,
  readSuppression,
  removeSuppression,
  removeUnsubscribe,
  suppress,
  SuppressionCreate,
  unsubscribe,
  UnsubscribeCreate,
} from "../../domain/suppressions/suppressions.ts";
import { readSite } from "../../domain/sites/sites.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function suppressionRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const site = async (id: string) => {
    const s = await readSite(ctx, id);
    if (!s) throw notFound("site");
    return s;
  };

  r.post("/suppressions", async (c) => {
    const { created, record } = await suppress(ctx, await adminBody(c, SuppressionCreate));
    return c.json(record, created ? 201 : 200);
  });
  r.get("/suppressions", async (c) => {
    return c.json({ items: await listSuppressions(ctx, { limit: limitParam(c, 100, 1000) }) });
  });
  r.get("/suppressions/:email", async (c) => {
    const address = addressParam(c.req.param("email"));
    const rec = address ? await readSuppression(ctx, address) : null;
    if (!rec) throw notFound("suppression");
    return c.json(rec);
  });
  r.delete("/suppressions/:email", async (c) => {
    const address = addressParam(c.req.param("email"));
    if (!address || !(await removeSuppression(ctx, address))) throw notFound("suppression");
    return c.body(null, 204);
  });

  r.post("/sites/:id/unsubscribes", async (c) => {
    const s = await site(c.req.param("id"));
    const input = await adminBody(c, UnsubscribeCreate);
    const { created, record } = await unsubscribe(ctx, s.id, input.email);
    return c.json(record, created ? 201 : 200);
  });
  r.get("/sites/:id/unsubscribes", async (c) => {
    const s = await site(c.req.param("id"));
    return c.json({
      items: await listUnsubscribes(ctx, s.id, { limit: limitParam(c, 100, 1000) }),
    });
  });
  r.delete("/sites/:id/unsubscribes/:email", async (c) => {
    const s = await site(c.req.param("id"));
    const address = addressParam(c.req.param("email"));
    if (!address || !(await removeUnsubscribe(ctx, s.id, address))) {
      throw notFound("unsubscribe");
    }
    return c.body(null, 204);
  });
  return r;
}
