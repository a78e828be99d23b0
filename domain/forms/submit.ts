/**
 * POST /forms/submit: the spec's steps, in its order (submitForm reads them
 * top to bottom):
 *
 * 1. Notification addresses: none -> 400 no_notify_email_configured, before anything.
 * 2. IP block: an active block on the visitor's address or /64 -> blocked.
 * 3. IP limit: 4 or more stored submissions from the IP in the last 60 s ->
 *    blocked, and the IP is blocked for 1 hour (ip_limit.ts).
 * 4. Captcha with the site's saved provider: a rejected token -> blocked.
 * 5. Judgement and store: the spam score, then ONE atomic commit of the
 *    submission and everything that changes with it, the notification's
 *    reservation included (storing.ts).
 * 6. The site becomes verified on its first stored submission.
 * 7. Not spam and within the monthly form limit: the notification goes to SMTP;
 *    its outcome commit sets email_sent, true only when the relay accepted it.
 *    A temporary failure is kept and retried by the mail engine (mail/retry.ts):
 *    the answer stays email_sent false, the record shows the retries.
 * 8. The auto-reply, when asked for, through the mail engine.
 *
 * What is read for it, in one round trip (with the key check's for a key seen
 * before), is reads.ts's business. Writes: the submission commit, then the
 * notification's outcome commit.
 */
import type { Ctx } from "../kernel/context.ts";
import { ApiError, invalidPayload } from "../kernel/errors.ts";
import { issuesToDetails } from "../kernel/validation.ts";
import type { Site } from "../sites/schema.ts";
import { checkKeyAndBody, type KeyedRequest, type Prefetched } from "../sites/auth.ts";
import { markVerified } from "../sites/verify.ts";
import { checkAbuse, tallyCommitted, tallyOutcome } from "../blocks/auto_disable.ts";
import type { PreparedSend } from "../mail/send.ts";
import {
  setSubmissionEmailSent,
  setSubmissionEmailSentMutation,
  type Submission,
} from "./submissions_store.ts";
import { SubmitBody, type SubmitEntry } from "./schema.ts";
import { verifyCaptcha } from "./captcha.ts";
import { logNotSent, sendAutoReply } from "./mailer.ts";
import { IP_MAX_IN_WINDOW, startRateLimitBlock } from "./ip_limit.ts";
import {
  planSubmissionReads,
  readSubmission,
  type SubmissionReads,
  type SubmitPlan,
} from "./reads.ts";
import { storeSubmission } from "./storing.ts";
import { notificationForm } from "./hosted.ts";

/**
 * Why a submission was blocked, beside the spec's `blocked: true` (an
 * extension: the visitor sees the same "Thanks!", so the site owner can only
 * learn why from the answer): the captcha provider rejected the token, the
 * visitor's address is on the block list, or it sent more than the IP limit
 * allows (then it is blocked for the hour).
 */
export const BLOCK_REASONS = ["captcha_rejected", "ip_blocked", "rate_limit"] as const;
export type BlockReason = typeof BLOCK_REASONS[number];

export type SubmitAnswer =
  | { ok: true; blocked: true; reason: BlockReason }
  | { ok: true; id: string }
  | { ok: true; id: string; email_sent: boolean };

/**
 * POST /forms/submit: the key check (and the per-key request limit), the JSON
 * body and its schema (invalid_json, invalid_payload), then the steps above.
 * For a key seen before, the submission's reads are made with the key check.
 * Throws ApiError for the errors; every other answer is the result.
 */
export async function handleFormSubmit(ctx: Ctx, request: KeyedRequest): Promise<SubmitAnswer> {
  const { site, body, prefetched } = await checkKeyAndBody(ctx, request, {
    badJson: "invalid_json",
    parse: (json) => SubmitBody.safeParse(json),
    prefetch: (parsed, hint) => parsed.success ? planSubmissionReads(ctx, parsed.data, hint) : null,
  });
  if (!body.success) throw invalidPayload(issuesToDetails(body.error));
  return await submitForm(ctx, site, body.data, prefetched);
}

/**
 * The steps above for a checked key and a valid body, or for what a static
 * site's form posted to its endpoint (domain/forms/static_submit.ts): both
 * doors run this one pipeline.
 */
