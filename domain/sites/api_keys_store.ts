/**
 * API keys. Only the SHA-256 of a key is stored; the hash index maps it to the
 * key record and its site, and disappears on revoke or rotate, so an old key
 * stops working with the commit that replaces it.
 */
import { keys } from "../kernel/kv/keys.ts";
import {
  commit,
  type EntryTree,
  type KeyTree,
  listByIndex,
  readMany,
  recordsOf,
  sweepPrefix,
} from "../kernel/kv/kv.ts";
import type { Site } from "./schema.ts";

export type ApiKeyRecord = {
  id: string;
  site_id: string;
  /** SHA-256 hex of the full key. */
  hash: string;
  /** First characters of the key, to recognise it in lists ("svc_live_Ab3d..."). */
  prefix: string;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  /** "test": a `svc_test_` sandbox key; absent: live. */
  mode?: "test";
};

/** Value of the hash index: enough to authenticate without reading the key record. */
export type ApiKeyIndex = { key_id: string; site_id: string; hash: string; mode?: "test" };

export async function createApiKey(kv: Deno.Kv, rec: ApiKeyRecord): Promise<void> {
  await commit(
    kv.atomic()
      .check({ key: keys.apiKey(rec.id), versionstamp: null })
      .check({ key: keys.apiKeyByHash(rec.hash), versionstamp: null })
      .set(keys.apiKey(rec.id), rec)
      .set(
        keys.apiKeyByHash(rec.hash),
        {
          key_id: rec.id,
          site_id: rec.site_id,
          hash: rec.hash,
          ...(rec.mode === "test" && { mode: "test" as const }),
        } satisfies ApiKeyIndex,
      )
      .set(keys.apiKeyBySite(rec.site_id, rec.id), rec.id),
    "create api key",
  );
}

export async function getApiKey(kv: Deno.Kv, id: string): Promise<ApiKeyRecord | null> {
  return (await kv.get<ApiKeyRecord>(keys.apiKey(id))).value;
}

export async function findApiKeyByHash(kv: Deno.Kv, hash: string): Promise<ApiKeyIndex | null> {
  return (await kv.get<ApiKeyIndex>(keys.apiKeyByHash(hash))).value;
}

/**
 * The hash index entry, a site record (the key's site, when known) and the
 * caller's `prefetch` keys, in one readMany.
 */
export async function findApiKeyAndSite<P extends KeyTree>(
  kv: Deno.Kv,
  hash: string,
  siteId: string,
  prefetch: P,
): Promise<{ index: ApiKeyIndex | null; site: Site | null; prefetched: EntryTree<P> }> {
  const got = await readMany(kv, {
    index: keys.apiKeyByHash(hash),
    site: keys.site(siteId),
    prefetch,
  });
  return {
    index: got.index.value as ApiKeyIndex | null,
    site: got.site.value as Site | null,
    prefetched: got.prefetch as EntryTree<P>,
  };
}

/** Replaces the key's hash: the old key fails from this commit on. */
export async function rotateApiKey(
  kv: Deno.Kv,
  id: string,
  newHash: string,
  newPrefix: string,
  at: string,
): Promise<ApiKeyRecord | null> {
  const r = await kv.get<ApiKeyRecord>(keys.apiKey(id));
  if (!r.value || r.value.revoked_at) return null;
  const next: ApiKeyRecord = { ...r.value, hash: newHash, prefix: newPrefix, rotated_at: at };
  await commit(
    kv.atomic().check(r)
      .check({ key: keys.apiKeyByHash(newHash), versionstamp: null })
      .delete(keys.apiKeyByHash(r.value.hash))
      .set(
        keys.apiKeyByHash(newHash),
        {
          key_id: id,
          site_id: next.site_id,
          hash: newHash,
          ...(next.mode === "test" && { mode: "test" as const }),
        } satisfies ApiKeyIndex,
      )
      .set(keys.apiKey(id), next),
    "rotate api key",
  );
  return next;
}

export async function revokeApiKey(
  kv: Deno.Kv,
  id: string,
  at: string,
): Promise<ApiKeyRecord | null> {
  const r = await kv.get<ApiKeyRecord>(keys.apiKey(id));
  if (!r.value) return null;
  const next: ApiKeyRecord = { ...r.value, revoked_at: r.value.revoked_at ?? at };
  await commit(
    kv.atomic().check(r)
      .delete(keys.apiKeyByHash(r.value.hash))
      .set(keys.apiKey(id), next),
    "revoke api key",
  );
  return next;
}

export function listApiKeysOfSite(kv: Deno.Kv, siteId: string): Promise<ApiKeyRecord[]> {
  return listByIndex<ApiKeyRecord>(kv, keys.apiKeysBySite(siteId), keys.apiKey);
}

/** One batch of deleting a deleted site's keys (record, hash lookup, bucket); 0 when done. */
export function sweepApiKeysOfSite(kv: Deno.Kv, siteId: string, limit: number): Promise<number> {
  return sweepPrefix(kv, keys.apiKeysBySite(siteId), limit, async (entries) => {
    const recs = await recordsOf<ApiKeyRecord>(kv, entries, keys.apiKey);
    return recs.map((r, i) => [
      entries[i].key,
      keys.apiKey(String(entries[i].value)),
      keys.requestBucket(String(entries[i].value)),
      ...(r ? [keys.apiKeyByHash(r.hash)] : []),
    ]);
  });
}
