/**
 * API keys: `svc_live_` + 32 random bytes (base64url), stored only as their
 * SHA-256. The key check hashes the presented key, finds the index entry,
 * compares the stored hash in constant time, and applies the site's per-key
 * request limit. Keyed routes call `checkApiKey` through requireSite
 * (routes/api/auth.ts); the hot paths (mail/send, forms/submit) hand the key
 * and the body to their use case, which calls `checkKeyAndBody`.
 */
import type { Ctx } from "../kernel/context.ts";
import type { BoundedCache } from "../kernel/cache.ts";
import { ApiError } from "../kernel/errors.ts";
import { constantTimeEqual, randomToken, sha256Hex } from "../kernel/crypto.ts";
import { type EntryTree, type KeyTree, readMany } from "../kernel/kv/kv.ts";
import { type ApiKeyIndex, findApiKeyAndSite, findApiKeyByHash } from "./api_keys_store.ts";
import type { Site } from "./schema.ts";
import { getSite } from "./store.ts";
import { consumeRequest, type LimitDecision } from "./request_limit.ts";

export const API_KEY_PREFIX = "svc_live_";
/** Sandbox keys: every check and answer of a live key, mail only to the outbox, events test: true. */
export const TEST_KEY_PREFIX = "svc_test_";

export type ApiKeyMode = "live" | "test";

/** Header names that carry the key, all equivalent (lowercase; HTTP is case-insensitive). */
export const API_KEY_HEADERS = ["x-service-api-key", "x-service-alt-api-key", "x-svc-api-key"];

export function newApiKey(
  mode: ApiKeyMode = "live",
): { key: string; hash: string; prefix: string } {
  const start = mode === "test" ? TEST_KEY_PREFIX : API_KEY_PREFIX;
  const key = start + randomToken(32);
  return { key, hash: sha256Hex(key), prefix: key.slice(0, start.length + 4) };
}

/**
 * The site a key was last seen acting for, as it was then (its id never
 * changes; the rest may have). A hint only: see checkApiKey.
 */
export type KeyHint = Pick<Site, "id" | "account_id" | "default_notify_email" | "domain">;

/** The context's key-hint cache, typed (the kernel holds it as `unknown`). */
function hints(ctx: Ctx): BoundedCache<KeyHint> {
  return ctx.caches.apiKeys as BoundedCache<KeyHint>;
}

function remember(ctx: Ctx, hash: string, site: Site) {
  hints(ctx).set(hash, {
    id: site.id,
    account_id: site.account_id,
    default_notify_email: site.default_notify_email,
    domain: site.domain,
  });
}

/** The hash of a presented key, or null when it is missing or too long to be one. */
function hashOf(presented: string | undefined): string | null {
  const key = presented?.trim();
  return key && key.length <= 256 ? sha256Hex(key) : null;
}

/**
 * A key check's reads, kept while this instance is alone on its database
 * (ctx.presence): valid only under the epoch they were read in.
 */
type KnownKey = { epoch: number; at: number; index: ApiKeyIndex; site: Site };

/**
 * A bound on top of the epoch, for writers that never join presence (see
 * presence.ts): at worst their change shows this much later.
 */
const KNOWN_KEY_MS = 30_000;

function known(ctx: Ctx): BoundedCache<KnownKey> {
  return ctx.caches.auth as BoundedCache<KnownKey>;
}

/** The site a key (by its hash) acted for when it was last accepted, or null. */
function keyHint(ctx: Ctx, hash: string | null): KeyHint | null {
  return hash ? hints(ctx).get(hash) ?? null : null;
}

/** Who a checked key acts for: the site, and the key's id. */
export type KeyAccess = { site: Site; keyId: string };

