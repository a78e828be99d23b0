/**
 * API-key middleware for /api/v1 routes: authenticates the key (401/403 in the
 * route's envelope) and applies the site's per-key request limit when the
 * operator turned it on. Every keyed route file uses `requireSite`, so a new
 * endpoint gets both by adding it.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { authenticate, type KeyHint, keyHint, presentedKey } from "../../domain/sites/auth.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { consumeRequest, type LimitDecision } from "../../domain/sites/request_limit.ts";
import type { AppEnv } from "../types.ts";
import { failureLimiter } from "../../domain/kernel/auth_guard.ts";
import { clientAddress } from "../conn.ts";

/**
 * For a key seen before: read the body first and name the KV keys the handler
 * will read, so that they are read in the key check's own getMany (one round
 * trip fewer). The body's own error still answers only after the key checks;
 * an unknown key's body is not read before it is checked.
 */
export type ReadAhead = {
  body(c: Context<AppEnv>): Promise<unknown>;
  /**
   * The keys for this body and the key's last known site, and what the handler
   * needs to read their entries (`plan`); null: nothing to read ahead.
   */
  keys(json: unknown, hint: KeyHint): { keys: Deno.KvKey[]; plan: unknown } | null;
};

export function requireSite(
  ctx: Ctx,
  opts: { allowDisabled?: boolean; readAhead?: ReadAhead } = {},
): MiddlewareHandler<AppEnv> {
  const guard = failureLimiter(ctx, "api");
  return async (c, next) => {
    // An address over the wrong-key limit (domain/auth_guard.ts) gets 429 for
    // everything, a valid key included, until its block ends.
    const address = clientAddress(c);
    if (address !== null) {
      const wait = guard.retryAfter(address);
      if (wait > 0) throw tooManyFailures(c, wait);
    }
    const presented = presentedKey((h) => c.req.header(h));
    const hint = opts.readAhead ? keyHint(presented) : null;
    let ahead: { keys: Deno.KvKey[]; plan: unknown } | null = null;
    if (hint && opts.readAhead) {
      let body: AppEnv["Variables"]["body"];
      try {
        body = { json: await opts.readAhead.body(c) };
      } catch (error) {
        body = { error };
      }
      c.set("body", body);
      if (!("error" in body)) ahead = opts.readAhead.keys(body.json, hint);
    }
    let auth: Awaited<ReturnType<typeof authenticate>>;
    try {
      auth = await authenticate(ctx, presented, opts.allowDisabled ?? false, ahead?.keys);
    } catch (e) {
      if (
        address !== null && presented !== undefined && e instanceof ApiError &&
        e.code === "invalid_api_key"
      ) {
        const wait = guard.fail(address, presented.trim());
        if (wait > 0) throw tooManyFailures(c, wait);
      }
      throw e;
    }
    const { site, keyId } = auth;
    c.set("site", site);
    c.set("apiKeyId", keyId);
    if (ahead && auth.ahead) c.set("readAhead", { plan: ahead.plan, entries: auth.ahead });
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

/** 429 rate_limited in the route's envelope, with Retry-After. */
function tooManyFailures(c: Context<AppEnv>, seconds: number): ApiError {
  c.header("Retry-After", String(seconds));
  return new ApiError("rate_limited", 429);
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
