/**
 * KV access of mail/send's idempotency records (keys.mailIdempotency): one per
 * site and Idempotency-Key, pending while its send runs, then the answer.
 * Every record expires (expireIn), so nothing needs sweeping; KV deletes
 * expired keys lazily, so readers also judge a record's age by its `at`.
 */
import { keys } from "../kernel/kv/keys.ts";
import type { SendOutcome } from "./outcome.ts";

export type IdempotencyRecord =
  | { state: "pending"; fingerprint: string; at: number }
  | { state: "done"; fingerprint: string; at: number; outcome: SendOutcome };

/** The record and its versionstamp (null, null when there is none). */
export async function getIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
): Promise<{ record: IdempotencyRecord | null; versionstamp: string | null }> {
  const e = await kv.get<IdempotencyRecord>(keys.mailIdempotency(siteId, keyHash));
  return { record: e.value, versionstamp: e.versionstamp };
}

/**
 * Writes a pending record over what was read (`versionstamp`: null for none,
 * or an expired record's); false when another request changed it meanwhile.
 */
export async function claimIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
  rec: IdempotencyRecord,
  expireIn: number,
  versionstamp: string | null,
): Promise<boolean> {
  const key = keys.mailIdempotency(siteId, keyHash);
  const r = await kv.atomic().check({ key, versionstamp }).set(key, rec, { expireIn }).commit();
  return r.ok;
}

export async function saveIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
  rec: IdempotencyRecord,
  expireIn: number,
): Promise<void> {
  await kv.set(keys.mailIdempotency(siteId, keyHash), rec, { expireIn });
}

export async function deleteIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
): Promise<void> {
  await kv.delete(keys.mailIdempotency(siteId, keyHash));
}