export async function submitForm(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  prefetched?: Prefetched<SubmitPlan> | null,
): Promise<SubmitAnswer> {
  const r = await readSubmission(ctx, site, input, prefetched);
  if (!r) throw new ApiError("no_notify_email_configured", 400);
  if (r.ipBlocked) return await blocked(ctx, site, r.now, "ip_blocked");
  if (overIpLimit(r)) return await rateLimited(ctx, site, r);
  if (await captchaRejected(ctx, site, input, r)) {
    return await blocked(ctx, site, r.now, "captcha_rejected");
  }

  // The hosted form it names, for its labels in the notification (render's cache).
  const hosted = await notificationForm(ctx, site, input.form_slug);
  const stored = await storeSubmission(ctx, site, input, r, hosted);
  if (stored === "rate_limited") return await rateLimited(ctx, site, r);
  const { submission, spam, notification } = stored;
  await markVerified(ctx, site);
  if (stored.abusive) await checkAbuse(ctx, site.id, r.now);

  if (spam.classification === "spam") return { ok: true, id: submission.id };
  // Over the monthly form limit: stored with email_sent false, no mail.
  if (!submission.counted) return { ok: true, id: submission.id, email_sent: false };
  const [emailSent] = await Promise.all([
    notify(ctx, site, submission, notification!),
    sendAutoReply(ctx, site, input, submission, r.parties),
  ]);
  return { ok: true, id: submission.id, email_sent: emailSent };
}

/** More stored submissions from the visitor's IP in the window than the limit allows. */
function overIpLimit(r: SubmissionReads): boolean {
  const window = r.read.state.window;
  return r.ip !== null && window !== null && window.times.length > IP_MAX_IN_WINDOW;
}

/** Blocks the IP for the hour and answers blocked. */
async function rateLimited(ctx: Ctx, site: Site, r: SubmissionReads): Promise<SubmitAnswer> {
  await startRateLimitBlock(ctx, site, r.ip!, r.now);
  return await blocked(ctx, site, r.now, "rate_limit");
}

/** Whether the site's captcha provider rejected the submission's token. */
async function captchaRejected(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  r: SubmissionReads,
): Promise<boolean> {
  const token = nonEmpty(input.captcha_token) ?? nonEmpty(input.cf_turnstile_token);
  const captcha = await verifyCaptcha(ctx, site, token, r.ip?.address ?? null);
  return captcha.result === "rejected";
}

function nonEmpty(s: string | null | undefined): string | null {
  return s !== null && s !== undefined && s.trim() !== "" ? s : null;
}

/** Records a blocked outcome for the abuse rule and answers blocked. */
async function blocked(
  ctx: Ctx,
  site: Site,
  now: number,
  reason: BlockReason,
): Promise<SubmitAnswer> {
  ctx.log.debug("form submission blocked", { site_id: site.id, why: reason });
  if ((await tallyOutcome(ctx, ctx.kv.atomic(), site.id, now, true).commit()).ok) {
    tallyCommitted(ctx, site.id, now, true);
  }
  await checkAbuse(ctx, site.id, now);
  return { ok: true, blocked: true, reason };
}

/**
 * Hands the reserved notification to SMTP; its outcome commit also records
 * email_sent on the submission. True only when the relay accepted it.
 */
async function notify(
  ctx: Ctx,
  site: Site,
  submission: Submission,
  p: PreparedSend,
): Promise<boolean> {
  if (p.kind !== "send") {
    // Refused, or every recipient suppressed (logged): nothing goes to SMTP.
    if (p.kind === "logged") await p.write();
    logNotSent(ctx, site, "notification", p.outcome);
    await setSubmissionEmailSent(ctx.kv, submission, false);
    return false;
  }
  try {
    const out = await p.deliver((op, sent, deferred) =>
      setSubmissionEmailSentMutation(op, submission, sent, deferred?.logId)
    );
    if (out.ok) return true;
    logNotSent(ctx, site, "notification", out);
    return false;
  } catch (e) {
    // The submission is stored; a failed hand-off is reported as email_sent false.
    ctx.log.error("form notification failed", { site_id: site.id, error: e });
    await setSubmissionEmailSent(ctx.kv, submission, false).catch(() => {});
    return false;
  }
}