type CheckOptions<P extends KeyTree> = {
  allowDisabled?: boolean;
  /** Keys to read with the check, planned for the site the key acted for last. */
  prefetch?: { siteId: string; keys: P };
  /** The request limit's decision, when the site has a limit (for the RateLimit headers). */
  onRequestLimit?: (d: LimitDecision) => void;
  /** false: check the key without taking a request from its limit (SMTP AUTH). */
  countRequest?: boolean;
};

/**
 * The site a key acts for. Throws 401 missing_api_key / invalid_api_key, 403
 * site_disabled unless `allowDisabled`, and 429 rate_limited when the site's
 * per-key request limit (request_limit.ts) refuses the request.
 *
 * The hash index entry is read on every call, so a revoked or rotated key
 * fails at once, except while this instance is alone on its database
 * (ctx.presence.alone(), checked now): then it answers from what an earlier
 * call read under the same presence epoch (a call with `prefetch` then reads
 * only the prefetch keys, when planned for the cached key's site), which moves
 * with every write of this instance to keys or sites and whenever another
 * instance shows up (presence.ts). For a key seen before, its site (which
 * never changes) is read in the same readMany, with the caller's `prefetch`
 * keys; their entries come back when the key still acts for that site (else
 * `prefetched` is null).
 */
export function checkApiKey<P extends KeyTree = Record<never, never>>(
  ctx: Ctx,
  presented: string | undefined,
  opts: CheckOptions<P> = {},
): Promise<KeyAccess & { prefetched: EntryTree<P> | null }> {
  return checkHashedKey(ctx, presented, hashOf(presented), opts);
}

/**
 * checkApiKey with the presented key's hash (`hashOf(presented)`) already
 * made: the hot paths hash the key once for the hint and the check (a SHA-256
 * through node:crypto is three objects and three ops per request).
 */
async function checkHashedKey<P extends KeyTree>(
  ctx: Ctx,
  presented: string | undefined,
  hash: string | null,
  opts: CheckOptions<P>,
): Promise<KeyAccess & { prefetched: EntryTree<P> | null }> {
  if (!presented?.trim()) throw new ApiError("missing_api_key", 401);
  // Bounded work for absurd headers (no hash made); no real key is this long.
  if (hash === null) throw new ApiError("invalid_api_key", 401);
  let idx: ApiKeyIndex | null;
  let site: Site | null;
  let prefetched: EntryTree<P> | null = null;
  // Read before any KV read: a write in between moves the epoch (presence.ts).
  const epoch = ctx.presence.epoch;
  const alone = ctx.presence.alone();
  const got = alone ? known(ctx).get(hash) : undefined;
  const now = performance.now();
  // A prefetch planned for another site than the cached key's reads the key again.
  const cached = got?.epoch === epoch && now - got.at < KNOWN_KEY_MS &&
      (!opts.prefetch || got.index.site_id === opts.prefetch.siteId)
    ? got
    : undefined;
  const guess = opts.prefetch?.siteId ?? hints(ctx).get(hash)?.id;
  if (cached) {
    ({ index: idx, site } = cached);
    // The write paths' own reads, without the key's index and site.
    if (opts.prefetch) prefetched = await readMany(ctx.kv, opts.prefetch.keys);
  } else if (guess) {
    const got = await findApiKeyAndSite(ctx.kv, hash, guess, opts.prefetch?.keys ?? {});
    ({ index: idx, site } = got);
    if (idx && idx.site_id === guess) {
      prefetched = opts.prefetch ? got.prefetched as EntryTree<P> : null;
    } else if (idx) site = await getSite(ctx.kv, idx.site_id);
  } else {
    idx = await findApiKeyByHash(ctx.kv, hash);
    site = idx ? await getSite(ctx.kv, idx.site_id) : null;
  }
  if (!idx || !constantTimeEqual(idx.hash, hash)) throw new ApiError("invalid_api_key", 401);
  if (!site) throw new ApiError("invalid_api_key", 401);
  if (!cached) {
    remember(ctx, hash, site);
    if (alone) known(ctx).set(hash, { epoch, at: now, index: idx, site });
  }
  if (idx.mode === "test") site = { ...site, sandbox: true };
  if (site.disabled && !opts.allowDisabled) throw new ApiError("site_disabled", 403);
  if (site.request_limit && opts.countRequest !== false) {
    const d = await consumeRequest(ctx, idx.key_id, site.request_limit);
    opts.onRequestLimit?.(d);
    if (!d.allowed) throw new ApiError("rate_limited", 429);
  }
  return { site, keyId: idx.key_id, prefetched };
}

