/**
 * Durable retry of mail that failed temporarily: form notifications,
 * auto-replies and released notifications (senders that pass `retry`, their
 * job kind, declared in their capability (domain/forms/mail_retry_job.ts);
 * mail/send's caller gets send_failed and decides, as the spec says).
 *
 * Only the failure path writes anything new: a temporary failure (no reply,
 * a refused connection, a timeout, a 4xx) commits, instead of the failed
 * record, the log record still "sending" with `retry`, the kept message
 * (retry_store.ts) and a job for the next attempt, all in the outcome's
 * one commit. No event then: `email.sent` when an attempt goes out,
 * `email.failed` after the last one or a permanent refusal (5xx).
 *
 * At most once: each attempt first commits its claim on the kept record
 * (versionstamp-checked; the job's lease keeps a second runner away), then
 * hands the message to the relay, then commits the outcome checked against
 * the claim. A run that finds a claim without an outcome (the process died
 * during the hand-off) does not send blind: it ends the message as failed,
 * and the owner may send it again.
 *
 * The schedule (RETRY_DELAYS_MS, after each failed attempt): 30 s, 1, 2, 5,
 * 10, 20, 30 min, 1, 2 h, then 4 h five times: 15 attempts in all, the last
 * 24 h 8 min 30 s after the first failure.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { schedule } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { packJson } from "../kernel/kv/blob.ts";
import { ApiError } from "../kernel/errors.ts";
import { getEmailLog, replaceEmailLog } from "./email_log_store.ts";
import { getRetryEntry, putRetryMutation, replaceRetryMutation } from "./retry_store.ts";
import type { SendDraft } from "./checks.ts";
import { pendingRecord, RETRY_DELAYS_MS, type RetryJobKind } from "./retry_schedule.ts";

export { isTemporary } from "./retry_attempt.ts";
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, type RetryJobKind } from "./retry_schedule.ts";

/** What a deferred send tells its caller's own mutations (the submission records it). */
export type Deferred = { logId: string; retryAt: number };

/** Whether `d`'s failure may be kept for a retry (no attachments, no quota unit held). */
export function retriable(d: SendDraft): boolean {
  return d.retry !== null && d.quota === null && d.message.attachments.length === 0 &&
    !d.site.sandbox;
}

/**
 * The outcome of a first send that failed temporarily: the log record keeps
 * "sending" with its retry, the message is kept and the job scheduled, with
 * the caller's `extra`, in one commit.
 */
export async function deferSend(
  ctx: Ctx,
  d: SendDraft,
  failure: string,
  extra?: (op: Deno.AtomicOperation, sent: boolean, deferred?: Deferred) => void,
): Promise<Deferred> {
  const now = ctx.clock.now();
  const { site: _site, attachments: _none, ...kept } = d.message;
  const parts = await packJson(ctx.kv, kept);
  const retryAt = now + RETRY_DELAYS_MS[0];
  const op = ctx.kv.atomic();
  const job = schedule(ctx, op, {
    job: d.retry!,
    payload: { site_id: d.site.id, log_id: d.logId },
    runAt: retryAt,
  });
  putRetryMutation(op, {
    site_id: d.site.id,
    log_id: d.logId,
    job_id: job.id,
    state: "pending",
    attempts: 1,
    next_at: retryAt,
    error: failure,
    event_source: d.source === "sequence" ? "sequence" : null,
    parts,
    created_at: isoTime(now),
  });
  replaceEmailLog(op, pendingRecord(d.record, failure, 1, retryAt, now));
  const deferred = { logId: d.logId, retryAt };
  extra?.(op, false, deferred);
  await commit(op, "email log (retry pending)");
  ctx.log.warn("mail failed temporarily; retry scheduled", {
    site_id: d.site.id,
    log_id: d.logId,
    retry_at: isoTime(retryAt),
    error: failure,
  });
  return deferred;
}

/**
 * "Send again" for a kept message whose retries ended failed: a new round of
 * attempts, the first one now. 404 when nothing is kept for it, 409 while a
 * round is under way.
 */
export async function sendAgain(
  ctx: Ctx,
  kind: RetryJobKind,
  siteId: string,
  logId: string,
): Promise<Deferred> {
  const [entry, log] = await Promise.all([
    getRetryEntry(ctx.kv, siteId, logId),
    getEmailLog(ctx.kv, logId),
  ]);
  if (!entry || !log) throw new ApiError("not_found", 404);
  if (entry.value.state !== "failed") throw new ApiError("retry_in_progress", 409);
  const now = ctx.clock.now();
  const op = ctx.kv.atomic();
  const job = schedule(ctx, op, {
    job: kind,
    payload: { site_id: siteId, log_id: logId },
    runAt: now,
  });
  replaceRetryMutation(op, {
    ...entry.value,
    job_id: job.id,
    state: "pending",
    attempts: 0,
    next_at: now,
  }, entry.versionstamp);
  replaceEmailLog(op, pendingRecord(log, entry.value.error, 0, now, now));
  await commit(op, "mail retry (send again)");
  return { logId, retryAt: now };
}

/** What became of a message that was deferred, as its record and the dashboard show it. */
export type DeliveryState =
  | { status: "pending"; retry_at: string; attempts: number; error: string | null }
  | { status: "sent"; sent_at: string; attempts: number }
  | { status: "failed"; failed_at: string; attempts: number; error: string | null };

/** The delivery state of log record `logId` (null: no such record). */
export async function deliveryState(ctx: Ctx, logId: string): Promise<DeliveryState | null> {
  const log = await getEmailLog(ctx.kv, logId);
  if (!log) return null;
  const attempts = log.retry?.attempts ?? 1;
  if (log.status === "sent" || log.status === "warning") {
    return { status: "sent", sent_at: log.updated_at, attempts };
  }
  if (log.status === "sending" && log.retry?.next_at) {
    return { status: "pending", retry_at: log.retry.next_at, attempts, error: log.error };
  }
  if (log.status === "sending") return null;
  return { status: "failed", failed_at: log.updated_at, attempts, error: log.error };
}
