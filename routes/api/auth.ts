/**
 * The HTTP side of the API key check of /api/v1 routes: the presented key
 * from the headers, the failed-credential guard of the client address
 * (domain/kernel/auth_guard.ts), and the RateLimit headers of the site's
 * per-key request limit. The check itself is the domain's (checkApiKey in
 * domain/sites/auth.ts); its 401/403/429 answer in the route's envelope.
 *
 * - `requireSite`: middleware for keyed routes; every keyed route file uses it
 *   (or `keyedCall`), so a new endpoint gets the check and the limit by adding it.
 * - `keyedCall`: for the hot paths whose use case runs the key check itself,
 *   to read what it needs with it (mail/send, forms/submit).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { checkApiKey, type KeyedRequest, presentedKey } from "../../domain/sites/auth.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import type { LimitDecision } from "../../domain/sites/request_limit.ts";
import { type FailureLimiter, failureLimiter } from "../../domain/kernel/auth_guard.ts";
import type { AppEnv } from "../types.ts";
import { clientAddress } from "../conn.ts";
import { type BodyOptions, readBody } from "../body.ts";

export function requireSite(
  ctx: Ctx,
  opts: { allowDisabled?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  const guard = failureLimiter(ctx, "api");
  return async (c, next) => {
    const presented = presentedKey((h) => c.req.header(h));
    const { site, keyId } = await guarded(c, guard, presented, () =>
      checkApiKey(ctx, presented, {
        allowDisabled: opts.allowDisabled ?? false,
        onRequestLimit: (d) => setLimitHeaders(c, d),
      }));
    c.set("site", site);
    c.set("apiKeyId", keyId);
    await next();
  };
}

/**
 * Runs a use case that takes the keyed request itself (`handleMailSend`,
 * `handleFormSubmit`) under the same guard and headers as requireSite; the
 * body is read with `body` (Content-Type, size limit, time limit) when the use
 * case asks for it.
 */
export function keyedCall(ctx: Ctx, body: BodyOptions) {
  const guard = failureLimiter(ctx, "api");
  return <T>(c: Context<AppEnv>, run: (request: KeyedRequest) => Promise<T>): Promise<T> => {
    const presented = presentedKey((h) => c.req.header(h));
    return guarded(c, guard, presented, () =>
      run({
        presentedKey: presented,
        body: () => readBody(c, body),
        onRequestLimit: (d) => setLimitHeaders(c, d),
      }));
  };
}

/**
 * An address over the wrong-key limit gets 429 for everything, a valid key
 * included, until its block ends; a wrong key it presents counts toward it.
 */
async function guarded<T>(
  c: Context<AppEnv>,
  guard: FailureLimiter,
  presented: string | undefined,
  check: () => Promise<T>,
): Promise<T> {
  const address = clientAddress(c);
  if (address !== null) {
    const wait = guard.retryAfter(address);
    if (wait > 0) throw tooManyFailures(c, wait);
  }
  try {
    return await check();
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
}

/** 429 rate_limited in the route's envelope, with Retry-After. */
function tooManyFailures(c: Context<AppEnv>, seconds: number): ApiError {
  c.header("Retry-After", String(seconds));
  return new ApiError("rate_limited", 429);
}

/**
 * RateLimit-Limit / -Remaining / -Reset (IETF draft "RateLimit header fields
 * for HTTP"), and Retry-After on a refusal. Set on the context, so they reach
 * success and error answers alike.
 */
function setLimitHeaders(c: Context<AppEnv>, d: LimitDecision) {
  c.header("RateLimit-Limit", String(d.limit));
  c.header("RateLimit-Remaining", String(d.remaining));
  c.header("RateLimit-Reset", String(d.resetSeconds));
  if (!d.allowed) c.header("Retry-After", String(d.retryAfterSeconds));
}
