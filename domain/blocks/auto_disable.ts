/**
 * Automatic disabling of a site for abusive form traffic (ours: the spec names
 * the transition "automatic abuse disabling" without a rule).
 *
 * Rule: in one fixed 10-minute window (UTC-aligned), when a site has had at
 * least SVC_FORM_ABUSE_DISABLE_COUNT (default 300) abusive submissions, and
 * they are at least 80% of all its submissions in that window, the site is
 * disabled with `automatic: true`. Abusive = what cannot be a person: answered
 * blocked (captcha rejected, IP blocked, IP limit) or stored with a filled
 * honeypot or a known bot user agent. Content verdicts never count: a busy
 * site whose real visitors the spam judgement misreads must stay online, and
 * only the owner's own spam folder should pay for a wrong verdict. The share
 * keeps a busy site with a steady flow of real submissions online; the count
 * keeps a small site with a few bots online. The site owner can lift it at
 * once with `POST /blocks/lift {kind: "site"}`; every user of the account is
 * told so by email (disable_notice.ts).
 *
 * The tallies are KvU64 sums (no read-modify-write, no contention between
 * requests); the check reads two keys. The request that trips the rule still gets its silent 200.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { abuseKeys, readAbuseTallies } from "./store.ts";
import { changeSite } from "../sites/sites.ts";
import { ConflictError } from "../kernel/errors.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { schedule } from "../kernel/jobs.ts";
import type { SpamReason } from "../spam/form_score.ts";
import { BOT_UA } from "../spam/form_score.ts";
import { siteDisabledNoticeJob } from "./disable_notice.ts";

export const ABUSE_WINDOW_MS = 10 * 60 * 1000;
export const ABUSE_MIN_SHARE = 0.8;

export function abuseBucket(now: number): number {
  return Math.floor(now / ABUSE_WINDOW_MS);
}

/**
 * A stored submission no person could have sent: the judgement found a filled
 * honeypot, or a known bot's user agent (not merely a short or missing one,
 * which some privacy tools send).
 */
export function botSubmission(reasons: SpamReason[], userAgent: string | null | undefined) {
  return reasons.some((r) =>
    r.rule === "honeypot" || (r.rule === "user_agent_bot" && BOT_UA.test(userAgent?.trim() ?? ""))
  );
}

/**
 * Adds one submission outcome to the site's tallies inside `op`. KV sums carry
 * no expiry, so the keys of two windows ago are deleted too: a site keeps at
 * most the current and the previous window's keys. Nothing writes an old
 * window's keys, so once a commit of this process has deleted them in this
 * window the delete is left out (one mutation less per submission; what was
 * deleted is remembered in `ctx.caches.abuseCleaned`); a commit that then
 * fails leaves them to the next window's first delete.
 */
export function tallyOutcome(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  siteId: string,
  now: number,
  abusive: boolean,
): Deno.AtomicOperation {
  const bucket = abuseBucket(now);
  const cleaned = ctx.caches.abuseCleaned;
  const [abusiveKey, allKey] = abuseKeys(siteId, bucket);
  const [oldAbusive, oldAll] = abuseKeys(siteId, bucket - 2);
  op.sum(allKey, 1n);
  if (!cleaned.has(bucket, `all ${siteId}`)) op.delete(oldAll);
  if (abusive) {
    op.sum(abusiveKey, 1n);
    if (!cleaned.has(bucket, `abusive ${siteId}`)) op.delete(oldAbusive);
  }
  return op;
}

/** Records that a commit with tallyOutcome's deletes succeeded (see there). */
export function tallyCommitted(ctx: Ctx, siteId: string, now: number, abusive: boolean): void {
  const bucket = abuseBucket(now);
  ctx.caches.abuseCleaned.add(bucket, `all ${siteId}`);
  if (abusive) ctx.caches.abuseCleaned.add(bucket, `abusive ${siteId}`);
}

/**
 * Reads the tallies after an abusive outcome and disables the site when the
 * rule is met. Returns true when this call disabled it. The notice to the
 * account's users is a job committed with the disabling itself, so a crash
 * right after it still sends the notice.
 */
export async function checkAbuse(ctx: Ctx, siteId: string, now: number): Promise<boolean> {
  const threshold = ctx.config.SVC_FORM_ABUSE_DISABLE_COUNT;
  if (threshold <= 0) return false;
  const { abusive, all } = await readAbuseTallies(ctx.kv, siteId, abuseBucket(now));
  if (abusive < threshold || abusive < ABUSE_MIN_SHARE * all) return false;
  let disabled = false;
  try {
    await retryOnConflict(async () => {
      await changeSite(ctx, siteId, (s) => {
        disabled = !s.disabled;
        if (s.disabled) return s;
        return {
          ...s,
          disabled: {
            automatic: true,
            reason: `Disabled automatically: ${abusive} of ${all} form submissions in 10 minutes ` +
              "came from bots (captcha failed, IP limit or IP block, filled honeypot, " +
              "or a known bot user agent).",
            at: isoTime(now),
          },
          updated_at: isoTime(now),
        };
      }, (op, prev, next) => {
        if (!prev.disabled && next.disabled) {
          schedule(ctx, op, {
            job: siteDisabledNoticeJob,
            payload: { site_id: siteId },
            runAt: now,
          });
        }
      });
    });
  } catch (e) {
    if (!(e instanceof ConflictError)) throw e;
    return false;
  }
  if (disabled) {
    ctx.log.warn("site disabled automatically for abusive form traffic", {
      site_id: siteId,
      abusive,
      all,
    });
  }
  return disabled;
}
