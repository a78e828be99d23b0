/**
 * The hand-off of sequence steps to the mail engine (`sendMail`, the one send
 * path): relay mode, source "sequence", the visible unsubscribe link and the
 * one-click List-Unsubscribe headers, the monthly quota. Maps the engine's
 * outcomes onto what the step worker does next, and reads the email log to
 * learn what became of an attempt interrupted by a crash.
 */
import type { Ctx } from "../kernel/context.ts";
import { sendMail } from "../mail/send.ts";
import { resolveTemplate } from "../mail/templates.ts";
import { readEmailLogRecord } from "../mail/email_log.ts";
import { readSite } from "../sites/sites.ts";
import { unpackJson } from "../kernel/kv/blob.ts";
// The schedule of kept mail, for the step worker (which loads this file lazily).
export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../mail/retry_schedule.ts";
import type { Enrollment, Sequence, SequenceStep, TemplateData } from "./store.ts";

export type StepSendResult =
  | { kind: "sent"; message_id: string }
  /** Not sent and not to be retried (refused content, mail server refusal, ...). */
  | { kind: "failed"; error: string }
  /** Not sent: the relay failed temporarily (no reply, refused connection, 4xx). */
  | { kind: "retry"; error: string }
  /** Not sent now; the step waits until `at` (the monthly limit, the send rate, a disabled site). */
  | { kind: "later"; at: number; reason: string }
  /** Every recipient suppressed or unsubscribed: the enrollment stops. */
  | { kind: "blocked"; reason: "all_recipients_suppressed" | "all_recipients_unsubscribed" };

/** What the email log says about an attempt: never logged or not sent, in flight, or sent. */
export type AttemptOutcome = "absent" | "unknown" | { status: "sent"; message_id: string | null };

const RATE_RETRY_MS = 60_000;
const DISABLED_RETRY_MS = 60 * 60 * 1000;

/** Whether `ref` names a template of the account or a starter template. */
export async function templateExists(ctx: Ctx, accountId: string, ref: string): Promise<boolean> {
  return (await resolveTemplate(ctx, accountId, ref)) !== null;
}

export async function sendStep(
  ctx: Ctx,
  a: {
    enrollment: Enrollment;
    sequence: Sequence;
    step: SequenceStep;
    index: number;
    attemptId: string;
    /** Start of the next UTC month (ms), where an over-quota step waits. */
    nextMonth: number;
    /** No retry follows: a temporary failure is final (and emits email.failed). */
    lastAttempt: boolean;
  },
): Promise<StepSendResult> {
  const now = ctx.clock.now();
  const stored = await readSite(ctx, a.enrollment.site_id);
  const site = stored && a.enrollment.sandbox ? { ...stored, sandbox: true as const } : stored;
  if (!site) return { kind: "failed", error: "the site no longer exists" };
  // A disabled site sends nothing; its steps wait until it is enabled again.
  if (site.disabled) return { kind: "later", at: now + DISABLED_RETRY_MS, reason: "site_disabled" };
  const data = await unpackJson<TemplateData>(ctx.kv, a.enrollment.data);
  const out = await sendMail(ctx, site, {
    to: a.enrollment.email,
    template: a.step.template,
    ...(a.step.subject ? { subject: a.step.subject } : {}),
    data,
    sender_mode: "relay",
  }, {
    source: "sequence",
    unsubscribeLink: true,
    logId: a.attemptId,
    callerRetries: !a.lastAttempt,
  });
  if (out.ok) {
    return out.held
      ? { kind: "failed", error: "held_as_spam" }
      : { kind: "sent", message_id: out.message_id };
  }
  switch (out.reason) {
    case "over_quota":
      return { kind: "later", at: a.nextMonth, reason: "over_quota" };
    case "rate_limited":
      return { kind: "later", at: now + RATE_RETRY_MS, reason: "rate_limited" };
    case "send_failed":
      if (
        out.error === "all_recipients_suppressed" || out.error === "all_recipients_unsubscribed"
      ) {
        return { kind: "blocked", reason: out.error };
      }
      if (out.temporary) return { kind: "retry", error: out.error.slice(0, 300) };
      return { kind: "failed", error: out.error.slice(0, 300) };
    case "invalid_payload":
      return {
        kind: "failed",
        error: `invalid_payload: ${
          (out.details ?? []).map((d) => `${d.field} ${d.message}`).join("; ")
        }`
          .slice(0, 300),
      };
    default:
      // template_not_found (deleted since), no_body, content_flagged, ai_flagged, ...
      return { kind: "failed", error: out.reason };
  }
}

/**
 * What became of the attempt logged under `attemptId`. A record that is not
 * there, or that ended without a hand-off (refused, failed), means nothing was
 * delivered: sending again cannot duplicate. `sending` means the process died
 * during the SMTP hand-off itself: the outcome is unknown.
 */
export async function attemptOutcome(ctx: Ctx, attemptId: string): Promise<AttemptOutcome> {
  const log = await readEmailLogRecord(ctx, attemptId);
  if (!log) return "absent";
  if (log.status === "sending") return "unknown";
  if (log.status === "sent" || log.status === "warning") {
    return { status: "sent", message_id: log.message_id };
  }
  return "absent";
}
