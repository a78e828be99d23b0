/**
 * Around every request: its id (the client's X-Request-Id when it is a short
 * token, else a new UUID), answered in X-Request-Id, kept in the context's
 * request scope for the log lines and webhook deliveries the request causes;
 * and its count and latency by route pattern (/api/v1/sites/:id, never the
 * id itself) and status, in memory (domain/kernel/metrics.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { HonoRequest } from "hono/request";
import type { Ctx } from "../domain/kernel/context.ts";
import { labelString } from "../domain/kernel/metrics.ts";
import type { AppEnv } from "./types.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

type Route = { method: string; path: string };
/** What the router matched: `[[handler, route], params][]`, one array per route shape. */
type Matched = [[unknown, Route], unknown][];

/**
 * Hono keeps the router's match on the request behind a symbol getter of its
 * own (`GET_MATCH_RESULT`, not exported). Its first element is the same array
 * for every request to one route shape (the RegExp router builds one per shape
 * at its first match), so the route's labels are cached on it; without the
 * getter (another Hono version) `matchedRoutes` is read per request instead.
 */
const MATCH_RESULT = Object.getOwnPropertySymbols(HonoRequest.prototype).find((s) =>
  typeof Object.getOwnPropertyDescriptor(HonoRequest.prototype, s)?.get === "function"
);

/** Whether the labels are cached per route shape (the match is reachable), as with this Hono. */
export const LABELS_CACHED = MATCH_RESULT !== undefined;

/** The pattern of the route that answered (the last matched handler that is not middleware). */
export function routePattern(routes: readonly Route[]): string {
  for (let i = routes.length - 1; i >= 0; i--) {
    const r = routes[i];
    if (r.method !== "ALL") return r.path;
  }
  return "unmatched";
}

/** A route shape's metric label strings, built once. */
type Labels = {
  route: string;
  /** `{route="…"}` of the latency histogram. */
  duration: string;
  /** method -> status -> `{route="…",method="…",status="…"}` of the request counter. */
  counters: Map<string, Map<number, string>>;
};

function labelsOf(route: string): Labels {
  return { route, duration: labelString({ route }), counters: new Map() };
}

function counterKey(l: Labels, method: string, status: number): string {
  let byStatus = l.counters.get(method);
  if (!byStatus) l.counters.set(method, byStatus = new Map());
  let key = byStatus.get(status);
  if (key === undefined) {
    key = labelString({ route: l.route, method, status: String(status) });
    byStatus.set(status, key);
  }
  return key;
}

export function observe(ctx: Ctx): MiddlewareHandler<AppEnv> {
  // Per route shape (the matched array), on this app's router: dropped with it.
  const byShape = new WeakMap<Matched, Labels>();
  const labelsFor = (c: Context<AppEnv>): Labels => {
    const matched = MATCH_RESULT
      ? (c.req as unknown as Record<symbol, [Matched]>)[MATCH_RESULT][0]
      : undefined;
    if (!matched) return labelsOf(routePattern(c.req.matchedRoutes));
    let l = byShape.get(matched);
    if (!l) byShape.set(matched, l = labelsOf(routePattern(matched.map((m) => m[0][1]))));
    return l;
  };
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
    const l = labelsFor(c);
    ctx.metrics.incKey("svc_http_requests_total", counterKey(l, c.req.method, c.res.status));
    ctx.metrics.observeKey(
      "svc_http_request_duration_seconds",
      l.duration,
      (performance.now() - t0) / 1000,
    );
  };
}
