/**
 * The storing step of a submission: the spam score, then ONE atomic commit of
 * the submission, its site index, the IP window append (checked: the IP limit
 * is exact under concurrency), the monthly form count (when counted), the
 * event form.submitted / form.spam and its webhook deliveries, the content
 * marker, the abuse tallies (bots only) and, when a notification follows, its
 * reservation in the mail engine (the "sending" log record and the site's
 * send window slot, checked, or built on this process's uncommitted write of
 * that slot's part and failing with it: commitWithNotification). A lost race
 * is retried from a fresh read.
 */
import { formMailRetryJob } from "./mail_retry_job.ts";
import type { Ctx } from "../kernel/context.ts";
import { ConflictError } from "../kernel/errors.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { canDepend, dependOn } from "../kernel/kv/group_commit.ts";
import { type Packed, packText } from "../kernel/kv/blob.ts";
import {
  addDaily,
  addMonthly,
  appendWindow,
  WINDOW_PARTS,
  type WindowPart,
  withPart,
} from "../kernel/kv/counters.ts";
import type { BoundedCache } from "../kernel/cache.ts";
import { carriesOldTotal, type LogWindow, RATE_WINDOW_MS } from "../mail/reservation.ts";
import { type PreparedEvent, prepareEvent } from "../webhooks/events.ts";
import type { Site } from "../sites/schema.ts";
import { botSubmission, tallyCommitted, tallyOutcome } from "../blocks/auto_disable.ts";
import { sendStateFrom } from "../mail/reservation.ts";
import { type PreparedSend, prepareParsedSend, prepareSend } from "../mail/send.ts";
import type { SpamResult } from "../spam/form_score.ts";
import { addFieldCounts, addSightings, judgeWithMemory } from "../spam/memory.ts";
import { senderTag } from "../spam/sameness.ts";
import { DUPLICATE_WINDOW_MS } from "../spam/fingerprint.ts";
import {
  addSubmissionMutations,
  setContentMark,
  type Submission,
  type SubmitRead,
} from "./submissions_store.ts";
import type { SubmitEntry } from "./schema.ts";
import { notificationSend } from "./mailer.ts";
import type { NotificationForm } from "./hosted.ts";
import { IP_MAX_IN_WINDOW, IP_WINDOW_MS } from "./ip_limit.ts";
import { filesForEvent, storeFiles } from "./uploads.ts";
import type { StoredFile } from "./submissions_store.ts";
import { type AlongsideKeys, rereadSubmission, type SubmissionReads } from "./reads.ts";

/**
 * What this process knows of a send-window part it wrote last: the part as
 * written, and while that commit is in flight its operation (`pending`).
 */
type PartHandoff = { part: WindowPart; pending: Deno.AtomicOperation | null };

/**
 * Commits the submission's `op` with its notification's window slot. The slot
 * is one no limit decides, so it goes to one part of the site's send window
 * (counters.ts): a burst on one site does not take turns on one value.
 * Submissions of this process on the same part do not wait for each other's
 * commits either: the next one appends to the part as the one before wrote it
 * and depends on that commit (group_commit.ts dependOn), so both go in one
 * batch, or the later one after the earlier with a check of its
 * versionstamp, and never without it: if the earlier fails, so does the later
 * (a ConflictError: the submission is tried again from a fresh read), so no
 * entry is counted that was not written and none is lost. Part 0 takes the
 * site's sends (exact, under the site's lock), so notifications use the other
 * parts; a site's first entries carrying an old separate total take part 0 in
 * turn with them (reservation.ts appendLogEntry), as does every notification
 * when the KV does not group commits.
 */
async function commitWithNotification(
  ctx: Ctx,
  siteId: string,
  op: Deno.AtomicOperation,
  notification: Extract<PreparedSend, { kind: "send" }>,
  now: number,
): Promise<void> {
  const window = notification.window;
  const handoff = ctx.caches.windowParts as BoundedCache<PartHandoff>;
  // A window read in one part (the submission's reads chose it) takes its entry there.
  const chosen = window.onlyPart;
  if (carriesOldTotal(window) || !canDepend(op)) {
    const part = carriesOldTotal(window) ? 0 : chosen ?? Math.floor(Math.random() * WINDOW_PARTS);
    const lock = part === 0 ? `site:${siteId}` : `site:${siteId}:${part}`;
    const known = `${siteId}:${part}`;
    await ctx.locks.run(lock, async (waited) => {
      // A submission of this process that committed this part after our
      // read left it as it wrote it: no read (versionstamps sort by time).
      const last = handoff.get(known);
      const read = window.parts?.[part]?.versionstamp ?? null;
      const w = last && !last.pending &&
          (read === null || last.part.versionstamp! > read)
        ? withPart(window, part, last.part, now, RATE_WINDOW_MS) as LogWindow
        : waited
        ? await notification.freshWindow()
        : undefined;
      const written = notification.reservation(op, w, part);
      try {
        const res = await commit(op, "store submission");
        handoff.set(known, { part: { ...written, versionstamp: res.versionstamp }, pending: null });
      } catch (e) {
        handoff.delete(known);
        throw e;
      }
    });
    return;
  }
  const part = chosen ?? 1 + Math.floor(Math.random() * (WINDOW_PARTS - 1));
  const known = `${siteId}:${part}`;
  const last = handoff.get(known);
  const read = window.parts?.[part]?.versionstamp ?? null;
  const earlier = last?.pending ?? null;
  const w = earlier || (last && (read === null || last.part.versionstamp! > read))
    ? withPart(window, part, last!.part, now, RATE_WINDOW_MS) as LogWindow
    : undefined;
  const written = notification.reservation(op, w, part, earlier !== null);
  if (earlier && !dependOn(op, earlier, written.key)) {
    throw new Error("a send-window part's appends must share one group-commit KV");
  }
  const mine: PartHandoff = { part: written, pending: op };
  // Set before the commit is queued (commit() queues it at once): the next
  // submission on this part builds on it.
  handoff.set(known, mine);
  try {
    const res = await commit(op, "store submission");
    if (handoff.get(known) === mine) {
      handoff.set(known, { part: { ...written, versionstamp: res.versionstamp }, pending: null });
    }
  } catch (e) {
    if (handoff.get(known) === mine) handoff.delete(known);
    throw e;
  }
}

