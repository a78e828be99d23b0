/**
 * POST /forms/submit: the whole rule set of the spec's section, in order.
 *
 * 1. Notification addresses (400 no_notify_email_configured before anything).
 * 2. IP block: an active block on the visitor's address or /64 -> blocked.
 * 3. Rate limit pre-check: 4 or more stored submissions from the IP in the last
 *    60 s -> blocked, and the IP is blocked for 1 hour (reason rate_limit).
 * 4. Captcha with the site's saved provider: a rejected token -> blocked.
 * 5. Spam score, then ONE atomic commit of: the submission, its site index, the
 *    IP window append (checked: the rate limit is exact under concurrency), the
 *    monthly form count (when counted), the event form.submitted / form.spam
 *    and its webhook deliveries, the content marker, the abuse tallies and,
 *    when a notification follows, its reservation in the mail engine (the
 *    "sending" log record and the site's send window slot, checked). A lost
 *    race is retried from a fresh read.
 * 6. The site becomes verified on its first stored submission.
 * 7. Not spam and within the monthly form limit: the notification goes to SMTP
 *    (and the auto-reply through the mail engine); the notification's outcome
 *    commit sets email_sent, true only when the relay accepted it.
 *
 * Reads: the IP's blocks, then one getMany for the IP window, the content
 * marker, the account and its form usage, and the notification's send state
 * (site routing, send window, the recipients' suppressions). Writes: the
 * submission commit, then the notification's outcome commit.
 */
import type { Ctx } from "../kernel/context.ts";
import { ApiError, ConflictError } from "../kernel/errors.ts";
import { isoTime, utcMonth } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { type PreparedEvent, prepareEvent } from "../webhooks/events.ts";
import type { Site } from "../sites/store.ts";
import { markVerified } from "../sites/verify.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { type Packed, packText } from "../kernel/kv/blob.ts";
import { addMonthly, appendWindow } from "../kernel/kv/counters.ts";
import {
  activeBlocksOfIp,
  addIpBlockMutations,
  getIpBlock,
  type IpBlock,
  isBlockActive,
} from "../blocks/store.ts";
import {
  addSubmissionMutations,
  type RateBlockGuard,
  rateBlockGuardKey,
  readSubmitState,
  setContentMark,
  setSubmissionEmailSent,
  setSubmissionEmailSentMutation,
  type Submission,
  submitStateKeys,
  submitStateOf,
  type SubmitStateQuery,
} from "./submissions_store.ts";
import { sendStateKeys, sendStateOf, type SendStateQuery } from "../mail/send_state_store.ts";
import { type PreparedSend, prepareSend } from "../mail/send.ts";
import { sendStateQuery } from "../mail/reservation.ts";
import { withLock } from "../kernel/locks.ts";
import { scoreSubmission, type SpamResult } from "../spam/form_score.ts";
import { contentFingerprint, DUPLICATE_WINDOW_MS } from "../spam/fingerprint.ts";
import type { SubmitInput } from "./schema.ts";
import { notificationAddresses, submitterAddress } from "./addresses.ts";
import { parseVisitorIp, type VisitorIp } from "../kernel/visitor_ip.ts";
import { verifyCaptcha } from "./captcha.ts";
import { checkAbuse, tallyCommitted, tallyOutcome } from "../blocks/auto_disable.ts";
import { logNotSent, notificationEmails, notificationInput, sendAutoReply } from "./mailer.ts";

/** The IP rate limit (spec, Limits): more than 3 in 60 s blocks for 1 hour. */
export const IP_WINDOW_MS = 60_000;
export const IP_MAX_IN_WINDOW = 3;
export const IP_BLOCK_MS = 60 * 60 * 1000;
const IP_WINDOW = "ip_submissions";
/** Counted submissions closer than this to the monthly limit are checked exactly. */
const QUOTA_EXACT_MARGIN = 1000;