/** A keyed API request as the HTTP layer hands it to its use case. */
export type KeyedRequest = {
  /** The key as presented (the first non-empty key header; see presentedKey). */
  presentedKey: string | undefined;
  /**
   * Reads the raw body; throws ApiError when it cannot (not declared as JSON,
   * too large, too slow). Called at most once: for a key accepted before,
   * ahead of its check (see checkKeyAndBody); for any other key only after
   * the check passed, so an unknown key's body is never read.
   */
  body: () => Promise<Uint8Array>;
  /** See checkApiKey. */
  onRequestLimit?: (d: LimitDecision) => void;
};

/** The prefetch a use case planned, with the entries read for it. */
export type Prefetched<Plan extends { keys: KeyTree }> = {
  plan: Plan;
  entries: EntryTree<Plan["keys"]>;
};

/**
 * The key check and the JSON body of a use case that reads ahead (mail/send,
 * forms/submit). For a key seen before, the body is read and parsed first so
 * that `prefetch` can name the keys the use case will read, and they are read
 * in the key check's own getMany (one round trip fewer). The answers stay
 * those of a first-seen key: the key checks (1 missing_api_key, 2
 * invalid_api_key, 3 site_disabled, the request limit) come before any body
 * error, and `parse` must not throw for a bad payload but return it, so that
 * the use case answers it in its own order.
 */
export async function checkKeyAndBody<T, Plan extends { keys: KeyTree }>(
  ctx: Ctx,
  req: KeyedRequest,
  opts: {
    /** The endpoint's code for a body that is not JSON. */
    badJson: string;
    parse: (json: unknown) => T;
    /** What to read with the key check, from the parsed body and the key's last site. */
    prefetch: (body: T, hint: KeyHint) => Plan | null;
  },
): Promise<KeyAccess & { body: T; prefetched: Prefetched<Plan> | null }> {
  const hash = hashOf(req.presentedKey);
  const hint = keyHint(ctx, hash);
  let early: { body: T } | { error: unknown } | null = null;
  let plan: Plan | null = null;
  if (hint) {
    try {
      early = { body: opts.parse(await jsonBody(req, opts.badJson)) };
    } catch (error) {
      early = { error };
    }
    if ("body" in early) plan = opts.prefetch(early.body, hint);
  }
  const { site, keyId, prefetched } = await checkHashedKey(ctx, req.presentedKey, hash, {
    ...(plan && hint && { prefetch: { siteId: hint.id, keys: plan.keys } }),
    onRequestLimit: req.onRequestLimit,
  });
  if (early && "error" in early) throw early.error;
  const body = early ? early.body : opts.parse(await jsonBody(req, opts.badJson));
  return {
    site,
    keyId,
    body,
    prefetched: plan && prefetched
      ? { plan, entries: prefetched as EntryTree<Plan["keys"]> }
      : null,
  };
}

// decode() without { stream } keeps no state between calls: one for all requests.
const utf8 = new TextDecoder();

async function jsonBody(req: KeyedRequest, badJson: string): Promise<unknown> {
  const bytes = await req.body();
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new ApiError(badJson, 400);
  }
}

/** The first non-empty key header of a request. */
export function presentedKey(get: (name: string) => string | undefined): string | undefined {
  for (const h of API_KEY_HEADERS) {
    const v = get(h);
    if (v && v.trim()) return v;
  }
  return undefined;
}
