/** Operator API: IP blocks. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  ipBlockAdminView,
  IpBlockCreate,
  listIpBlocks,
  newIpBlock,
  operatorLift,
  readIpBlock,
} from "../../domain/blocks/blocks.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function ipBlockRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/ip-blocks", async (c) => {
    const block = await newIpBlock(ctx, await adminBody(c, IpBlockCreate));
    return c.json(ipBlockAdminView(ctx, block), 201);
  });
  r.get("/ip-blocks", async (c) => {
    const blocks = await listIpBlocks(ctx, { limit: limitParam(c, 100) });
    return c.json({ items: blocks.map((b) => ipBlockAdminView(ctx, b)) });
  });
  r.get("/ip-blocks/:id", async (c) => {
    const block = await readIpBlock(ctx, c.req.param("id"));
    if (!block) throw notFound("IP block");
    return c.json(ipBlockAdminView(ctx, block));
  });
  r.post("/ip-blocks/:id/lift", async (c) => {
    const block = await operatorLift(ctx, c.req.param("id"));
    if (!block) throw notFound("IP block");
    return c.json(ipBlockAdminView(ctx, block));
  });
  return r;
}
