/**
 * API-key middleware for /api/v1 routes: authenticates the key (401/403 in the
 * route's envelope) and applies the site's per-key request limit when the
 * operator turned it on. Every keyed route file uses `requireSite`, so a new
 * endpoint gets both by adding it.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/context.ts";
import { authenticate, presentedKey } from "../../domain/auth.ts";
import { ApiError } from "../../domain/errors.ts";
import { consumeRequest, type LimitDecision } from "../../domain/request_limit.ts";
import type { AppEnv } from "../types.ts";

export function requireSite(
  ctx: Ctx,
  opts: { allowDisabled?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { site, keyId } = await authenticate(
      ctx,
      presentedKey((h) => c.req.header(h)),
      opts.allowDisabled ?? false,
    );
    c.set("site", site);
    c.set("apiKeyId", keyId);
    if (site.request_limit) {
      const d = await consumeRequest(ctx, keyId, site.request_limit);
      setLimitHeaders(c, d);
      if (!d.allowed) {
        c.header("Retry-After", String(d.retryAfterSeconds));
        throw new ApiError("rate_limited", 429);
      }
    }
    await next();
  };
}

/**
 * RateLimit-Limit / -Remaining / -Reset (IETF draft "RateLimit header fields
 * for HTTP"). Set on the context, so they reach success and error answers alike.
 */
function setLimitHeaders(c: Context<AppEnv>, d: LimitDecision) {
  c.header("RateLimit-Limit", String(d.limit));
  c.header("RateLimit-Remaining", String(d.remaining));
  c.header("RateLimit-Reset", String(d.resetSeconds));
}
