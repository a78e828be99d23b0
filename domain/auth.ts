/**
 * API keys: `svc_live_` + 32 random bytes (base64url), stored only as their
 * SHA-256. Authentication hashes the presented key, finds the index entry, and
 * compares the stored hash in constant time.
 */
import type { Ctx } from "./context.ts";
import { ApiError } from "./errors.ts";
import { constantTimeEqual, randomToken, sha256Hex } from "./crypto.ts";
import { type ApiKeyIndex, findApiKeyAndSite, findApiKeyByHash } from "./store/api_keys.ts";
import { getSite, type Site } from "./store/sites.ts";

export const API_KEY_PREFIX = "svc_live_";

/** Header names that carry the key, all equivalent (lowercase; HTTP is case-insensitive). */
export const API_KEY_HEADERS = ["x-service-api-key", "x-service-alt-api-key", "x-svc-api-key"];

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomToken(32);
  return { key, hash: sha256Hex(key), prefix: key.slice(0, API_KEY_PREFIX.length + 4) };
}

/** Site of a key hash seen before (a key never changes site). Bounded; a hint only. */
const siteOfKey = new Map<string, string>();

function rememberSite(hash: string, siteId: string) {
  if (siteOfKey.size >= 10_000) siteOfKey.clear();
  siteOfKey.set(hash, siteId);
}

/**
 * The site a key acts for. Throws 401 missing_api_key / invalid_api_key, and 403
 * site_disabled unless `allowDisabled`.
 */
export async function authenticate(
  ctx: Ctx,
  presented: string | undefined,
  allowDisabled: boolean,
): Promise<{ site: Site; keyId: string }> {
  const key = presented?.trim();
  if (!key) throw new ApiError("missing_api_key", 401);
  // Bounded work for absurd headers; no real key is this long.
  if (key.length > 256) throw new ApiError("invalid_api_key", 401);
  const hash = sha256Hex(key);
  let idx: ApiKeyIndex | null;
  let site: Site | null;
  const known = siteOfKey.get(hash);
  if (known) {
    // The index entry is read every time (a revoked or rotated key fails at
    // once); knowing its site only lets both be read together.
    ({ index: idx, site } = await findApiKeyAndSite(ctx.kv, hash, known));
    if (idx && idx.site_id !== known) site = await getSite(ctx.kv, idx.site_id);
  } else {
    idx = await findApiKeyByHash(ctx.kv, hash);
    site = idx ? await getSite(ctx.kv, idx.site_id) : null;
    if (idx) rememberSite(hash, idx.site_id);
  }
  if (!idx || !constantTimeEqual(idx.hash, hash)) throw new ApiError("invalid_api_key", 401);
  if (!site) throw new ApiError("invalid_api_key", 401);
  if (site.disabled && !allowDisabled) throw new ApiError("site_disabled", 403);
  return { site, keyId: idx.key_id };
}

/** The first non-empty key header of a request. */
export function presentedKey(get: (name: string) => string | undefined): string | undefined {
  for (const h of API_KEY_HEADERS) {
    const v = get(h);
    if (v && v.trim()) return v;
  }
  return undefined;
}
