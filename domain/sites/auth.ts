/**
 * API keys: `svc_live_` + 32 random bytes (base64url), stored only as their
 * SHA-256. Authentication hashes the presented key, finds the index entry, and
 * compares the stored hash in constant time.
 */
import type { Ctx } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { constantTimeEqual, randomToken, sha256Hex } from "../kernel/crypto.ts";
import { type ApiKeyIndex, findApiKeyAndSite, findApiKeyByHash } from "./api_keys_store.ts";
import { getSite, type Site } from "./store.ts";

export const API_KEY_PREFIX = "svc_live_";

/** Header names that carry the key, all equivalent (lowercase; HTTP is case-insensitive). */
export const API_KEY_HEADERS = ["x-service-api-key", "x-service-alt-api-key", "x-svc-api-key"];

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomToken(32);
  return { key, hash: sha256Hex(key), prefix: key.slice(0, API_KEY_PREFIX.length + 4) };
}

/**
 * The site a key was last seen acting for, as it was then (its id never
 * changes; the rest may have). A hint only: see authenticate.
 */
export type KeyHint = Pick<Site, "id" | "account_id" | "default_notify_email">;

const seen = new Map<string, KeyHint>();

function remember(hash: string, site: Site) {
  if (seen.size >= 10_000) seen.clear();
  seen.set(hash, {
    id: site.id,
    account_id: site.account_id,
    default_notify_email: site.default_notify_email,
  });
}

function hashOf(presented: string | undefined): string | null {
  const key = presented?.trim();
  return key && key.length <= 256 ? sha256Hex(key) : null;
}

/**
 * The site a presented key acted for when it was last accepted, or null. A
 * route may then read its body and name the keys it will need, to be read
 * with the key's own (authenticate's `ahead`).
 */
export function keyHint(presented: string | undefined): KeyHint | null {
  const hash = hashOf(presented);
  return hash ? seen.get(hash) ?? null : null;
}

/**
 * The site a key acts for. Throws 401 missing_api_key / invalid_api_key, and 403
 * site_disabled unless `allowDisabled`.
 *
 * The hash index entry is read on every call, so a revoked or rotated key
 * fails at once. For a key seen before, its site (which never changes) is read
 * in the same getMany, with the caller's `ahead` keys; their entries come back
 * when the key still acts for that site.
 */
export async function authenticate(
  ctx: Ctx,
  presented: string | undefined,
  allowDisabled: boolean,
  ahead: Deno.KvKey[] = [],
): Promise<{ site: Site; keyId: string; ahead: Deno.KvEntryMaybe<unknown>[] | null }> {
  const key = presented?.trim();
  if (!key) throw new ApiError("missing_api_key", 401);
  // Bounded work for absurd headers; no real key is this long.
  if (key.length > 256) throw new ApiError("invalid_api_key", 401);
  const hash = sha256Hex(key);
  let idx: ApiKeyIndex | null;
  let site: Site | null;
  let read: Deno.KvEntryMaybe<unknown>[] | null = null;
  const known = seen.get(hash);
  if (known) {
    let extra: Deno.KvEntryMaybe<unknown>[];
    ({ index: idx, site, extra } = await findApiKeyAndSite(ctx.kv, hash, known.id, ahead));
    if (idx && idx.site_id === known.id) read = extra;
    else if (idx) site = await getSite(ctx.kv, idx.site_id);
  } else {
    idx = await findApiKeyByHash(ctx.kv, hash);
    site = idx ? await getSite(ctx.kv, idx.site_id) : null;
  }
  if (!idx || !constantTimeEqual(idx.hash, hash)) throw new ApiError("invalid_api_key", 401);
  if (!site) throw new ApiError("invalid_api_key", 401);
  remember(hash, site);
  if (site.disabled && !allowDisabled) throw new ApiError("site_disabled", 403);
  return { site, keyId: idx.key_id, ahead: read };
}

/** The first non-empty key header of a request. */
export function presentedKey(get: (name: string) => string | undefined): string | undefined {
  for (const h of API_KEY_HEADERS) {
    const v = get(h);
    if (v && v.trim()) return v;
  }
  return undefined;
}
