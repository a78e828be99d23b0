/**
 * Hands the notification and the auto-reply of a stored submission to the
 * mail engine (`sendMail` in domain/mail/send.ts, source "form"). There is no
 * other SMTP path.
 *
 * - Notification: to the (up to 3) notification addresses, From name from
 *   from_name / the site's default From name / the site name, Reply-To the
 *   submitter's address. `email_sent` is true only when the relay accepted it
 *   (the engine answers after the SMTP DATA reply).
 * - Auto-reply (confirm.enabled): to the submitter, Reply-To the first
 *   notification address; skipped when there is no submitter address or it is
 *   suppressed or unsubscribed from the site. Its result does not change
 *   `email_sent`.
 * - Neither counts toward the account's monthly *email* limit: the spec puts
 *   mail/send and sequence steps under that limit, and a submission is already
 *   counted once, under the monthly form limit. They do go into the email log
 *   (source "form") and emit email.sent / email.failed like any mail.
 */
import type { Ctx } from "../context.ts";
import type { Site } from "../store/sites.ts";
import type { Submission } from "../store/submissions.ts";
import { recipientBlocks } from "../store/suppressions.ts";
import { normalizeEmail } from "../validation.ts";
import { sendMail } from "../mail/send.ts";
import type { MailSendInput } from "../mail/schema.ts";
import type { SubmitInput } from "./schema.ts";
import { submitterAddress, submitterName } from "./addresses.ts";
import { autoReplyMail, notificationMail, type OutgoingMail, senderName } from "./mail_content.ts";

async function send(ctx: Ctx, site: Site, m: OutgoingMail, what: string): Promise<boolean> {
  const input: MailSendInput = {
    to: m.to,
    subject: m.subject,
    html: m.html,
    ...(m.text !== undefined && { text: m.text }),
    from: { name: m.fromName },
    ...(m.replyTo && { reply_to: [m.replyTo] }),
  };
  try {
    const out = await sendMail(ctx, site, input, { source: "form" });
    if (out.ok && out.sent && !out.held) return true;
    ctx.log.warn(`form ${what} not sent`, {
      site_id: site.id,
      reason: out.ok ? "held" : out.reason,
      error: out.ok ? null : out.error,
    });
    return false;
  } catch (e) {
    // The submission is stored; a failed hand-off is reported as email_sent false.
    ctx.log.error(`form ${what} failed`, { site_id: site.id, error: e });
    return false;
  }
}

async function autoReply(
  ctx: Ctx,
  site: Site,
  input: SubmitInput,
  submission: Submission,
  fromName: string,
  submitter: string | null,
): Promise<void> {
  if (!input.confirm?.enabled || !submitter) return;
  const blocks = await recipientBlocks(ctx.kv, site.id, [normalizeEmail(submitter)]);
  if (blocks.size > 0) return;
  const mail = autoReplyMail({
    site,
    to: submitter,
    replyTo: submission.notify_to[0],
    fromName: input.confirm.from_name ? senderName(input.confirm.from_name, site) : fromName,
    subject: input.confirm.subject,
    body: input.confirm.body,
    name: submitterName(input.fields),
    email: submitter,
    formName: input.form_name ?? null,
    fields: input.fields,
  });
  await send(ctx, site, mail, "auto-reply");
}

/** Sends the notification (and the auto-reply); true when the notification was accepted. */
export async function sendSubmissionMails(
  ctx: Ctx,
  site: Site,
  input: SubmitInput,
  submission: Submission,
): Promise<boolean> {
  const submitter = submitterAddress(input.fields);
  const fromName = senderName(input.from_name, site);
  const notification = notificationMail({
    site,
    to: submission.notify_to,
    fromName,
    replyTo: submitter,
    formId: submission.form_id,
    formName: submission.form_name,
    fields: input.fields,
    referrer: submission.visitor.referrer,
    ip: submission.visitor.ip,
    createdAt: submission.created_at,
    classification: submission.classification,
    spamScore: submission.spam_score,
  });
  const [sent] = await Promise.all([
    send(ctx, site, notification, "notification"),
    autoReply(ctx, site, input, submission, fromName, submitter),
  ]);
  return sent;
}
