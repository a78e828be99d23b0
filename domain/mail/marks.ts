/**
 * A site owner marks one of its email log records spam or ham (the operator
 * API's POST /emails/{id}/spam and /ham and the dashboard's buttons). The mark:
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
import { readSite } from "../sites/sites.ts";
import { readAccount } from "../accounts/accounts.ts";
import {
  type AccountMailMarks,
  addressOfMailbox,
  decodeSignature,
  encodeSignature,
  type Mark,
} from "../spam/mail_marks.ts";
import {
  addMailMark,
  deleteAccountMailMarks,
  readAccountMailMarks,
  readMailSpamList,
  removeMailListEntry,
} from "../spam/memory.ts";
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
  const accountId = (await readSite(ctx, r.site_id))?.account_id ?? null;
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

// --- The operator's hand on the lists: see what is listed, take out a wrong entry -------------------

/** One entry of mail's service-wide list as the operator API shows it. */
export type MailListEntryView = {
  id: string;
  accounts: number;
  reporting_accounts: string[] | null;
  first_listed_at: string | null;
  last_confirmed_at: string;
  expires_at: string;
  signature: string;
  excerpt: null;
};

/**
 * Mail's service-wide list, newest confirmation first, at most `limit`
 * entries (the list holds at most 200). The email log keeps no bodies, so an
 * entry shows its MinHash signature and never an excerpt.
 */
export async function listMailSpamList(
  ctx: Ctx,
  opts: { limit: number },
): Promise<MailListEntryView[]> {
  const entries = await readMailSpamList(ctx.kv, ctx.clock.now());
  return entries.slice(0, opts.limit).map((e) => ({
    id: e.id,
    accounts: e.accounts,
    reporting_accounts: e.reporters,
    first_listed_at: e.first === null ? null : isoTime(e.first),
    last_confirmed_at: isoTime(e.last),
    expires_at: isoTime(e.expires),
    signature: encodeSignature(e.sig),
    excerpt: null,
  }));
}

/** Removes entry `id` of mail's service-wide list; false when there is no such live entry. */
export async function removeMailSpamListEntry(ctx: Ctx, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  return await retryOnConflict(() => removeMailListEntry(ctx.kv, id, ctx.clock.now()));
}

/** What an account's marks on its mail hold, for the operator. */
export type AccountMailMarksView = {
  account_id: string;
  texts: { spam: number; ham: number };
  senders: { sender: string; spam: number; ham: number }[];
};

function marksView(accountId: string, m: AccountMailMarks | null): AccountMailMarksView {
  return {
    account_id: accountId,
    texts: {
      spam: m?.marks.filter((x) => x === "spam").length ?? 0,
      ham: m?.marks.filter((x) => x === "ham").length ?? 0,
    },
    senders: Object.entries(m?.senders ?? {}).map(([sender, c]) => ({ sender, ...c })),
  };
}

/** The account's marks on its mail (null: no such account). */
export async function readMailMarksOfAccount(
  ctx: Ctx,
  accountId: string,
): Promise<AccountMailMarksView | null> {
  if (!isUuid(accountId) || !await readAccount(ctx, accountId)) return null;
  return marksView(accountId, await readAccountMailMarks(ctx.kv, accountId));
}

/**
 * Forgets what an account's marks on its mail taught its later sends (its
 * marked texts and senders); false: no such account. The records keep their
 * marks, and the service-wide band reports stay (the lists' own removal does
 * that).
 */
export async function clearMailMarksOfAccount(ctx: Ctx, accountId: string): Promise<boolean> {
  if (!isUuid(accountId) || !await readAccount(ctx, accountId)) return false;
  await deleteAccountMailMarks(ctx.kv, accountId);
  return true;
}
