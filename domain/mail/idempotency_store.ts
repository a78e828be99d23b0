/**
 * KV access of mail/send's idempotency records (keys.mailIdempotency): one per
 * site and Idempotency-Key, pending while its send runs, then the answer.
 * Every record expires (expireIn), so nothing needs sweeping.
 */
import { keys } from "../kernel/kv/keys.ts";
import type { SendOutcome } from "./outcome.ts";

export type IdempotencyRecord =
  | { state: "pending"; fingerprint: string; at: number }
  | { state: "done"; fingerprint: string; at: number; outcome: SendOutcome };

export async function getIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
): Promise<IdempotencyRecord | null> {
  return (await kv.get<IdempotencyRecord>(keys.mailIdempotency(siteId, keyHash))).value;
}

/** Writes a pending record if there is none; false when another request holds the key. */
export async function claimIdempotency(
  kv: Deno.Kv,
  siteId: string,
  keyHash: string,
  rec: IdempotencyRecord,
  expireIn: number,
): Promise<boolean> {
  const key = keys.mailIdempotency(siteId, keyHash);
  const r = await kv.atomic().check({ key, versionstamp: null }).set(key, rec, { expireIn })
    .commit();
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