export type SubmitAnswer =
  | { ok: true; blocked: true }
  | { ok: true; id: string }
  | { ok: true; id: string; email_sent: boolean };

const BLOCKED: SubmitAnswer = { ok: true, blocked: true };

function nonEmpty(s: string | null | undefined): string | null {
  return s !== null && s !== undefined && s.trim() !== "" ? s : null;
}

/** Whether any block applies to the visitor (its address or its /64). */
async function ipIsBlocked(ctx: Ctx, ip: VisitorIp, now: number): Promise<boolean> {
  const lists = await Promise.all(ip.blockKeys.map((k) => activeBlocksOfIp(ctx.kv, k, now)));
  return lists.some((l) => l.length > 0);
}

/**
 * Starts the 1-hour rate-limit block of an IP, once: racing requests find the
 * guard pointing at an active block and start no second one.
 */
async function startRateLimitBlock(
  ctx: Ctx,
  site: Site,
  ip: VisitorIp,
  now: number,
): Promise<void> {
  await retryOnConflict(async () => {
    const guard = await ctx.kv.get<RateBlockGuard>(rateBlockGuardKey(ip.key));
    if (guard.value && guard.value.until > now) {
      const existing = await getIpBlock(ctx.kv, guard.value.block_id);
      if (existing && isBlockActive(existing, now)) return;
    }
    const until = now + IP_BLOCK_MS;
    const block: IpBlock = {
      id: uuidv7(now),
      ip: ip.key,
      reason: "rate_limit",
      blockedAt: isoTime(now),
      blockedUntil: isoTime(until),
      selfLiftable: true,
      note: "More than 3 form submissions within 60 seconds; blocked for 1 hour.",
      triggeredBySiteId: site.id,
      liftedAt: null,
      liftedBySiteId: null,
    };
    const op = addIpBlockMutations(ctx.kv.atomic().check(guard), block, now)
      .set(rateBlockGuardKey(ip.key), { block_id: block.id, until } satisfies RateBlockGuard, {
        expireIn: IP_BLOCK_MS + 60_000,
      });
    await commit(op, "start rate-limit block");
    ctx.log.info("ip blocked by the form rate limit", { ip: ip.key, site_id: site.id });
  });
}

/** Records a blocked outcome for the abuse rule and answers blocked. */
async function blocked(ctx: Ctx, site: Site, now: number, why: string): Promise<SubmitAnswer> {
  ctx.log.debug("form submission blocked", { site_id: site.id, why });
  if ((await tallyOutcome(ctx.kv.atomic(), site.id, now, true).commit()).ok) {
    tallyCommitted(site.id, now, true);
  }
  await checkAbuse(ctx, site.id, now);
  return BLOCKED;
}

type Stored = {
  submission: Submission;
  spam: SpamResult;
  /** The notification, reserved in the submission's commit when kind is "send". */
  notification: PreparedSend | null;
};

/** What a submission reads: the submission's state and the notification's send state. */
function submitReads(
  site: Pick<Site, "id" | "account_id" | "default_notify_email">,
  input: SubmitInput,
  now: number,
) {
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
  const mailQuery = sendStateQuery(site, notificationEmails(notifyTo), now, { quota: false });
  const keys = [...submitStateKeys(query), ...sendStateKeys(mailQuery)];
  return { notifyTo, ip, query, mailQuery, keys };
}

type SiteHint = Pick<Site, "id" | "account_id" | "default_notify_email">;

/** Reads started before the key check (see submitAhead). */
export type SubmitAhead = {
  /** The body, the site as the key last saw it, and what submitReads made of them. */
  input: SubmitInput;
  site: SiteHint;
  reads: ReturnType<typeof submitReads>;
  keys: Deno.KvKey[];
  /** Whether a block applies to the visitor's IP; null when the check failed. */
  ipBlocked: Promise<boolean | null>;
};

/**
 * For a key seen before: the keys a submission will read, from its site as it
 * was then, and the IP block check started now. submitForm uses what was read
 * only when its own keys, from the site as it is, are the same.
 */
