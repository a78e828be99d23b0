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
 *   only, to count distinct accounts without a scan.
 *
 * Marking is rare (a person clicks), so it reads what it changes and writes
 * it back checked against the versions read (retried on conflict by the use case).
 */
import { keys } from "../kernel/kv/keys.ts";
import { getManyBatched } from "../kernel/kv/kv.ts";
import { bandKeys, type Signature } from "./model/minhash.ts";
import {
  type AccountMailMarks,
  emptyAccountMarks,
  LIST_ACCOUNTS,
  type MailMarksState,
  type Mark,
  type ServiceSpamList,
  withListed,
  withMark,
  withoutExpired,
} from "./mail_marks.ts";

export const LIST_TTL_MS = 30 * 24 * 3600_000;
export const REPORT_TTL_MS = 30 * 24 * 3600_000;
const MAX_REPORTERS = 16;

/** The keys a send reads for the marks (with the rest of its send state). */
export type MailMarksKeys = { list: Deno.KvKey; account?: Deno.KvKey };

export function mailMarksKeys(accountId: string | null): MailMarksKeys {
  return { list: keys.mailSpamList(), ...(accountId && { account: keys.mailMarks(accountId) }) };
}

/** The marks from the entries of `mailMarksKeys` (expired list entries left out). */
export function mailMarksOf(
  got: { list: Deno.KvEntryMaybe<unknown>; account?: Deno.KvEntryMaybe<unknown> },
  now: number,
): MailMarksState {
  const list = got.list.value as ServiceSpamList | null;
  const live = list && withoutExpired(list, now - LIST_TTL_MS);
  return {
    account: (got.account?.value ?? null) as AccountMailMarks | null,
    list: live && live.accounts.length ? live : null,
  };
}

type ReportValue = { accounts: string[] };

/**
 * Adds marking log record `logId` of `accountId` to `op`: the account's
 * marks, and for a text with a signature the band reports (spam adds the
 * account, ham takes it back) and, once LIST_ACCOUNTS accounts reported a
 * band, the service-wide list. Reads what it changes; every write is checked
 * against the version read.
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
  let reporters = 0;
  bands.forEach((band, i) => {
    const read = reports[i] as Deno.KvEntryMaybe<ReportValue>;
    const others = (read.value?.accounts ?? []).filter((a) => a !== change.accountId);
    const accounts = change.mark === "spam"
      ? [...others, change.accountId].slice(-MAX_REPORTERS)
      : others;
    reporters = Math.max(reporters, accounts.length);
    op.check(read);
    if (accounts.length) {
      op.set(keys.mailSpamReport(band), { accounts } satisfies ReportValue, {
        expireIn: REPORT_TTL_MS,
      });
    } else op.delete(keys.mailSpamReport(band));
  });
  const listed = change.mark === "spam" && !!change.sig && reporters >= LIST_ACCOUNTS;
  if (listed) {
    const live = list.value
      ? withoutExpired(list.value as ServiceSpamList, change.now - LIST_TTL_MS)
      : null;
    op.check(list).set(
      keys.mailSpamList(),
      withListed(live, change.sig!, reporters, change.now),
    );
  }
  return { listed };
}
