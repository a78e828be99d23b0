/**
 * What KV keeps of site owners' marks on mail (mail_marks.ts says what they
 * do), every read a fixed set of keys (no listing, no scan):
 *
 * - per account, one value: the marked texts' signatures and marks (at most
 *   100) and the sender counts (at most 40). A send of the account reads it in
 *   the send state's getMany (mail/send_state_store.ts): one key;
 * - the service-wide list, one value: the signatures of texts that 3 or more
 *   accounts marked spam (at most 200, each kept LIST_TTL_MS after it was
 *   added or last renewed). Every send reads it in the same getMany: one key;
 * - per MinHash band key of a text marked spam, the accounts that marked it
 *   (at most 16, expiring after REPORT_TTL_MS): read and written by marking
 *   only, to count distinct accounts without a scan; and the accounts whose
 *   reports an operator removed (kept CLEARED_TTL_MS);
 * - per list entry (id: a hash of its signature), what the list that every
 *   send reads leaves out: the accounts that listed it and when it was first
 *   listed (for the operator's listing).
 *
 * Marking is rare (a person clicks), so it reads what it changes and writes
 * it back checked against the versions read (retried on conflict by the use case).
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, getManyBatched } from "../kernel/kv/kv.ts";
import { bandKeys, HASHES, type Signature } from "./model/minhash.ts";
import {
  type AccountMailMarks,
  emptyAccountMarks,
  LIST_ACCOUNTS,
  listEntryAt,
  listEntryId,
  type Mark,
  nearDuplicateAt,
  type ServiceSpamList,
  withListed,
  withMark,
  withoutEntry,
  withoutExpired,
} from "./mail_marks.ts";
import { LIST_TTL_MS } from "./mail_marks.ts";
import { reportsAfterMark, reportsAfterRemoval, type ReportValue } from "./reports.ts";

export { LIST_TTL_MS };
export const REPORT_TTL_MS = 30 * 24 * 3600_000;
/** How long a band that holds removed reports is kept after its last write. */
export const CLEARED_TTL_MS = 365 * 24 * 3600_000;

/** The keys a send reads for the marks (with the rest of its send state; mail_marks.ts decodes them). */
export type MailMarksKeys = { list: Deno.KvKey; account?: Deno.KvKey };

export function mailMarksKeys(accountId: string | null): MailMarksKeys {
  return { list: keys.mailSpamList(), ...(accountId && { account: keys.mailMarks(accountId) }) };
}

// The bench reads the list as the send decodes it.
export { mailMarksOf } from "./mail_marks.ts";

/** What the hot list leaves out of an entry, kept beside it (`["mail_spam_list_entries", id]`). */
type EntryDetail = { accounts: string[]; first: number; last: number };

/**
 * Adds marking log record `logId` of `accountId` to `op`: the account's
 * marks, and for a text with a signature the band reports (spam adds the
 * account, ham takes it back; spam/reports.ts) and, once LIST_ACCOUNTS
 * accounts reported a band, the service-wide list and the entry's detail.
 * Reads what it changes; every write is checked against the version read.
 */
export async function addMailMark(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  change: {
    accountId: string;
    logId: string;
    mark: Mark;
    before: Mark | null;
    sig: Signature | null;
    from: string;
    now: number;
  },
): Promise<{ listed: boolean }> {
  const bands = change.sig ? bandKeys(change.sig) : [];
  const [account, list, ...reports] = await getManyBatched(kv, [
    keys.mailMarks(change.accountId),
    keys.mailSpamList(),
    ...bands.map(keys.mailSpamReport),
  ]);
  const marks = withMark(
    (account.value as AccountMailMarks | null) ?? emptyAccountMarks(),
    change,
  );
  op.check(account).set(keys.mailMarks(change.accountId), marks);
  const after = reportsAfterMark(
    reports.map((r) => r.value as ReportValue | null),
    change.accountId,
    change.mark === "spam",
    LIST_ACCOUNTS,
  );
  bands.forEach((band, i) => {
    op.check(reports[i]);
    setReport(op, band, after.values[i]);
  });
  const listed = change.mark === "spam" && !!change.sig && after.reporters >= LIST_ACCOUNTS;
  if (listed) {
    const live = list.value
      ? withoutExpired(list.value as ServiceSpamList, change.now - LIST_TTL_MS)
      : null;
    const next = withListed(live, change.sig!, after.reporters, change.now);
    op.check(list).set(keys.mailSpamList(), next);
    const id = listEntryId(next.sigs, nearDuplicateAt(next.sigs, change.sig!));
    const detail = await kv.get<EntryDetail>(keys.mailSpamListEntry(id));
    const was = detail.value;
    op.check(detail).set(
      keys.mailSpamListEntry(id),
      {
        accounts: [...new Set([...(was?.accounts ?? []), ...after.listedBy])].slice(-32),
        first: was?.first ?? change.now,
        last: change.now,
      } satisfies EntryDetail,
      { expireIn: LIST_TTL_MS },
    );
  }
  return { listed };
}

