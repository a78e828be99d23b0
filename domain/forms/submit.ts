/**
 * POST /forms/submit: the whole rule set of the spec's section, in order.
 *
 * 1. Notification addresses (400 no_notify_email_configured before anything).
 * 2. IP block: an active block on the visitor's address or /64 -> blocked.
 * 3. IP limit pre-check: 4 or more stored submissions from the IP in the last
 *    60 s -> blocked, and the IP is blocked for 1 hour (ip_limit.ts).
 * 4. Captcha with the site's saved provider: a rejected token -> blocked.
 * 5. Spam score, then ONE atomic commit of the submission and everything that
 *    changes with it, the notification's reservation included (storing.ts).
 * 6. The site becomes verified on its first stored submission.
 * 7. Not spam and within the monthly form limit: the notification goes to SMTP
 *    (and the auto-reply through the mail engine); the notification's outcome
 *    commit sets email_sent, true only when the relay accepted it.
 *
 * Reads: the IP's blocks, then one getMany for the IP window, the content
 * marker, the account and its form usage, and the notification's send state
 * (site routing, send window, the recipients' suppressions); for a key seen
 * before, that getMany is the key check's own. Writes: the submission commit,
 * then the notification's outcome commit.
 */
import type { Ctx } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { utcMonth } from "../kernel/clock.ts";
import { issuesToDetails } from "../kernel/validation.ts";
import { invalidPayload } from "../kernel/errors.ts";
import { sameKeys } from "../kernel/kv/kv.ts";
import { parseVisitorIp } from "../kernel/ip.ts";
import type { Site } from "../sites/schema.ts";
import {
  checkKeyAndBody,
  type KeyedRequest,
  type KeyHint,
  type Prefetched,
} from "../sites/auth.ts";
import { markVerified } from "../sites/verify.ts";
import { checkAbuse, tallyCommitted, tallyOutcome } from "../blocks/auto_disable.ts";
import { sendStateQuery } from "../mail/reservation.ts";
import { WINDOW_PARTS } from "../kernel/kv/counters.ts";
import type { PreparedSend } from "../mail/send.ts";
import { contentFingerprint } from "../spam/fingerprint.ts";
import {
  readSubmitState,
  setSubmissionEmailSent,
  setSubmissionEmailSentMutation,
  type Submission,
  type SubmitReadKeys,
  submitReadKeys,
  submitReadOf,
  type SubmitStateQuery,
} from "./submissions_store.ts";
import { SubmitBody, type SubmitInput } from "./schema.ts";
import { notificationAddresses } from "./addresses.ts";
import { verifyCaptcha } from "./captcha.ts";
import { logNotSent, notificationEmails, sendAutoReply } from "./mailer.ts";
import {
  IP_MAX_IN_WINDOW,
  IP_WINDOW,
  IP_WINDOW_MS,
  ipIsBlocked,
  startRateLimitBlock,
} from "./ip_limit.ts";
import { type AlongsideKeys, alongsideKeys, spamMemoryQuery, storeSubmission } from "./storing.ts";

export type SubmitAnswer =
  | { ok: true; blocked: true }
  | { ok: true; id: string }
  | { ok: true; id: string; email_sent: boolean };

const BLOCKED: SubmitAnswer = { ok: true, blocked: true };

/**
 * POST /forms/submit: the key check (and the per-key request limit), the JSON
 * body and its schema (invalid_json, invalid_payload), then the rules above.
 * For a key seen before, the submission's reads are made with the key check.
 * Throws ApiError for the errors; every other answer is the result.
 */
export async function handleFormSubmit(ctx: Ctx, request: KeyedRequest): Promise<SubmitAnswer> {
  const { site, body, prefetched } = await checkKeyAndBody(ctx, request, {
    badJson: "invalid_json",
    parse: (json) => SubmitBody.safeParse(json),
    prefetch: (parsed, hint) => parsed.success ? submitPrefetch(ctx, parsed.data, hint) : null,
  });
  if (!body.success) throw invalidPayload(issuesToDetails(body.error));
  return await submitForm(ctx, site, body.data, prefetched);
}

function nonEmpty(s: string | null | undefined): string | null {
  return s !== null && s !== undefined && s.trim() !== "" ? s : null;
}

/** Records a blocked outcome for the abuse rule and answers blocked. */
async function blocked(ctx: Ctx, site: Site, now: number, why: string): Promise<SubmitAnswer> {
  ctx.log.debug("form submission blocked", { site_id: site.id, why });
  if ((await tallyOutcome(ctx, ctx.kv.atomic(), site.id, now, true).commit()).ok) {
    tallyCommitted(ctx, site.id, now, true);
  }
  await checkAbuse(ctx, site.id, now);
  return BLOCKED;
}

type SiteHint = Pick<Site, "id" | "account_id" | "default_notify_email">;

