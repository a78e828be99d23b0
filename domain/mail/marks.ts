/**
 * A site owner marks one of its email log records spam or ham (issue 13,
 * phase 6; the operator API's POST /emails/{id}/spam and /ham and the
 * dashboard's buttons). The mark:
 *
 * - is kept beside the record (`["email_log_marks", id]`); the record, its
 *   status, its original scores and verdicts stay as they were; nothing is
 *   resent, deleted or re-scored;
 * - counts for the record's **account** only, on its text (when the log kept
 *   the text's signature: mail refused, held or warned about) and on its
 *   sender (the From address and its domain), for that account's later
 *   mail/send checks 11 and 12 (spam/mail_marks.ts);
 * - for spam, adds the account to the reporters of the text's band keys: text
 *   that 3 or more accounts marked spam is refused for every account.
 *
 * Marking again the same way changes nothing; changing a mark moves the counts
 * from one side to the other. All in one atomic commit, retried on conflict.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { isUuid } from "../kernel/ids.ts";
import { getSite } from "../sites/store.ts";
import { addressOfMailbox, decodeSignature, type Mark } from "../spam/mail_marks.ts";
import { addMailMark } from "../spam/mail_marks_store.ts";
import { getEmailLog, readEmailLogMark, setEmailLogMark } from "./email_log_store.ts";
import { type EmailLogItem, readEmailLogItem } from "./email_log.ts";

/**
 * Marks log record `id`; null when there is no such record (or, with
 * `siteId`, when it is not that site's: a dashboard user's scope).
 */
export async function markEmail(
  ctx: Ctx,
  id: string,
  mark: Mark,
  scope: { siteId?: string } = {},
): Promise<EmailLogItem | null> {
  if (!isUuid(id)) return null;
  const r = await getEmailLog(ctx.kv, id);
  if (!r || (scope.siteId !== undefined && r.site_id !== scope.siteId)) return null;
  const accountId = (await getSite(ctx.kv, r.site_id))?.account_id ?? null;
  const sig = r.text_sig ? decodeSignature(r.text_sig) : null;
  const from = addressOfMailbox(r.from);
  await retryOnConflict(async () => {
    const previous = await readEmailLogMark(ctx.kv, id);
    const before = previous.value?.mark ?? null;
    if (before === mark) return;
    const now = ctx.clock.now();
    const op = ctx.kv.atomic();
    setEmailLogMark(op, id, previous, { mark, at: isoTime(now) });
    if (accountId) {
      await addMailMark(ctx.kv, op, { accountId, logId: id, mark, before, sig, from, now });
    }
    await commit(op, "mark email");
  });
  return await readEmailLogItem(ctx, id);
}
