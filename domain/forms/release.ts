/**
 * "Not spam" on a submission judged spam sends the notification that was held
 * (the spam folder gives the lead back): once, built from the stored record,
 * with a subject marker and a first line saying it was released and by whom.
 *
 * At most once: the release is claimed in KV (claimSubmissionRelease, checked)
 * in the mark's own commit before anything is sent; a second or concurrent
 * "not spam" finds the claim and sends nothing. A process killed between the
 * claim and the send leaves a claim with no outcome (`email_sent` stays null).
 * The claim names the email log id its send uses, so a later "not spam", after
 * RELEASE_STALE_MS, looks it up: no log record means the mail engine was never
 * reached and nothing can have gone out, so it claims again and sends; a log
 * record means the hand-off began and the outcome is the log's (a crash during
 * the SMTP hand-off itself may lose the mail, never duplicate it). We chose at
 * most once over at least once: an owner who sees "not sent" can read the
 * lead in the dashboard, while a lead mailed twice looks like a second customer.
 *
 * What differs from the notification at submission time: it is not counted
 * toward the monthly form limit (the owner asked for this one mail, and it
 * follows a submission that was not counted), no auto-reply goes to the
 * visitor (hours later it would surprise them), the sender name is the site's
 * default (the submission's from_name is not stored), and no second form.*
 * event is emitted; email.sent / email.failed are, as for any notification.
 */
import { formMailRetryJob } from "./mail_retry_job.ts";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import { readSite } from "../sites/sites.ts";
import { emailLogExists } from "../mail/email_log.ts";
import { prepareSend } from "../mail/send.ts";
import { deliveryState, sendAgain } from "../mail/retry.ts";
import {
  getSubmission,
  type ReleaseChannel,
  setSubmissionEmailSent,
  setSubmissionEmailSentMutation,
  type Submission,
  type SubmissionRelease,
} from "./submissions_store.ts";
import { notificationReplyTo } from "./addresses.ts";
import { notificationMail, senderName } from "./mail_content.ts";
import { filesForEvent } from "./uploads.ts";
import { logNotSent, mailInput } from "./mailer.ts";

/** A claim this old with no log record was cut off before the mail engine: it may be taken again. */
export const RELEASE_STALE_MS = 5 * 60 * 1000;

export type Releaser = { by: string; channel: ReleaseChannel };

/** Whether a "not spam" on `s` may release its notification (a claim is still needed). */
export function releasable(s: Submission): boolean {
  return s.classification === "spam" && s.email_sent !== true && s.notify_to.length > 0;
}

/**
 * The claim to take for `s`, given the claim read (null: nothing to do). A
 * first claim, or a stale one whose send never reached the mail engine.
 */
export async function releaseClaim(
  ctx: Ctx,
  s: Submission,
  read: SubmissionRelease | null,
  who: Releaser,
): Promise<SubmissionRelease | null> {
  if (!releasable(s)) return null;
  const now = ctx.clock.now();
  if (!read) {
    return { at: isoTime(now), by: who.by, channel: who.channel, log_id: uuidv7(now), attempts: 1 };
  }
  if (s.email_sent !== null || now - Date.parse(read.at) < RELEASE_STALE_MS) return null;
  if (await emailLogExists(ctx, read.log_id)) return null;
  return { ...read, at: isoTime(now), log_id: uuidv7(now), attempts: read.attempts + 1 };
}

/**
 * Sends the released notification of `s` under the claim `r`, recording
 * `email_sent` on the submission with the outcome. True when the relay took it.
 */
export async function sendReleased(
  ctx: Ctx,
  s: Submission,
  r: SubmissionRelease,
): Promise<boolean> {
  const site = await readSite(ctx, s.site_id);
  if (!site) return false;
  try {
    const fields = JSON.parse(await unpackText(ctx.kv, s.fields)) as Record<string, string>;
    const mail = notificationMail({
      site,
      to: s.notify_to,
      fromName: senderName(null, site),
      replyTo: notificationReplyTo(fields),
      formId: s.form_id,
      formName: s.form_name,
      fields,
      referrer: s.visitor.referrer,
      ip: s.visitor.ip,
      createdAt: s.created_at,
      classification: s.classification,
      spamScore: s.spam_score,
      released: { at: r.at, by: r.by },
      ...(s.files && s.files.length > 0 && { files: filesForEvent(ctx, s, s.files) }),
    });
    const p = await prepareSend(ctx, site, mailInput(mail), {
      source: "form",
      operational: true,
      logId: r.log_id,
      retry: formMailRetryJob,
    });
    if (p.kind !== "send") {
      if (p.kind === "logged") await p.write();
      logNotSent(ctx, site, "released notification", p.outcome);
      await setSubmissionEmailSent(ctx.kv, s, false);
      return false;
    }
    const refused = await p.reserve();
    if (refused) {
      logNotSent(ctx, site, "released notification", refused);
      await setSubmissionEmailSent(ctx.kv, s, false);
      return false;
    }
    const out = await p.deliver((op, sent, deferred) =>
      setSubmissionEmailSentMutation(op, s, sent, deferred?.logId)
    );
    if (!out.ok) logNotSent(ctx, site, "released notification", out);
    return out.ok;
  } catch (e) {
    ctx.log.error("released notification failed", { site_id: site.id, error: e });
    await setSubmissionEmailSent(ctx.kv, s, false).catch(() => {});
    return false;
  }
}

/**
 * "Send again" for a notification whose retries ended failed (mail/retry.ts):
 * a new round of attempts, the first now. False when the submission has no
 * such notification.
 */
export async function sendNotificationAgain(
  ctx: Ctx,
  siteId: string,
  submissionId: string,
): Promise<boolean> {
  const s = await getSubmission(ctx.kv, submissionId);
  if (!s || s.site_id !== siteId || !s.notification_log_id) return false;
  const state = await deliveryState(ctx, s.notification_log_id);
  if (state?.status !== "failed") return false;
  await sendAgain(ctx, formMailRetryJob, siteId, s.notification_log_id);
  return true;
}
