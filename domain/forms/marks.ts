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
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import { identitiesOf } from "../spam/form_judge.ts";
import { nearDuplicateBands } from "../spam/near_duplicates.ts";
import { type MarkCounts, readMarkState, setMarkCounts, setReporter } from "../spam/store.ts";
import { getSubmission, readSubmissionMark, setSubmissionMark } from "./submissions_store.ts";
import { submitterAddress } from "./addresses.ts";
import { readSubmission, type SubmissionView } from "./views.ts";

export type Mark = "spam" | "ham";

/** Marks submission `id`; null when there is no such submission. */
export async function markSubmission(
  ctx: Ctx,
  id: string,
  mark: Mark,
): Promise<SubmissionView | null> {
  const s = await getSubmission(ctx.kv, id);
  if (!s) return null;
  const fields = JSON.parse(await unpackText(ctx.kv, s.fields)) as Record<string, string>;
  const identities = identitiesOf(submitterAddress(fields), s.visitor.ip);
  const bands = nearDuplicateBands(fields);
  await retryOnConflict(async () => {
    const previous = await readSubmissionMark(ctx.kv, id);
    const before = previous.value?.mark ?? null;
    if (before === mark) return;
    const op = ctx.kv.atomic();
    setSubmissionMark(op, id, previous, { mark, at: isoTime(ctx.clock.now()) });
    if (s.account_id) {
      const state = await readMarkState(ctx.kv, s.account_id, identities, bands);
      identities.forEach((identity, i) => {
        const read = state.marks[i];
        const c: MarkCounts = { ...(read.value ?? { spam: 0, ham: 0 }) };
        if (before) c[before] = Math.max(0, c[before] - 1);
        c[mark]++;
        setMarkCounts(op, s.account_id!, identity, read, c);
      });
      bands.forEach((band, i) =>
        setReporter(op, band, state.reports[i], s.account_id!, mark === "spam")
      );
    }
    await commit(op, "mark submission");
  });
  return await readSubmission(ctx, id);
}