/** What a submission reads: the submission's state and the notification's send state. */
function submitReads(site: SiteHint, input: SubmitInput, now: number) {
  const notifyTo = notificationAddresses(input.notify_emails, input.notify_email, site);
  const ip = parseVisitorIp(input.visitor?.ip);
  const query: SubmitStateQuery = {
    windowName: IP_WINDOW,
    ipKey: ip?.key ?? null,
    fingerprint: contentFingerprint(input.fields),
    accountId: site.account_id,
    now,
    windowMs: IP_WINDOW_MS,
  };
  // What the notification's send needs (site routing, send window, recipients'
  // suppressions), read with the submission's own state in one getMany.
  // The notification appends to one part of the send window, no limit deciding
  // it, so only that part is read (counters.ts windowOfPart); part 0 is the sends'.
  const part = 1 + Math.floor(Math.random() * (WINDOW_PARTS - 1));
  const mailQuery = sendStateQuery(site, notificationEmails(notifyTo), now, { quota: false, part });
  // What spam judgement remembers about this text and sender, read in the same round trip.
  const spamQuery = spamMemoryQuery(site.account_id, input, now, site.id);
  const keys = submitReadKeys(query, alongsideKeys(mailQuery, spamQuery));
  return { notifyTo, ip, query, mailQuery, spamQuery, keys };
}

/** The reads of a submission planned before its key check (see submitPrefetch). */
export type SubmitPlan = {
  /** The body, the site as the key last saw it, and what submitReads made of them. */
  input: SubmitInput;
  site: SiteHint;
  reads: ReturnType<typeof submitReads>;
  keys: SubmitReadKeys<AlongsideKeys>;
  /** Whether a block applies to the visitor's IP; null when the check failed. */
  ipBlocked: Promise<boolean | null>;
};

/**
 * For a key seen before: the keys a submission will read, from its site as it
 * was then, and the IP block check started now. submitForm uses what was read
 * only when its own keys, from the site as it is, are the same.
 */
function submitPrefetch(ctx: Ctx, input: SubmitInput, site: KeyHint): SubmitPlan | null {
  const now = ctx.clock.now();
  const r = submitReads(site, input, now);
  if (r.notifyTo.length === 0) return null;
  return {
    input,
    site: {
      id: site.id,
      account_id: site.account_id,
      default_notify_email: site.default_notify_email,
    },
    reads: r,
    keys: r.keys,
    ipBlocked: r.ip ? ipIsBlocked(ctx, r.ip, now).catch(() => null) : Promise.resolve(false),
  };
}

/** The plan's reads, at `now`, when the site still has what they came from. */
function plannedReads(plan: SubmitPlan, input: SubmitInput, site: Site, now: number) {
  const h = plan.site;
  const r = plan.reads;
  if (
    plan.input !== input || h.id !== site.id || h.account_id !== site.account_id ||
    h.default_notify_email !== site.default_notify_email ||
    utcMonth(r.query.now) !== utcMonth(now) // the form usage key is the month's
  ) return null;
  return {
    ...r,
    query: { ...r.query, now },
    mailQuery: { ...r.mailQuery, now },
    spamQuery: { ...r.spamQuery, now },
  };
}

/** The rules above for a checked key and a valid body. */
export async function submitForm(
  ctx: Ctx,
  site: Site,
  input: SubmitInput,
  prefetched?: Prefetched<SubmitPlan> | null,
): Promise<SubmitAnswer> {
  const now = ctx.clock.now();
  const { notifyTo, ip, query, mailQuery, spamQuery, keys } =
    (prefetched && plannedReads(prefetched.plan, input, site, now)) ??
      submitReads(site, input, now);
  if (notifyTo.length === 0) throw new ApiError("no_notify_email_configured", 400);

  const early = prefetched && sameKeys(prefetched.plan.keys, keys)
    ? await prefetched.plan.ipBlocked
    : null;
  const [ipBlocked, first] = early !== null
    ? [early, submitReadOf(query, prefetched!.entries)]
    : await Promise.all([
      ip ? ipIsBlocked(ctx, ip, now) : false,
      readSubmitState(ctx.kv, query, alongsideKeys(mailQuery, spamQuery)),
    ]);
  if (ipBlocked) return await blocked(ctx, site, now, "ip blocked");
  if (ip && first.state.window && first.state.window.times.length > IP_MAX_IN_WINDOW) {
    await startRateLimitBlock(ctx, site, ip, now);
    return await blocked(ctx, site, now, "rate limit");
  }

  const token = nonEmpty(input.captcha_token) ?? nonEmpty(input.cf_turnstile_token);
  const captcha = await verifyCaptcha(ctx, site, token, ip?.address ?? null);
  if (captcha.result === "rejected") return await blocked(ctx, site, now, "captcha");

  const stored = await storeSubmission(ctx, {
    site,
    input,
    notifyTo,
    now,
    query,
    mailQuery,
    spamQuery,
    first,
  });
  if (stored === "rate_limited") {
    await startRateLimitBlock(ctx, site, ip!, now);
    return await blocked(ctx, site, now, "rate limit");
  }
  const { submission, spam, notification } = stored;
  await markVerified(ctx, site);

  if (stored.abusive) await checkAbuse(ctx, site.id, now);
  if (spam.classification === "spam") return { ok: true, id: submission.id };
  // Over the monthly form limit: stored with email_sent false, no mail.
  if (!submission.counted) return { ok: true, id: submission.id, email_sent: false };
  const [emailSent] = await Promise.all([
    notify(ctx, site, submission, notification!),
    sendAutoReply(ctx, site, input, submission),
  ]);
  return { ok: true, id: submission.id, email_sent: emailSent };
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
    const out = await p.deliver((op, sent) => setSubmissionEmailSentMutation(op, submission, sent));
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
