/** GET /healthz for load balancers: 200 when KV answers, 503 otherwise. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { AppEnv } from "../types.ts";
import { keys } from "../../domain/kernel/kv/keys.ts";

export function healthRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/healthz", async (c) => {
    const started = performance.now();
    try {
      await ctx.kv.get(keys.health());
      return c.json({ ok: true, kv: "ok", kv_ms: +(performance.now() - started).toFixed(2) });
    } catch (e) {
      ctx.log.error("health check: KV unreachable", { error: e });
      return c.json({ ok: false, kv: "unreachable" }, 503);
    }
  });
  return r;
}
