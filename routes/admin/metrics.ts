/**
 * GET /metrics: Prometheus text format (domain/ops/metrics.ts). Bearer token:
 * the operator token or SVC_METRICS_TOKEN (a scraper's own, which opens
 * nothing else); wrong tokens count toward the operator surface's failure
 * limit like any other (domain/kernel/auth_guard.ts).
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { constantTimeEqual } from "../../domain/kernel/crypto.ts";
import { failureLimiter } from "../../domain/kernel/auth_guard.ts";
import { renderMetrics } from "../../domain/ops/metrics.ts";
import { envelope } from "../errors.ts";
import { clientAddress } from "../conn.ts";
import type { AppEnv } from "../types.ts";

export function metricsRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const guard = failureLimiter(ctx, "admin");
  r.get("/metrics", envelope("admin"), async (c) => {
    const address = clientAddress(c);
    if (address !== null) {
      const wait = guard.retryAfter(address);
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new ApiError("rate_limited", 429);
      }
    }
    const h = (c.req.header("authorization") ?? "").trim();
    const token = /^Bearer\s+(.+)$/i.exec(h)?.[1] ?? "";
    const metricsToken = ctx.config.SVC_METRICS_TOKEN;
    const ok = token !== "" && (constantTimeEqual(token, ctx.config.adminToken) ||
      (metricsToken !== undefined && constantTimeEqual(token, metricsToken)));
    if (!ok) {
      if (address !== null && h) guard.fail(address, h);
      throw new ApiError("unauthorized", 401);
    }
    return c.text(await renderMetrics(ctx), 200, {
      "content-type": "text/plain; version=0.0.4; charset=utf-8",
    });
  });
  return r;
}
