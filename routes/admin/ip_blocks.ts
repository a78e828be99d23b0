/** Operator API: IP blocks. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  ipBlockAdminView,
  IpBlockCreate,
  newIpBlock,
  operatorLift,
} from "../../domain/blocks/blocks.ts";
import { getIpBlock, listIpBlocks } from "../../domain/blocks/store.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function ipBlockRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post("/ip-blocks", async (c) => {
    const block = await newIpBlock(ctx, await adminBody(c, IpBlockCreate));
    return c.json(ipBlockAdminView(ctx, block), 201);
  });
  r.get("/ip-blocks", async (c) => {
    const items = (await listIpBlocks(ctx.kv, limitParam(c, 100))).map((b) =>
      ipBlockAdminView(ctx, b)
    );
    return c.json({ items });
  });
  r.get("/ip-blocks/:id", async (c) => {
    const block = await getIpBlock(ctx.kv, c.req.param("id"));
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
