/**
 * Operator API of the inbound capability: inbound domains (mail for them is
 * posted to their URL, signed with their secret) and delivery reports (what
 * bounces, delay and delivery notices and complaints said, per message, per
 * site or all).
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  InboundDomainCreate,
  InboundDomainPatch,
  listInboundDomainViews,
  newInboundDomain,
  patchInboundDomain,
  readInboundDomain,
  removeInboundDomain,
  rotateInboundSecret,
} from "../../domain/inbound/domains.ts";
import { allReports, readReport, reportsOfSite } from "../../domain/inbound/reports.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function inboundRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();

  r.post("/inbound-domains", async (c) => {
    return c.json(await newInboundDomain(ctx, await adminBody(c, InboundDomainCreate)), 201);
  });
  r.get("/inbound-domains", async (c) => {
    return c.json({ items: await listInboundDomainViews(ctx, limitParam(c, 100, 1000)) });
  });
  r.get("/inbound-domains/:id", async (c) => {
    const d = await readInboundDomain(ctx, c.req.param("id"));
    if (!d) throw notFound("inbound domain");
    return c.json(d);
  });
  r.patch("/inbound-domains/:id", async (c) => {
    const input = await adminBody(c, InboundDomainPatch);
    const d = await patchInboundDomain(ctx, c.req.param("id"), input);
    if (!d) throw notFound("inbound domain");
    return c.json(d);
  });
  r.delete("/inbound-domains/:id", async (c) => {
    if (!(await removeInboundDomain(ctx, c.req.param("id")))) throw notFound("inbound domain");
    return c.body(null, 204);
  });
  r.post("/inbound-domains/:id/rotate-secret", async (c) => {
    const out = await rotateInboundSecret(ctx, c.req.param("id"));
    if (!out) throw notFound("inbound domain");
    return c.json(out);
  });

  r.get("/delivery-reports", async (c) => {
    return c.json({ items: await allReports(ctx, limitParam(c, 50, 500)) });
  });
  r.get("/delivery-reports/:id", async (c) => {
    const report = await readReport(ctx, c.req.param("id"));
    if (!report) throw notFound("delivery report");
    return c.json(report);
  });
  r.get("/sites/:id/delivery-reports", async (c) => {
    const items = await reportsOfSite(ctx, c.req.param("id"), limitParam(c, 50, 500));
    if (!items) throw notFound("site");
    return c.json({ items });
  });
  return r;
}
