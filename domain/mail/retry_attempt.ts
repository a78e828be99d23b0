/**
 * One attempt of a kept message (the rules are at the top of retry.ts): claim,
 * hand-off, outcome. Loaded by the retry job when an attempt is due, so the
 * job worker starts without the mail stack.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import type { JobRun } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { addDaily, addTotal } from "../kernel/kv/counters.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { readSite } from "../sites/sites.ts";
import { type EmailLogRecord, getEmailLog, replaceEmailLog } from "./email_log_store.ts";
import {
  deleteRetryMutation,
  getRetryEntry,
  type MailRetry,
  readKeptParts,
  replaceRetryMutation,
} from "./retry_store.ts";
import { failureText, TransportError } from "./transport.ts";
import { outgoingMessage } from "./message.ts";
import { TOTALS } from "./reservation.ts";
import { mailOf } from "./lazy_services.ts";
import { MAX_ATTEMPTS, pendingRecord, RETRY_DELAYS_MS } from "./retry_schedule.ts";

/** No reply or a 4xx: the relay may get over it (5xx, SMTPUTF8 missing: for good). */
export function isTemporary(e: unknown): boolean {
  return e instanceof TransportError && e.permanent !== true;
}

type Payload = { site_id: string; log_id: string };

/** One attempt of a kept message, run by its job (see retry.ts for the rules). */
export async function runAttempt(ctx: Ctx, run: JobRun<Payload>): Promise<void> {
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
  run: JobRun<Payload>,
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
