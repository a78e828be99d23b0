/**
 * Durable retry of mail that failed temporarily: form notifications,
 * auto-replies and released notifications (senders that pass `retry: true`;
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
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { defineJob, type JobRun, schedule } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { packJson } from "../kernel/kv/blob.ts";
import { addDaily, addTotal } from "../kernel/kv/counters.ts";
import { ApiError } from "../kernel/errors.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { readSite } from "../sites/sites.ts";
import {
  type EmailLogRecord,
  getEmailLog,
  putLatestTo,
  replaceEmailLog,
} from "./email_log_store.ts";
import {
  deleteRetryMutation,
  getRetryEntry,
  type MailRetry,
  putRetryMutation,
  readKeptParts,
  replaceRetryMutation,
} from "./retry_store.ts";
import { failureText, TransportError } from "./transport.ts";
import { outgoingMessage } from "./message.ts";
import type { SendDraft } from "./checks.ts";
import { TOTALS } from "./reservation.ts";
import { mailOf } from "./lazy_services.ts";

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
/** The wait after each failed attempt (see the top of this file and docs/operations.md). */
export const RETRY_DELAYS_MS: readonly number[] = [
  30 * S,
  1 * M,
  2 * M,
  5 * M,
  10 * M,
  20 * M,
  30 * M,
  1 * H,
  2 * H,
  4 * H,
  4 * H,
  4 * H,
  4 * H,
  4 * H,
];
/** Attempts in all, the first send included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** What a deferred send tells its caller's own mutations (the submission records it). */
export type Deferred = { logId: string; retryAt: number };

/**
 * A failure the relay may get over: no reply or a 4xx. A 5xx, a message the
 * relay cannot take (SMTPUTF8) or a failure before the hand-off is for good.
 */
export function isTemporary(e: unknown): boolean {
  return e instanceof TransportError && e.permanent !== true;
}

