/**
 * The band reports behind both service-wide lists (forms: spam/store.ts, mail:
 * spam/mail_marks_store.ts), as pure functions. Per MinHash band key of a text
 * marked spam, KV keeps the accounts that marked it; three accounts on one band
 * list the text. An operator can remove a listed text; its
 * reporting accounts then move to the bands' `cleared` set, and stay out of
 * the count of every text that shares a band with a cleared one (so the same
 * accounts marking the text again, or a near-duplicate of it, do not list it
 * again). Accounts that had not reported it count as before: LIST_ACCOUNTS new
 * ones list it again, as they would any text.
 */

export type ReportValue = {
  /** Accounts whose spam marks count, oldest first. */
  accounts: string[];
  /** Accounts whose reports of this band an operator removed (kept out for good). */
  cleared?: string[];
  /** Forms: the id of the listed entry this band belongs to. */
  entry?: string;
};

export const MAX_REPORTERS = 16;
export const MAX_CLEARED = 64;

export type ReportsAfterMark = {
  /** The bands' next values (null: delete the key), in the order read. */
  values: (ReportValue | null)[];
  /** The most accounts counting on one band. */
  reporters: number;
  /** The accounts counting on bands with at least `listAt` of them. */
  listedBy: string[];
};

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * The band reports of a text after `accountId` marked it (`reported`: spam;
 * false: ham, which takes its report back). Accounts cleared on any of the
 * text's bands are cleared on all of them and do not count.
 */
export function reportsAfterMark(
  reads: (ReportValue | null)[],
  accountId: string,
  reported: boolean,
  listAt: number,
): ReportsAfterMark {
  const cleared = reads.reduce<string[]>((all, v) => union(all, v?.cleared ?? []), []);
  const out = cleared.slice(-MAX_CLEARED);
  const gone = new Set(out);
  let reporters = 0;
  let listedBy: string[] = [];
  const values = reads.map((v) => {
    const others = (v?.accounts ?? []).filter((a) => a !== accountId && !gone.has(a));
    const accounts = reported && !gone.has(accountId)
      ? [...others, accountId].slice(-MAX_REPORTERS)
      : others;
    reporters = Math.max(reporters, accounts.length);
    if (accounts.length >= listAt) listedBy = union(listedBy, accounts);
    if (!accounts.length && !out.length && !v?.entry) return null;
    return {
      accounts,
      ...(out.length && { cleared: out }),
      ...(v?.entry && { entry: v.entry }),
    };
  });
  return { values, reporters, listedBy: listedBy.slice(-MAX_REPORTERS * 2) };
}

/** The band reports of a removed entry: no account counts, those that did are cleared. */
export function reportsAfterRemoval(
  reads: (ReportValue | null)[],
  counted: string[],
): ReportValue[] {
  const all = reads.reduce(
    (acc, v) => union(acc, [...(v?.cleared ?? []), ...(v?.accounts ?? [])]),
    counted,
  );
  return reads.map(() => ({ accounts: [], cleared: all.slice(-MAX_CLEARED) }));
}
