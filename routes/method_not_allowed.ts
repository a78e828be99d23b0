/**
 * 404 or 405 for a request no handler answered: a path that some route serves
 * with other methods answers 405 with an `Allow` header listing them (RFC 9110,
 * 15.5.6); any other path stays 404. The body is in the surface's envelope:
 * the operator API's `{error, message}`, elsewhere `{error}`.
 */
import type { Env, Hono, MiddlewareHandler, NotFoundHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { findTargetHandler } from "hono/utils/handler";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./types.ts";

/** Where a dispatching handler keeps the paths it serves. */
const SERVES = Symbol("serves");

/**
 * Marks a handler registered on a general pattern (`/a/:x/:y`) that serves
 * only these paths by dispatching on its segments (Hono's RegExp router holds
 * no literal segment beside a parameter): the Allow header lists these paths'
 * methods, not the general pattern's.
 */
export function servesRoutes<E extends Env>(
  handler: MiddlewareHandler<E>,
  paths: string[],
): MiddlewareHandler<E> {
  return Object.assign(handler, { [SERVES]: paths });
}

/** Order of methods in an Allow header. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The methods a path is served with, from the app's own route table (compiled
 * at the first call, when every route is registered). Middleware is added for
 * the method "ALL" and is not a route.
 */
function allowedMethods(app: Hono<AppEnv>) {
  let router: TrieRouter<true> | null = null;
  let methods: string[] = [];
  return (path: string): string[] => {
    if (!router) {
      router = new TrieRouter<true>();
      const seen = new Set<string>();
      for (const r of app.routes) {
        if (r.method === "ALL") continue;
        // A sub-app with its own error handler wraps its handlers when mounted.
        const served = (findTargetHandler(r.handler) as { [SERVES]?: string[] })[SERVES];
        for (const path of served ?? [r.path]) router.add(r.method, path, true);
        seen.add(r.method);
      }
      methods = [...seen];
    }
    const allowed = new Set(methods.filter((m) => router!.match(m, path)[0].length > 0));
    // Hono answers HEAD with the GET route.
    if (allowed.has("GET")) allowed.add("HEAD");
    return [...allowed].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  };
}

export function notFoundOrMethodNotAllowed(app: Hono<AppEnv>): NotFoundHandler<AppEnv> {
  const allowedFor = allowedMethods(app);
  return (c) => {
    const allowed = allowedFor(c.req.path);
    const env = c.get("envelope") ?? "plain";
    if (allowed.length === 0) return c.json(errorBody(env, "not_found"), 404);
    c.header("Allow", allowed.join(", "));
    const message = `${c.req.method} is not allowed here; use ${allowed.join(", ")}.`;
    return c.json(
      env === "admin"
        ? errorBody("admin", "method_not_allowed", { message })
        : errorBody("plain", "method_not_allowed"),
      405,
    );
  };
}