export function submitAhead(ctx: Ctx, input: SubmitInput, site: SiteHint): SubmitAhead | null {
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

/** The reads of the read-ahead, at `now`, when the site still has what they came from. */
function readsAhead(ahead: SubmitAhead, input: SubmitInput, site: Site, now: number) {
  const h = ahead.site;
  const r = ahead.reads;
  if (
    ahead.input !== input || h.id !== site.id || h.account_id !== site.account_id ||
    h.default_notify_email !== site.default_notify_email ||
    utcMonth(r.query.now) !== utcMonth(now) // the form usage key is the month's
  ) return null;
  return { ...r, query: { ...r.query, now }, mailQuery: { ...r.mailQuery, now } };
}

function sameKeys(a: Deno.KvKey[], b: Deno.KvKey[]): boolean {
  return a.length === b.length &&
    a.every((k, i) => k.length === b[i].length && k.every((p, j) => p === b[i][j]));
}

export async function submitForm(
  ctx: Ctx,
  site: Site,
  input: SubmitInput,
  ahead?: { plan: SubmitAhead; entries: Deno.KvEntryMaybe<unknown>[] },
): Promise<SubmitAnswer> {
  const now = ctx.clock.now();
  const { notifyTo, ip, query, mailQuery, keys } =
    (ahead && readsAhead(ahead.plan, input, site, now)) ??
      submitReads(site, input, now);
  if (notifyTo.length === 0) throw new ApiError("no_notify_email_configured", 400);

  const early = ahead && sameKeys(ahead.plan.keys, keys) ? await ahead.plan.ipBlocked : null;
  const [ipBlocked, state] = early !== null
    ? [early, submitStateOf(query, ahead!.entries)]
    : await Promise.all([
      ip ? ipIsBlocked(ctx, ip, now) : false,
      readSubmitState(ctx.kv, query, sendStateKeys(mailQuery)),
    ]);
  if (ipBlocked) return await blocked(ctx, site, now, "ip blocked");
  if (ip && state.window && state.window.times.length > IP_MAX_IN_WINDOW) {
    await startRateLimitBlock(ctx, site, ip, now);
    return await blocked(ctx, site, now, "rate limit");
  }

  const token = nonEmpty(input.captcha_token) ?? nonEmpty(input.cf_turnstile_token);
  const captcha = await verifyCaptcha(ctx, site, token, ip?.address ?? null);
  if (captcha.result === "rejected") return await blocked(ctx, site, now, "captcha");

  const stored = await store(ctx, site, input, notifyTo, now, query, state, mailQuery);
  if (stored === "rate_limited") {
    await startRateLimitBlock(ctx, site, ip!, now);
    return await blocked(ctx, site, now, "rate limit");
  }
  const { submission, spam, notification } = stored;
  await markVerified(ctx, site);

  if (spam.classification === "spam") {
    await checkAbuse(ctx, site.id, now);
    return { ok: true, id: submission.id };
  }
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

/**
 * Scores and commits the submission with everything that must change with it,
 * including the notification's reservation (its "sending" log record and send
 * window slot) when one follows. The first attempt uses the state read up
 * front; a lost race reads it again. Returns "rate_limited" when the IP window
 * filled up meanwhile.
 */
async function store(
  ctx: Ctx,
  site: Site,
  input: SubmitInput,
  notifyTo: string[],
  now: number,
  query: SubmitStateQuery,
  first: Awaited<ReturnType<typeof readSubmitState>>,
  mailQuery: SendStateQuery,
): Promise<Stored | "rate_limited"> {
  const fields = input.fields;
  const submitter = submitterAddress(fields);
  let packedFields: Packed<string> | null = null;
  let event: PreparedEvent | null = null;
  let eventFor = "";
  let state: typeof first | null = first;
  const id = uuidv7(now);
  const createdAt = isoTime(now);
  const mailKeys = sendStateKeys(mailQuery);

  try {
    return await retryOnConflict(async () => {
      const read = state ?? await readSubmitState(ctx.kv, query, mailKeys);
      state = null;
      const { window, mark, account, usage } = read;
      if (window && window.times.length > IP_MAX_IN_WINDOW) return "rate_limited" as const;
      const limit = account?.monthly_form_limit ?? null;
      const sendState = await sendStateOf(ctx.kv, mailQuery, read.extra);

      const duplicateElsewhere = !!mark && mark.site_id !== site.id &&
        now - mark.at < DUPLICATE_WINDOW_MS;
      const spam = scoreSubmission({
        fields,
        visitor: input.visitor
          ? { user_agent: input.visitor.user_agent, referrer: input.visitor.referrer }
          : null,
        submitterEmail: submitter,
        siteDomain: site.domain,
        duplicateElsewhere,
      });
      const isSpam = spam.classification === "spam";
      const counted = !isSpam && (limit === null || (usage?.count ?? 0) < limit);

      packedFields ??= await packText(ctx.kv, JSON.stringify(fields));
      const submission: Submission = {
        id,
        site_id: site.id,
        account_id: site.account_id,
        form_id: input.form_id,
        form_name: input.form_name ?? null,
        template: input.template ?? null,
        fields: packedFields,
        visitor: {
          ip: input.visitor?.ip ?? null,
          user_agent: input.visitor?.user_agent ?? null,
          referrer: input.visitor?.referrer ?? null,
        },
        spam_score: spam.score,
        classification: spam.classification,
        spam_reasons: spam.reasons,
        notify_to: notifyTo,
        counted,
        // Known now when no notification follows the non-spam submission.
        email_sent: !isSpam && !counted ? false : null,
        created_at: createdAt,
      };
      const type = isSpam ? "form.spam" : "form.submitted";
      // A retry re-scores (the content marker may have changed); the event follows.
      if (!event || eventFor !== `${type}:${spam.score}`) {
        eventFor = `${type}:${spam.score}`;
        event = await prepareEvent(ctx, site.id, type, {
          submission_id: id,
          form_id: input.form_id,
          form_name: input.form_name,
          classification: spam.classification,
          spam_score: spam.score,
          fields,
          referrer: input.visitor?.referrer,
        }, sendState.routing.webhooks);
      }
      const notification = counted
        ? await prepareSend(ctx, site, notificationInput(site, input, submission), {
          source: "form",
          operational: true,
          state: sendState,
        })
        : null;

      const op = ctx.kv.atomic();
      addSubmissionMutations(op, submission);
      if (window) appendWindow(op, window, now, IP_WINDOW_MS, IP_MAX_IN_WINDOW + 1);
      if (counted && account && usage) {
        // Near the limit the count is checked so racing requests cannot pass it.
        if (limit !== null && limit - usage.count <= QUOTA_EXACT_MARGIN) {
          op.check({ key: usage.key, versionstamp: usage.versionstamp });
        }
        addMonthly(op, account.id, "form", now);
      }
      if (query.fingerprint) {
        setContentMark(op, query.fingerprint, { site_id: site.id, at: now }, DUPLICATE_WINDOW_MS);
      }
      tallyOutcome(op, site.id, now, isSpam);
      event.apply(op);
      if (notification?.kind === "send") {
        // Submissions of one site take turns at its send window (like sends do);
        // one that waited takes the window as the one before it left it.
        await withLock(`site:${site.id}`, async (waited) => {
          notification.reservation(op, waited ? await notification.freshWindow() : undefined);
          await commit(op, "store submission");
        });
      } else {
        await commit(op, "store submission");
      }
      tallyCommitted(site.id, now, isSpam);
      return { submission, spam, notification };
    }, 50);
  } catch (e) {
    if (e instanceof ConflictError) {
      throw new Error(`submission could not be stored after repeated conflicts: ${e.message}`);
    }
    throw e;
  }
}
