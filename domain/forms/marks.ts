/**
 * A site owner marks a stored submission spam or ham (Akismet's submit-spam /
 * submit-ham). The mark:
 *
 * - is kept beside the submission, whose record (and original score) stays as
 *   it was; nothing is resent, deleted or re-scored;
 * - counts on the sender's identities (address, business domain, IP) for the
 *   submission's account only: twice spam and the sender is hard evidence for
 *   that account's later submissions, twice ham and it is trusted (spam/form_judge.ts);
 * - for spam, adds the account to the reporters of the text's MinHash bands:
 *   three accounts reporting near-duplicate text make it spam service-wide.
 *
 * Marking again the same way changes nothing; changing a mark moves the counts
 * from one side to the other. All in one atomic commit, retried on conflict.
 *
 * "Not spam" (ham) on a submission judged spam also releases its held
 * notification, once: the claim commits with the mark, the send follows it
 * (release.ts).
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import { identitiesOf } from "../spam/form_judge.ts";
import { isUuid } from "../kernel/ids.ts";
import { nearDuplicateBands } from "../spam/near_duplicates.ts";
import { readSite } from "../sites/sites.ts";
import { REPORTING_ACCOUNTS } from "../spam/form_judge.ts";
import { comparableText } from "../spam/near_duplicates.ts";
import {
  listListEntries,
  type MarkCounts,
  readMarkState,
  removeListEntry,
  setMarkCounts,
  setReporters,
} from "../spam/memory.ts";
import {
  claimSubmissionRelease,
  getSubmission,
  readSubmissionMark,
  readSubmissionRelease,
  setSubmissionMark,
  type Submission,
  type SubmissionMark,
  type SubmissionRelease,
} from "./submissions_store.ts";
import { releasable, releaseClaim, type Releaser, sendReleased } from "./release.ts";
import { submitterAddress } from "./addresses.ts";
import { readSubmission, type SubmissionView } from "./views.ts";

export type Mark = "spam" | "ham";

/**
 * Marks submission `id`; null when there is no such submission. `who` is
 * recorded on a release ("not spam" on a spam-judged submission).
 */
export async function markSubmission(
  ctx: Ctx,
  id: string,
  mark: Mark,
  who: Releaser,
): Promise<SubmissionView | null> {
  const s = await getSubmission(ctx.kv, id);
  if (!s) return null;
  const fields = JSON.parse(await unpackText(ctx.kv, s.fields)) as Record<string, string>;
  const identities = identitiesOf(submitterAddress(fields), s.visitor.ip);
  // Banded as the judgement bands it: with the receiving site's domain as one word.
  const site = await readSite(ctx, s.site_id);
  const bands = nearDuplicateBands(fields, site?.domain);
  let claimed: { record: Submission; release: SubmissionRelease } | null = null;
  await retryOnConflict(async () => {
    claimed = null;
    const [previous, released] = await Promise.all([
      readSubmissionMark(ctx.kv, id),
      mark === "ham" && releasable(s) ? readSubmissionRelease(ctx.kv, id) : null,
    ]);
    const before = previous.value?.mark ?? null;
    const claim = released ? await releaseClaim(ctx, s, released.value, who) : null;
    if (before === mark && !claim) return;
    const op = ctx.kv.atomic();
    const record = claim ? claimSubmissionRelease(op, s, released!, claim) : s;
    if (before !== mark) await addMark(ctx, op, s, previous, mark, identities, bands);
    await commit(op, "mark submission");
    if (claim) claimed = { record, release: claim };
  });
  const c = claimed as { record: Submission; release: SubmissionRelease } | null;
  if (c) await sendReleased(ctx, c.record, c.release);
  return await readSubmission(ctx, id);
}

/** The mark and what it teaches, inside `op`. */
async function addMark(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  s: Submission,
  previous: Deno.KvEntryMaybe<SubmissionMark>,
  mark: Mark,
  identities: ReturnType<typeof identitiesOf>,
  bands: ReturnType<typeof nearDuplicateBands>,
): Promise<void> {
  const id = s.id;
  const before = previous.value?.mark ?? null;
  setSubmissionMark(op, id, previous, { mark, at: isoTime(ctx.clock.now()) });
  if (!s.account_id) return;
  const state = await readMarkState(ctx.kv, s.account_id, identities, bands);
  identities.forEach((identity, i) => {
    const read = state.marks[i];
    const c: MarkCounts = { ...(read.value ?? { spam: 0, ham: 0 }) };
    if (before) c[before] = Math.max(0, c[before] - 1);
    c[mark]++;
    setMarkCounts(op, s.account_id!, identity, read, c);
  });
  await setReporters(ctx.kv, op, {
    bands,
    reads: state.reports,
    accountId: s.account_id,
    reported: mark === "spam",
    listAt: REPORTING_ACCOUNTS,
    now: ctx.clock.now(),
    submissionId: id,
  });
}

// --- The operator's hand on the list: see what is listed, take out a wrong entry --------------------

/** One listed form text as the operator API shows it. */
export type FormListEntryView = {
  id: string;
  accounts: number;
  reporting_accounts: string[];
  first_listed_at: string;
  last_confirmed_at: string;
  expires_at: null;
  submission_id: string;
  excerpt: string | null;
};

const EXCERPT = 160;

/**
 * Form texts that 3 or more accounts marked spam, newest listing first, at
 * most `limit`; `before` (an entry id) continues. The excerpt is the start of
 * the compared text of the submission whose mark listed (or last confirmed)
 * the entry, while that submission is stored (the operator sees it anyway).
 */
export async function listFormSpamList(
  ctx: Ctx,
  opts: { limit: number; before?: string },
): Promise<FormListEntryView[]> {
  const before = opts.before && isUuid(opts.before) ? opts.before : undefined;
  const entries = await listListEntries(ctx.kv, opts.limit, before);
  return await Promise.all(entries.map(async (e) => {
    const s = await getSubmission(ctx.kv, e.submission_id);
    const text = s && comparableText(JSON.parse(await unpackText(ctx.kv, s.fields)));
    return {
      id: e.id,
      accounts: e.accounts.length,
      reporting_accounts: e.accounts,
      first_listed_at: isoTime(e.first),
      last_confirmed_at: isoTime(e.last),
      expires_at: null,
      submission_id: e.submission_id,
      excerpt: text ? text.replace(/\s+/g, " ").trim().slice(0, EXCERPT) : null,
    };
  }));
}

/** Removes listed form text `id`; false when there is no such entry. */
export async function removeFormSpamListEntry(ctx: Ctx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return await retryOnConflict(() => removeListEntry(ctx.kv, id));
}
