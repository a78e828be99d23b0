/** Operator API: the form endpoints of a site (static sites' forms, POST /f/{id}): create, list, change the auto-reply, delete. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  endpointView,
  listFormEndpoints,
  newFormEndpoint,
  patchFormEndpoint,
  removeFormEndpoint,
} from "../../domain/forms/endpoints.ts";
import { EndpointCreate, EndpointPatch } from "../../domain/forms/endpoints_schema.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, notFound } from "./body.ts";

export function formEndpointRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/sites/:id/form-endpoints", async (c) => {
    const input = await adminBody(c, EndpointCreate);
    const e = await newFormEndpoint(ctx, c.req.param("id"), input);
    if (!e) throw notFound("site");
    return c.json(endpointView(ctx, e), 201);
  });
  r.get("/sites/:id/form-endpoints", async (c) => {
    const items = await listFormEndpoints(ctx, c.req.param("id"));
    if (!items) throw notFound("site");
    return c.json({ items: items.map((e) => endpointView(ctx, e)) });
  });
  r.patch("/sites/:id/form-endpoints/:endpointId", async (c) => {
    const input = await adminBody(c, EndpointPatch);
    const e = await patchFormEndpoint(ctx, c.req.param("id"), c.req.param("endpointId"), input);
    if (!e) throw notFound("form endpoint");
    return c.json(endpointView(ctx, e));
  });
  r.delete("/sites/:id/form-endpoints/:endpointId", async (c) => {
    if (!(await removeFormEndpoint(ctx, c.req.param("id"), c.req.param("endpointId")))) {
      throw notFound("form endpoint");
    }
    return c.body(null, 204);
  });
  return r;
}
