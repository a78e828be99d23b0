/** Operator API: sending domains of a site (register, list, read, check, delete). */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  addSendingDomain,
  changeFromAddress,
  checkSendingDomain,
  listSendingDomainsOfSite,
  readSendingDomain,
  removeSendingDomain,
  SendingDomainCreate,
  SendingDomainPatch,
  sendingDomainView,
} from "../../domain/sending_domains/sending_domains.ts";
import { readSite } from "../../domain/sites/sites.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, notFound } from "./body.ts";

export function sendingDomainRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const view = (d: Parameters<typeof sendingDomainView>[1]) => sendingDomainView(ctx.config, d);
  const site = async (id: string) => {
    const s = await readSite(ctx, id);
    if (!s) throw notFound("site");
    return s;
  };

  r.post("/sites/:id/sending-domains", async (c) => {
    const s = await site(c.req.param("id"));
    const input = await adminBody(c, SendingDomainCreate);
    return c.json(view(await addSendingDomain(ctx, s.id, input)), 201);
  });
  r.get("/sites/:id/sending-domains", async (c) => {
    const s = await site(c.req.param("id"));
    return c.json({ items: (await listSendingDomainsOfSite(ctx, s.id)).map(view) });
  });
  r.get("/sending-domains/:id", async (c) => {
    const d = await readSendingDomain(ctx, c.req.param("id"));
    if (!d) throw notFound("sending domain");
    return c.json(view(d));
  });
  r.patch("/sending-domains/:id", async (c) => {
    const d = await changeFromAddress(
      ctx,
      c.req.param("id"),
      await adminBody(c, SendingDomainPatch),
    );
    if (!d) throw notFound("sending domain");
    return c.json(view(d));
  });
  r.post("/sending-domains/:id/check", async (c) => {
    const d = await checkSendingDomain(ctx, c.req.param("id"));
    if (!d) throw notFound("sending domain");
    return c.json(view(d));
  });
  r.delete("/sending-domains/:id", async (c) => {
    if (!(await removeSendingDomain(ctx, c.req.param("id")))) throw notFound("sending domain");
    return c.body(null, 204);
  });
  return r;
}
