/**
 * Per-key request limit (the spec's overview: "60 requests per minute per API
 * key with a small burst allowance", answered 429). Off unless the operator
 * sets `request_limit` on the site.
 *
 * A token bucket per API key: it holds at most `burst` requests and refills at
 * `per_minute` a minute, so a client may make `burst` requests at once and
 * `per_minute` a minute on average. One KV value per key, read and written with a
 * versionstamp check: O(1) per request, and concurrent requests (in this process
 * or another) cannot both take the last token.
 */
import type { Ctx } from "../kernel/context.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { type Bucket, readBucket, writeBucket } from "./request_limit_store.ts";
import { ConflictError } from "../kernel/errors.ts";
import type { RequestLimitSetting } from "./schema.ts";

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

type Waiter = { resolve(d: LimitDecision): void; reject(e: unknown): void };
type Pending = { setting: RequestLimitSetting; waiters: Waiter[]; running: boolean };

// Batches in flight, per KV handle: one context's state (a context owns its
// handle) that disappears with it, so two services in one process never share.
const pending = new WeakMap<Deno.Kv, Map<string, Pending>>();

/**
 * Takes one request from the key's bucket. Callers of this process that arrive
 * while a bucket write is in flight are served together by the next one: one
 * read and one checked write decide for all of them, in arrival order. Under a
 * burst on one key that is a few KV operations per batch instead of a
 * versionstamp race per request (which the losers would retry or fail).
 */
export function consumeRequest(
  ctx: Ctx,
  apiKeyId: string,
  setting: RequestLimitSetting,
): Promise<LimitDecision> {
  let byKey = pending.get(ctx.kv);
  if (!byKey) pending.set(ctx.kv, byKey = new Map());
  let p = byKey.get(apiKeyId);
  if (!p) byKey.set(apiKeyId, p = { setting, waiters: [], running: false });
  p.setting = setting;
  const decision = new Promise<LimitDecision>((resolve, reject) => {
    p.waiters.push({ resolve, reject });
  });
  if (!p.running) drain(ctx, apiKeyId, p, byKey);
  return decision;
}

async function drain(ctx: Ctx, apiKeyId: string, p: Pending, byKey: Map<string, Pending>) {
  p.running = true;
  try {
    while (p.waiters.length) {
      const batch = p.waiters.splice(0, 1000);
      try {
        const decisions = await decideBatch(ctx, apiKeyId, p.setting, batch.length);
        batch.forEach((w, i) => w.resolve(decisions[i]));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
  } finally {
    p.running = false;
    if (!p.waiters.length) byKey.delete(apiKeyId);
  }
}

/** `n` requests against the stored bucket; retried when another process wrote first. */
function decideBatch(
  ctx: Ctx,
  apiKeyId: string,
  setting: RequestLimitSetting,
  n: number,
): Promise<LimitDecision[]> {
  return retryOnConflict(async () => {
    const read = await readBucket(ctx.kv, apiKeyId);
    const now = ctx.clock.now();
    const decisions: LimitDecision[] = [];
    let state = read.value;
    let taken = false;
    for (let i = 0; i < n; i++) {
      const { decision, next } = takeToken(setting, state, now);
      decisions.push(decision);
      if (decision.allowed) {
        state = next;
        taken = true;
      }
    }
    // Nothing taken: nothing to write (refusals are free).
    if (!taken || state === null) return decisions;
    const fullInMs = Math.ceil((setting.burst - state.tokens) / (setting.per_minute / 60_000));
    if (!(await writeBucket(ctx.kv, apiKeyId, read, state, fullInMs + 60_000))) {
      throw new ConflictError("request bucket");
    }
    return decisions;
  }, 50);
}
