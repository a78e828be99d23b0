/** GET /healthz for load balancers: 200 when KV answers, 503 otherwise. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { checkHealth } from "../../domain/kernel/health.ts";
import type { AppEnv } from "../types.ts";

export function healthRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/healthz", async (c) => {
    const health = await checkHealth(ctx);
    return c.json(health, health.ok ? 200 : 503);
  });
  return r;
}
