/**
 * Per-key request limit (the spec's overview: "60 requests per minute per API
 * key with a small burst allowance", answered 429). Off unless the operator
 * sets `request_limit` on the site.
 *
 * A token bucket per API key: it holds at most `burst` requests and refills at
 * `per_minute` a minute, so a client may make `burst` requests at once and
 * `per_minute` a minute on average. One KV value per key, read and written with a
 * versionstamp check: O(1) per request, and concurrent requests cannot both take
 * the last token.
 */
import { z } from "zod";
import type { Ctx } from "./context.ts";
import { keys } from "./store/keys.ts";
import { retryOnConflict } from "./store/kv.ts";
import { ConflictError } from "./errors.ts";

export const RequestLimit = z.object({
  per_minute: z.number().int().min(1).max(1_000_000),
  burst: z.number().int().min(1).max(100_000),
});
export type RequestLimitSetting = z.output<typeof RequestLimit>;

type Bucket = { tokens: number; at: number };

export type LimitDecision = {
  allowed: boolean;
  /** RateLimit-Limit: the bucket's size. */
  limit: number;
  /** RateLimit-Remaining: whole requests left now. */
  remaining: number;
  /** RateLimit-Reset: seconds until the bucket is full again. */
  resetSeconds: number;
  /** Retry-After when refused: seconds until one request is allowed. */
  retryAfterSeconds: number;
};

/** The bucket arithmetic, pure: state at `now`, whether one request fits, the next state. */
export function takeToken(
  setting: RequestLimitSetting,
  prev: Bucket | null,
  now: number,
): { decision: LimitDecision; next: Bucket } {
  const perMs = setting.per_minute / 60_000;
  const elapsed = prev ? Math.max(0, now - prev.at) : 0;
  const available = prev ? Math.min(setting.burst, prev.tokens + elapsed * perMs) : setting.burst;
  const allowed = available >= 1;
  const tokens = allowed ? available - 1 : available;
  const decision: LimitDecision = {
    allowed,
    limit: setting.burst,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((setting.burst - tokens) / perMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
  };
  return { decision, next: { tokens, at: now } };
}

/** Takes one request from the key's bucket (written only when it is allowed). */
export async function consumeRequest(
  ctx: Ctx,
  apiKeyId: string,
  setting: RequestLimitSetting,
): Promise<LimitDecision> {
  const key = keys.requestBucket(apiKeyId);
  return await retryOnConflict(async () => {
    const r = await ctx.kv.get<Bucket>(key);
    const { decision, next } = takeToken(setting, r.value, ctx.clock.now());
    if (!decision.allowed) return decision;
    // Expiry only collects idle buckets: by then the bucket would be full anyway.
    const fullInMs = Math.ceil((setting.burst - next.tokens) / (setting.per_minute / 60_000));
    const res = await ctx.kv.atomic().check(r).set(key, next, { expireIn: fullInMs + 60_000 })
      .commit();
    if (!res.ok) throw new ConflictError("request bucket");
    return decision;
  }, 50);
}
