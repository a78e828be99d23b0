/**
 * Idempotency-Key on POST /mail/send (beyond the spec's rule 6, which stays
 * true without the header). Per site and key, for 24 hours:
 *
 * - the same key and the same body bytes answer the first answer again and
 *   send nothing (`replayed`);
 * - the same key with another body answers 409 idempotency_key_reused;
 * - a duplicate arriving while the first is in flight waits for it (in this
 *   process on the context's lock table; from elsewhere by watching the
 *   pending record) and gets the same answer.
 *
 * Answers after which a retry may succeed and nothing was sent (rate_limited,
 * send_failed) are not kept: the key is released for the retry.
 *
 * Cost with the header: one read, a claim and a write; without it, nothing.
 */
import type { Ctx } from "../kernel/context.ts";
import { sha256Hex } from "../kernel/crypto.ts";
import { invalidPayload } from "../kernel/errors.ts";
import { fail, type SendOutcome } from "./outcome.ts";
import {
  claimIdempotency,
  deleteIdempotency,
  getIdempotency,
  type IdempotencyRecord,
  saveIdempotency,
} from "./idempotency_store.ts";

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A pending claim outlives any real send; a crashed one frees its key after this. */
export const PENDING_TTL_MS = 120_000;
/** Longest key accepted (characters of printable ASCII). */
export const IDEMPOTENCY_KEY_MAX = 255;
/** Largest answer kept (KV values hold 64 KiB). */
const MAX_KEPT_BYTES = 60_000;
const POLL_MS = 25;

/** Outcomes a retry may change, with nothing sent: not kept. */
const NOT_KEPT = new Set(["rate_limited", "send_failed"]);

export type IdempotentOutcome = SendOutcome & { replayed?: true };

/** invalid_payload unless the header is 1 to 255 printable ASCII characters. */
export function checkIdempotencyKey(key: string): void {
  if (
    key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e][\x20-\x7e]*$/.test(key)
  ) {
    throw invalidPayload([{
      field: "Idempotency-Key",
      message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters`,
    }]);
  }
}

const reused = (): SendOutcome => fail(409, "idempotency_key_reused");

/** Whether a record is past its time (an answer after 24 hours, a claim after its lapse). */
function expired(rec: IdempotencyRecord, now: number): boolean {
  return now - rec.at >= (rec.state === "done" ? IDEMPOTENCY_TTL_MS : PENDING_TTL_MS);
}

/**
 * Runs `send` at most once per (site, key) within 24 hours; `body` is the
 * request's raw bytes (its SHA-256 tells "the same body").
 */
export async function withIdempotency(
  ctx: Ctx,
  siteId: string,
  key: string,
  body: Uint8Array,
  send: () => Promise<SendOutcome>,
): Promise<IdempotentOutcome> {
  const keyHash = sha256Hex(key);
  const fingerprint = sha256Hex(body);
  return await ctx.locks.run(`mail-idempotency ${siteId} ${keyHash}`, async () => {
    for (;;) {
      const read = await getIdempotency(ctx.kv, siteId, keyHash);
      // KV removes expired keys lazily: an answer past 24 hours, or a claim
      // past its lapse (a crashed sender), counts as gone, and is claimed over.
      const rec = read.record && !expired(read.record, ctx.clock.now()) ? read.record : null;
      if (rec && rec.fingerprint !== fingerprint) return reused();
      if (rec?.state === "done") return { ...rec.outcome, replayed: true as const };
      if (rec?.state === "pending") {
        // Held by another thread or process: wait for its answer (or its claim to lapse).
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      const pending: IdempotencyRecord = { state: "pending", fingerprint, at: ctx.clock.now() };
      const claimed = await claimIdempotency(
        ctx.kv,
        siteId,
        keyHash,
        pending,
        PENDING_TTL_MS,
        read.versionstamp,
      );
      if (!claimed) continue;
      let outcome: SendOutcome;
      try {
        outcome = await send();
      } catch (e) {
        await deleteIdempotency(ctx.kv, siteId, keyHash);
        throw e;
      }
      const done: IdempotencyRecord = { state: "done", fingerprint, at: ctx.clock.now(), outcome };
      if (
        (!outcome.ok && NOT_KEPT.has(outcome.reason)) ||
        JSON.stringify(done).length > MAX_KEPT_BYTES
      ) {
        await deleteIdempotency(ctx.kv, siteId, keyHash);
      } else {
        await saveIdempotency(ctx.kv, siteId, keyHash, done, IDEMPOTENCY_TTL_MS);
      }
      return outcome;
    }
  });
}