/** Counted submissions closer than this to the monthly limit are checked exactly. */
const QUOTA_EXACT_MARGIN = 1000;

export type Stored = {
  submission: Submission;
  spam: SpamResult;
  /** Counted as abuse for automatic disabling: a bot, never a content verdict. */
  abusive: boolean;
  /** The notification, reserved in the submission's commit when kind is "send". */
  notification: PreparedSend | null;
};

/**
 * Judges and commits the submission with everything that must change with it
 * (see above), on the state `r` read (a retry after a lost race reads it
 * again and judges again). Returns "rate_limited" when the IP window filled
 * up meanwhile.
 */
export async function storeSubmission(
  ctx: Ctx,
  site: Site,
  input: SubmitEntry,
  r: SubmissionReads,
  hosted: NotificationForm | null = null,
): Promise<Stored | "rate_limited"> {
  const { now, query, mailQuery, spamQuery } = r;
  const fields = input.fields;
  const submitter = r.parties.submitter;
  let packedFields: Packed<string> | null = null;
  let storedFiles: StoredFile[] | null = null;
  let event: PreparedEvent | null = null;
  let eventFor = "";
  let first: SubmitRead<AlongsideKeys> | null = r.read;
  const id = uuidv7(now);
  const createdAt = isoTime(now);
  const ip = input.visitor?.ip ?? null;

  try {
    return await retryOnConflict(async () => {
      const read = first ?? await rereadSubmission(ctx, r);
      first = null;
      const { window, mark, account, usage } = read.state;
      if (window && window.times.length > IP_MAX_IN_WINDOW) return "rate_limited" as const;
      const limit = account?.monthly_form_limit ?? null;
      const sendState = await sendStateFrom(ctx, mailQuery, read.alongside.mail);

      const duplicateElsewhere = !!mark && mark.site_id !== site.id &&
        now - mark.at < DUPLICATE_WINDOW_MS;
      const { result: spam, memory } = judgeWithMemory(spamQuery, read.alongside.spam, {
        fields,
        visitor: input.visitor
          ? { user_agent: input.visitor.user_agent, referrer: input.visitor.referrer }
          : null,
        submitterEmail: submitter,
        siteDomain: site.domain,
        siteId: site.id,
        ip,
        duplicateElsewhere,
      }, ctx.caches.settledFields);
      const isSpam = spam.classification === "spam";
      const counted = !isSpam && (limit === null || (usage?.count ?? 0) < limit);

      packedFields ??= await packText(ctx.kv, JSON.stringify(fields));
      // Written once, after every check that answers without storing (blocks, captcha).
      if (input.files) storedFiles ??= await storeFiles(ctx.kv, input.files);
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
        notify_to: r.parties.notifyTo,
        counted,
        // Known now when no notification follows the non-spam submission.
        email_sent: !isSpam && !counted ? false : null,
        created_at: createdAt,
        ...(input.endpoint_id !== undefined && { endpoint_id: input.endpoint_id }),
        ...(storedFiles && { files: storedFiles }),
      };
      const type = isSpam ? "form.spam" : "form.submitted";
      // A retry re-scores (the content marker may have changed); the event follows.
      if (!event || eventFor !== `${type}:${spam.score}`) {
        eventFor = `${type}:${spam.score}`;
        event = await prepareEvent(
          ctx,
          site.id,
          type,
          {
            submission_id: id,
            form_id: input.form_id,
            form_name: input.form_name,
            classification: spam.classification,
            spam_score: spam.score,
            fields,
            referrer: input.visitor?.referrer,
            ...(storedFiles && { files: filesForEvent(ctx, submission, storedFiles) }),
          },
          sendState.routing.webhooks,
          { test: site.sandbox },
        );
      }
      const notice = counted
        ? notificationSend(ctx, site, input, submission, r.parties, hosted)
        : null;
      const sendOpts = {
        source: "form",
        operational: true,
        retry: formMailRetryJob,
        state: sendState,
      } as const;
      const notification = notice === null
        ? null
        : "req" in notice
        ? await prepareParsedSend(ctx, site, notice.req, sendOpts)
        : await prepareSend(ctx, site, notice.input, sendOpts);

      const op = ctx.kv.atomic();
      addSubmissionMutations(op, submission);
      addDaily(op, site.id, "submissions", now);
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
      addSightings(op, spamQuery, memory, {
        ip,
        site: site.id,
        at: now,
        from: senderTag(submitter),
        // The id's random tail: enough to tell this submission's bands apart.
        id: id.slice(-12),
      });
      if (spam.classification === "legitimate") addFieldCounts(op, spamQuery, fields);
      const abusive = botSubmission(spam.reasons, input.visitor?.user_agent);
      tallyOutcome(ctx, op, site.id, now, abusive);
      event.apply(op);
      if (notification?.kind === "send") {
        await commitWithNotification(ctx, site.id, op, notification, now);
      } else {
        await commit(op, "store submission");
      }
      tallyCommitted(ctx, site.id, now, abusive);
      return { submission, spam, abusive, notification };
    }, 50);
  } catch (e) {
    if (e instanceof ConflictError) {
      throw new Error(`submission could not be stored after repeated conflicts: ${e.message}`);
    }
    throw e;
  }
}