/** Whether `d`'s failure may be kept for a retry (no attachments, no quota unit held). */
export function retriable(d: SendDraft): boolean {
  return d.retry && d.quota === null && d.message.attachments.length === 0 && !d.site.sandbox;
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
    job: mailRetryJob,
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

function pendingRecord(
  rec: EmailLogRecord,
  error: string,
  attempts: number,
  at: number,
  now: number,
): EmailLogRecord {
  return {
    ...rec,
    status: "sending",
    reason: "retry_pending",
    error,
    retry: { attempts, next_at: isoTime(at) },
    updated_at: isoTime(now),
  };
}

const RetryPayload = z.object({ site_id: z.string(), log_id: z.string() });

/** One attempt of a kept message (see the top of this file). */
export const mailRetryJob = defineJob("mail_retry", RetryPayload, runAttempt, {
  // Above the SMTP pool's longest hand-off (connect, greeting and DATA timeouts).
  leaseMs: 5 * M,
});

async function runAttempt(ctx: Ctx, run: JobRun<z.output<typeof RetryPayload>>): Promise<void> {
  const { site_id, log_id } = run.payload;
  const [entry, log] = await Promise.all([
    getRetryEntry(ctx.kv, site_id, log_id),
    getEmailLog(ctx.kv, log_id),
  ]);
  if (!entry || !log || entry.value.job_id !== run.job.id || entry.value.state === "failed") {
    await commit(run.finish(ctx.kv.atomic()), "mail retry (nothing to do)");
    return;
  }
  const r = entry.value;
  if (r.state === "claimed") {
    // The process died between the claim and the outcome: it may have gone out.
    const why = "the service stopped during the hand-off to the relay; not sent again, " +
      "as it may have been delivered";
    await endFailed(ctx, run, r, entry.versionstamp, log, why);
    return;
  }
  const site = await readSite(ctx, site_id);
  if (!site) {
    // The site was deleted: nothing to send for, nothing to keep.
    const op = deleteRetryMutation(ctx.kv.atomic(), r, entry.versionstamp);
    await commit(run.finish(op), "mail retry (site gone)");
    return;
  }
  const claimed: MailRetry = { ...r, state: "claimed", attempts: r.attempts + 1 };
  const claim = await replaceRetryMutation(ctx.kv.atomic(), claimed, entry.versionstamp).commit();
  // Another run took it meanwhile: that run decides.
  if (!claim.ok) return;

  const parts = await readKeptParts(ctx.kv, r);
  let failure: string | null = null;
  let temporary = false;
  let refused: { to: string; error: string }[] | undefined;
  try {
    const msg = outgoingMessage(ctx, { ...parts, site, attachments: [] });
    refused = (await mailOf(ctx).transport.send(msg)).refused;
  } catch (e) {
    failure = failureText(e);
    temporary = isTemporary(e);
  }
  ctx.metrics.inc("svc_smtp_sends_total", { result: failure === null ? "sent" : "failed" });
  const now = ctx.clock.now();
  if (failure === null) {
    const final: EmailLogRecord = {
      ...log,
      status: log.warning ? "warning" : "sent",
      reason: log.warning ? "content_warning" : null,
      error: null,
      retry: { attempts: claimed.attempts, next_at: null },
      ...(refused?.length && { refused: refused.map((x) => ({ ...x, to: x.to.toLowerCase() })) }),
      updated_at: isoTime(now),
    };
    const ev = await prepareEvent(ctx, site.id, "email.sent", {
      message_id: parts.messageId,
      to: log.to_first,
      subject: log.subject,
      mode: log.mode,
      source: r.event_source ?? undefined,
    });
    const op = deleteRetryMutation(ctx.kv.atomic(), claimed, claim.versionstamp);
    replaceEmailLog(op, final);
    addTotal(op, TOTALS.sent, site.id);
    addDaily(op, site.id, "sent", now);
    putLatestTo(op, parts.to.map((m) => m.address.toLowerCase()), log_id);
    await commit(run.finish(ev.apply(op)), "email log (sent on retry)");
    return;
  }
  if (!temporary || claimed.attempts >= MAX_ATTEMPTS) {
    await endFailed(ctx, run, claimed, claim.versionstamp, log, failure);
    return;
  }
  const at = now + RETRY_DELAYS_MS[claimed.attempts - 1];
  const next: MailRetry = { ...claimed, state: "pending", next_at: at, error: failure };
  const op = replaceRetryMutation(ctx.kv.atomic(), next, claim.versionstamp);
  replaceEmailLog(op, pendingRecord(log, failure, claimed.attempts, at, now));
  await commit(run.reschedule(op, at), "email log (retry pending)");
}

/** The last attempt failed (or cannot be made): the record failed, `email.failed`, kept. */
async function endFailed(
  ctx: Ctx,
  run: JobRun<z.output<typeof RetryPayload>>,
  r: MailRetry,
  versionstamp: string,
  log: EmailLogRecord,
  failure: string,
): Promise<void> {
  const now = ctx.clock.now();
  const ev = await prepareEvent(ctx, r.site_id, "email.failed", {
    to: log.to_first,
    subject: log.subject,
    error: failure.slice(0, 300),
    source: r.event_source ?? undefined,
  });
  const op = replaceRetryMutation(ctx.kv.atomic(), {
    ...r,
    state: "failed",
    next_at: null,
    error: failure,
  }, versionstamp);
  replaceEmailLog(op, {
    ...log,
    status: "failed",
    reason: "send_failed",
    error: failure,
    retry: { attempts: r.attempts, next_at: null },
    updated_at: isoTime(now),
  });
  await commit(run.finish(ev.apply(op)), "email log (failed after retries)");
  ctx.log.warn("mail failed after its retries", { site_id: r.site_id, log_id: r.log_id });
}

/**
 * "Send again" for a kept message whose retries ended failed: a new round of
 * attempts, the first one now. 404 when nothing is kept for it, 409 while a
 * round is under way.
 */
export async function sendAgain(ctx: Ctx, siteId: string, logId: string): Promise<Deferred> {
  const [entry, log] = await Promise.all([
    getRetryEntry(ctx.kv, siteId, logId),
    getEmailLog(ctx.kv, logId),
  ]);
  if (!entry || !log) throw new ApiError("not_found", 404);
  if (entry.value.state !== "failed") throw new ApiError("retry_in_progress", 409);
  const now = ctx.clock.now();
  const op = ctx.kv.atomic();
  const job = schedule(ctx, op, {
    job: mailRetryJob,
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
