/**
 * Around every request: its id (the client's X-Request-Id when it is a short
 * token, else a new UUID), answered in X-Request-Id, kept in the context's
 * request scope for the log lines and webhook deliveries the request causes;
 * and its count and latency by route pattern (/api/v1/sites/:id, never the
 * id itself) and status, in memory (domain/kernel/metrics.ts).
 */
import type { MiddlewareHandler } from "hono";
import type { Ctx } from "../domain/kernel/context.ts";
import type { AppEnv } from "./types.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The pattern of the route that answered (the last matched handler that is not middleware). */
function routePattern(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const routes = c.req.matchedRoutes;
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i];
    if (r.method !== "ALL") return r.path;
  }
  return "unmatched";
}

export function observe(ctx: Ctx): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const t0 = performance.now();
    const given = c.req.header("x-request-id");
    const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    await ctx.requestScope.run({ request_id: id }, next);
    try {
      // On the answer itself: c.header() after the handler copies the whole Response.
      c.res.headers.set("X-Request-Id", id);
    } catch {
      c.header("X-Request-Id", id); // immutable headers (a redirect): copied once
    }
    const route = routePattern(c);
    ctx.metrics.inc("svc_http_requests_total", {
      route,
      method: c.req.method,
      status: String(c.res.status),
    });
    ctx.metrics.observe(
      "svc_http_request_duration_seconds",
      { route },
      (performance.now() - t0) / 1000,
    );
  };
}
