/**
 * The hand-off of a reserved send to the transport (SMTP, a delivery worker,
 * or the outbox) and its outcome: the log record becomes sent (or warning) or
 * failed, in one commit with its event, the site's sent total and, for a
 * failure, the quota unit given back. The answer waits for that commit.
 * A sender that asked for retries (`retry`) has a temporary failure kept for
 * them instead (retry.ts): only that failure path writes anything more. One
 * that retries itself (`callerRetries`, sequence steps) has it logged failed,
 * the quota unit given back, without `email.failed`.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { addDaily, addTotal } from "../kernel/kv/counters.ts";
import { commit } from "../kernel/kv/kv.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { markVerified } from "../sites/verify.ts";
import { type EmailLogRecord, replaceEmailLog, subtractMonthly } from "./email_log_store.ts";
import { failureText } from "./transport.ts";
import { outgoingMessage } from "./message.ts";
import { fail, type SendOutcome } from "./outcome.ts";
import { TOTALS } from "./reservation.ts";
import type { SendDraft } from "./checks.ts";
import { mailOf } from "./lazy_services.ts";
import { type Deferred, deferSend, isTemporary, retriable } from "./retry.ts";

/**
 * Sends a reserved draft. `extra` adds the caller's own mutations to the
 * outcome's commit (forms/submit records email_sent there; `deferred` when
 * the failure was kept for retries).
 */
export async function deliver(
  ctx: Ctx,
  d: SendDraft,
  extra?: (op: Deno.AtomicOperation, sent: boolean, deferred?: Deferred) => void,
): Promise<SendOutcome> {
  const { site, record, message } = d;
  let failure: string | null = null;
  let temporary = false;
  let refused: { to: string; error: string }[] | undefined;
  const t0 = performance.now();
  try {
    // A sandbox (svc_test_) send runs every check but goes only to the outbox.
    const mail = mailOf(ctx);
    const transport = site.sandbox ? mail.sandbox : mail.transport;
    refused = (await transport.send(outgoingMessage(ctx, message))).refused;
  } catch (e) {
    failure = failureText(e);
    temporary = isTemporary(e);
  }
  ctx.metrics.inc("svc_smtp_sends_total", { result: failure === null ? "sent" : "failed" });
  ctx.metrics.observe("svc_smtp_send_duration_seconds", {}, (performance.now() - t0) / 1000);

  const done = isoTime(ctx.clock.now());
  const firstTo = message.to[0].address.toLowerCase();
  const subject = message.content.subject;
  // The spec's only value; form mail is labelled in the log, not the event.
  const source = d.source === "sequence" ? "sequence" : undefined;
  if (failure !== null && temporary && retriable(d)) {
    const deferred = await deferSend(ctx, d, failure, extra);
    return fail(200, "send_failed", {
      error: failure,
      log_id: d.logId,
      retry_at: isoTime(deferred.retryAt),
    });
  }
  if (failure !== null) {
    // A caller that retries itself gets no email.failed for a temporary
    // failure: a later attempt may still go out (it emits its own event).
    const quiet = temporary && d.callerRetries;
    const final: EmailLogRecord = {
      ...record,
      status: "failed",
      reason: "send_failed",
      error: failure,
      updated_at: done,
    };
    const ev = quiet ? null : await prepareEvent(
      ctx,
      site.id,
      "email.failed",
      {
        to: firstTo,
        subject,
        error: failure.slice(0, 300),
        source,
      },
      d.hooks,
      { test: site.sandbox },
    );
    const op = replaceEmailLog(ctx.kv.atomic(), final);
    if (d.quota) subtractMonthly(op, d.quota.account.id, "email", message.now);
    extra?.(op, false);
    await commit(ev ? ev.apply(op) : op, "email log (failed)");
    return fail(200, "send_failed", {
      error: failure,
      log_id: d.logId,
      ...(quiet && { temporary: true as const }),
    });
  }

  const final: EmailLogRecord = {
    ...record,
    status: record.warning ? "warning" : "sent",
    reason: record.warning ? "content_warning" : null,
    ...(refused?.length && { refused: refused.map((r) => ({ ...r, to: r.to.toLowerCase() })) }),
    updated_at: done,
  };
  const ev = await prepareEvent(
    ctx,
    site.id,
    "email.sent",
    {
      message_id: message.messageId,
      to: firstTo,
      subject,
      mode: record.mode,
      source,
    },
    d.hooks,
    { test: site.sandbox },
  );
  const op = replaceEmailLog(ctx.kv.atomic(), final);
  addTotal(op, TOTALS.sent, site.id);
  addDaily(op, site.id, "sent", ctx.clock.now());
  extra?.(op, true);
  await commit(ev.apply(op), "email log (sent)");
  await markVerified(ctx, site);
  return {
    ok: true,
    sent: true,
    held: false,
    mode: record.mode,
    message_id: message.messageId,
    log_id: d.logId,
    to: message.to.map((m) => m.address),
    removed: d.removed,
  };
}
