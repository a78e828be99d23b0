/** Token buckets of the per-key request limit: one small value per API key. */
import { keys } from "../kernel/kv/keys.ts";

export type Bucket = { tokens: number; at: number };

export type BucketEntry = { value: Bucket | null; versionstamp: string | null };

export async function readBucket(kv: Deno.Kv, apiKeyId: string): Promise<BucketEntry> {
  const r = await kv.get<Bucket>(keys.requestBucket(apiKeyId));
  return { value: r.value, versionstamp: r.versionstamp };
}

/**
 * Writes the next state if the bucket is still at `read`'s version; false when
 * another writer came first. `expireIn` only collects idle buckets.
 */
export async function writeBucket(
  kv: Deno.Kv,
  apiKeyId: string,
  read: BucketEntry,
  next: Bucket,
  expireIn: number,
): Promise<boolean> {
  const key = keys.requestBucket(apiKeyId);
  const r = await kv.atomic().check({ key, versionstamp: read.versionstamp })
    .set(key, next, { expireIn }).commit();
  return r.ok;
}
