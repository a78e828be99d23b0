/** What GET /healthz reports: whether KV answers, and how fast. */
import type { Ctx } from "./context.ts";
import { probeKv } from "./kv/probe.ts";

export type Health = { ok: true; kv: "ok"; kv_ms: number } | { ok: false; kv: "unreachable" };

/** One KV read, timed; a failure is logged and reported, never thrown. */
export async function checkHealth(ctx: Ctx): Promise<Health> {
  const started = performance.now();
  try {
    await probeKv(ctx.kv);
    return { ok: true, kv: "ok", kv_ms: +(performance.now() - started).toFixed(2) };
  } catch (e) {
    ctx.log.error("health check: KV unreachable", { error: e });
    return { ok: false, kv: "unreachable" };
  }
}