function setReport(op: Deno.AtomicOperation, band: string, v: ReportValue | null): void {
  if (!v) op.delete(keys.mailSpamReport(band));
  else {
    // A band that keeps removed reports outlives the list entries it could bring back.
    const expireIn = v.cleared?.length ? CLEARED_TTL_MS : REPORT_TTL_MS;
    op.set(keys.mailSpamReport(band), v, { expireIn });
  }
}

/** One entry of the service-wide list, with what is kept beside it (null: an entry listed before these were kept). */
export type MailListEntry = {
  id: string;
  sig: Signature;
  /** Accounts counted when it was added or last renewed. */
  accounts: number;
  reporters: string[] | null;
  first: number | null;
  last: number;
  expires: number;
};

/** The live entries of the service-wide list (at most MAX_LISTED), newest confirmation first. */
export async function readMailSpamList(kv: Deno.Kv, now: number): Promise<MailListEntry[]> {
  const read = (await kv.get<ServiceSpamList>(keys.mailSpamList())).value;
  const live = read ? withoutExpired(read, now - LIST_TTL_MS) : null;
  if (!live) return [];
  const ids = live.accounts.map((_, i) => listEntryId(live.sigs, i));
  const details = await getManyBatched(kv, ids.map(keys.mailSpamListEntry));
  return ids.map((id, i) => {
    const d = details[i].value as EntryDetail | null;
    return {
      id,
      sig: live.sigs.slice(i * HASHES, (i + 1) * HASHES),
      accounts: live.accounts[i],
      reporters: d?.accounts ?? null,
      first: d?.first ?? null,
      last: live.at[i],
      expires: live.at[i] + LIST_TTL_MS,
    };
  }).sort((a, b) => b.last - a.last || (a.id < b.id ? -1 : 1));
}

/**
 * Removes entry `id` from the service-wide list (false: no such live entry):
 * the list loses it, its detail goes, and the accounts that reported its bands
 * are cleared there (spam/reports.ts), so their marks do not list it again.
 * Nothing else changes (records, marks, the accounts' own marks). One attempt,
 * checked against what it read; the use case retries on conflict.
 */
export async function removeMailListEntry(kv: Deno.Kv, id: string, now: number): Promise<boolean> {
  const list = await kv.get<ServiceSpamList>(keys.mailSpamList());
  const live = list.value ? withoutExpired(list.value, now - LIST_TTL_MS) : null;
  const i = live ? listEntryAt(live, id) : -1;
  if (!live || i < 0) return false;
  const bands = bandKeys(live.sigs.slice(i * HASHES, (i + 1) * HASHES));
  const [detail, ...reports] = await getManyBatched(kv, [
    keys.mailSpamListEntry(id),
    ...bands.map(keys.mailSpamReport),
  ]);
  const counted = (detail.value as EntryDetail | null)?.accounts ?? [];
  const after = reportsAfterRemoval(reports.map((r) => r.value as ReportValue | null), counted);
  const op = kv.atomic().check(list, detail)
    .set(keys.mailSpamList(), withoutEntry(live, i))
    .delete(keys.mailSpamListEntry(id));
  bands.forEach((band, j) => {
    op.check(reports[j]);
    setReport(op, band, after[j]);
  });
  await commit(op, "remove mail list entry");
  return true;
}

/** An account's marks on its mail as kept (null: none). */
export async function readAccountMailMarks(
  kv: Deno.Kv,
  accountId: string,
): Promise<AccountMailMarks | null> {
  return (await kv.get<AccountMailMarks>(keys.mailMarks(accountId))).value;
}

/** Forgets an account's marks on its mail (texts and senders); the band reports stay. */
export async function deleteAccountMailMarks(kv: Deno.Kv, accountId: string): Promise<void> {
  await kv.delete(keys.mailMarks(accountId));
}
