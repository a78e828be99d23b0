/**
 * The notification and the auto-reply of a submission, through the mail engine
 * (`prepareSend`/`sendMail` in domain/mail/send.ts, source "form"). There is no
 * other SMTP path. The notification's reservation rides in the submission's
 * own commit and its outcome commit sets `email_sent` (domain/forms/submit.ts).
 *
 * - Notification: to the (up to 3) notification addresses, From name from
 *   from_name / the site's default From name / the site name, Reply-To the
 *   submitter's address. `email_sent` is true only when the relay accepted it
 *   (the engine answers after the SMTP DATA reply).
 * - Auto-reply (confirm.enabled): to the submitter, Reply-To the first
 *   notification address; skipped when there is no submitter address or it is
 *   suppressed or unsubscribed from the site. Its result does not change
 *   `email_sent`. It is a transactional answer (the visitor wrote first): no
 *   List-Unsubscribe headers and no open or click tracking (`operational`).
 * - Neither counts toward the account's monthly *email* limit: the spec puts
 *   mail/send and sequence steps under that limit, and a submission is already
 *   counted once, under the monthly form limit. They do go into the email log
 *   (source "form") and emit email.sent / email.failed like any mail.
 */
import { formMailRetryJob } from "./mail_retry_job.ts";
import type { NotificationForm } from "./hosted.ts";
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "../sites/schema.ts";
import type { Submission } from "./submissions_store.ts";
import { recipientBlocks } from "../suppressions/suppressions.ts";
import { normalizeEmail } from "../kernel/validation.ts";
import { sendMail } from "../mail/send.ts";
import type { SendOutcome } from "../mail/outcome.ts";
import type { MailSendInput, MailSendRequest } from "../mail/schema.ts";
import { type Mailbox, parseMailbox } from "../kernel/address.ts";
import type { SubmitEntry } from "./schema.ts";
import type { Parties } from "./addresses.ts";
import { filesForEvent } from "./uploads.ts";
import { autoReplyMail, notificationMail, type OutgoingMail, senderName } from "./mail_content.ts";

/** A form mail as the send API's input. */
export function mailInput(m: OutgoingMail): MailSendInput {
  return {
    to: m.to,
    subject: m.subject,
    html: m.html,
    ...(m.text !== undefined && { text: m.text }),
    from: { name: m.fromName },
    ...(m.replyTo && { reply_to: [m.replyTo] }),
  };
}

/** Logs why a form mail was not sent (the submission is kept either way). */
export function logNotSent(ctx: Ctx, site: Site, what: string, out: SendOutcome): void {
  ctx.log.warn(`form ${what} not sent`, {
    site_id: site.id,
    reason: out.ok ? "held" : out.reason,
    error: out.ok ? null : out.error,
  });
}

async function send(ctx: Ctx, site: Site, m: OutgoingMail, what: string): Promise<boolean> {
  try {
    // A transactional answer to a visitor who wrote first: no List-Unsubscribe, no tracking.
    // Kept and retried when the relay fails temporarily (mail/retry.ts).
    const out = await sendMail(ctx, site, mailInput(m), {
      source: "form",
      operational: true,
      retry: formMailRetryJob,
    });
    if (out.ok && out.sent && !out.held) return true;
    logNotSent(ctx, site, what, out);
    return false;
  } catch (e) {
    // The submission is stored; a failed hand-off is reported as email_sent false.
    ctx.log.error(`form ${what} failed`, { site_id: site.id, error: e });
    return false;
  }
}

/** Sends the auto-reply when asked for (confirm.enabled) and possible. */
export async function sendAutoReply(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  submission: Submission,
  parties: Parties,
): Promise<void> {
  const submitter = parties.submitter;
  if (!input.confirm?.enabled || !submitter) return;
  const blocks = await recipientBlocks(ctx, site.id, [normalizeEmail(submitter)]);
  if (blocks.size > 0) return;
  const mail = autoReplyMail({
    site,
    to: submitter,
    replyTo: submission.notify_to[0],
    fromName: input.confirm.from_name
      ? senderName(input.confirm.from_name, site)
      : senderName(input.from_name, site),
    subject: input.confirm.subject,
    body: input.confirm.body,
    name: parties.name,
    email: submitter,
    formName: input.form_name ?? null,
    fields: input.fields,
  });
  await send(ctx, site, mail, "auto-reply");
}

/** Mailboxes of 1 to 50 addresses, each read by the one parser; null when any is not. */
function mailboxes(addresses: string[]): Mailbox[] | null {
  if (addresses.length < 1 || addresses.length > 50) return null;
  const out: Mailbox[] = [];
  for (let i = 0; i < addresses.length; i++) {
    const m = parseMailbox(addresses[i]);
    if (!m.ok) return null;
    out.push(m.value);
  }
  return out;
}

/**
 * The notification for the mail engine: as the send schema's output when every
 * value is plainly within its limits (lengths in UTF-16 units under the limits
 * in characters, addresses read by the schema's own parser, no CR, LF or NUL in
 * the sender name): what `MailSendBody` would give, without parsing what this
 * service built (tests/domain/forms/notification_request_test.ts compares
 * them). Anything else is left to the schema as an input, which answers it
 * exactly as before (a visitor's oversized field or an address it refuses).
 */
export function notificationSend(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  submission: Submission,
  parties: Parties,
  hosted: NotificationForm | null = null,
): { req: MailSendRequest } | { input: MailSendInput } {
  const m = notificationOf(ctx, site, input, submission, parties.replyTo, hosted);
  const req = notificationRequest(m);
  return req ? { req } : { input: mailInput(m) };
}

/** `m` as `MailSendBody.parse(mailInput(m))` gives it, or null when it needs the parse. */
export function notificationRequest(m: OutgoingMail): MailSendRequest | null {
  const to = mailboxes(m.to);
  const replyTo = m.replyTo ? mailboxes([m.replyTo]) : undefined;
  if (
    !to || replyTo === null || m.subject.length > 500 || m.html.length > 500_000 ||
    (m.text !== undefined && m.text.length > 500_000) || m.fromName.length > 200 ||
    /[\r\n\0]/.test(m.fromName)
  ) return null;
  // The keys in the order of the schema's output (the nested object after the lists).
  return {
    to,
    subject: m.subject,
    html: m.html,
    ...(m.text !== undefined && { text: m.text }),
    ...(replyTo && { reply_to: replyTo }),
    from: { name: m.fromName },
    sender_mode: "auto",
  };
}

function notificationOf(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  submission: Submission,
  replyTo: string | null,
  hosted: NotificationForm | null,
): OutgoingMail {
  return notificationMail({
    site,
    to: submission.notify_to,
    fromName: senderName(input.from_name, site),
    replyTo,
    formId: submission.form_id,
    formName: submission.form_name ?? hosted?.name ?? null,
    labels: hosted?.labels,
    fields: input.fields,
    referrer: submission.visitor.referrer,
    ip: submission.visitor.ip,
    createdAt: submission.created_at,
    classification: submission.classification,
    spamScore: submission.spam_score,
    ...(input.subject && { subject: input.subject }),
    ...(submission.files && submission.files.length > 0 &&
      { files: filesForEvent(ctx, submission, submission.files) }),
  });
}
