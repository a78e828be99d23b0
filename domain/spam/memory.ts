/**
 * What spam judgement remembers, as the capabilities that feed it use it.
 *
 * For a form submission: `formMemoryRead` names what to read (the text's band
 * keys, the sender's marks, the form's learned fields) for the caller's own
 * getMany, with the content fingerprint of the duplicate rule;
 * `judgeWithMemory` judges the submission on what was read; `addSightings`
 * and `addFieldCounts` go into the submission's commit. Also the marks site
 * owners set on submissions and mail (a send reads mail's in its own getMany:
 * `mailMarksKeys`, then `mailMarksOf`). The records are kept by store.ts and
 * mail_marks_store.ts; other capabilities import this module, never those.
 */
import type { Ctx } from "../kernel/context.ts";
import type { EntryTree } from "../kernel/kv/kv.ts";
import { contentFingerprint } from "./fingerprint.ts";
import { identitiesOf, judgeForm, type JudgeInput } from "./form_judge.ts";
import type { SpamResult } from "./form_score.ts";
import { nearDuplicateBands } from "./near_duplicates.ts";
import {
  deleteAddressMarks,
  formFieldsQuery,
  noteSettledFields,
  type SettledFields,
  type SpamMemory,
  type SpamMemoryKeys,
  spamMemoryKeys,
  spamMemoryOf,
  type SpamMemoryQuery,
} from "./store.ts";
import { readStaleReports, type ReportedBands } from "./reported_store.ts";

export { rebuildReportedBands } from "./reported_store.ts";
export {
  addFieldCounts,
  addSightings,
  listListEntries,
  type MarkCounts,
  readMarkState,
  removeListEntry,
  setMarkCounts,
  setReporters,
  type SpamMemoryKeys,
  spamMemoryKeys,
  type SpamMemoryQuery,
} from "./store.ts";
export { mailMarksOf } from "./mail_marks.ts";
export {
  addMailMark,
  deleteAccountMailMarks,
  type MailMarksKeys,
  mailMarksKeys,
  readAccountMailMarks,
  readMailSpamList,
  removeMailListEntry,
} from "./mail_marks_store.ts";

/** What a submission's judgement reads, and the fingerprint its duplicate rule looks up. */
export type FormMemoryRead = {
  query: SpamMemoryQuery;
  keys: SpamMemoryKeys;
  fingerprint: string | null;
};

export function formMemoryRead(
  site: { id: string; account_id: string | null; domain: string },
  input: {
    form_id: number;
    fields: Record<string, string>;
    visitor?: { ip?: string | null } | null;
  },
  submitter: string | null,
  now: number,
  settled?: SettledFields,
  reported?: ReportedBands | null,
): FormMemoryRead {
  const query: SpamMemoryQuery = {
    accountId: site.account_id,
    form: formFieldsQuery(site.id, input.form_id, input.fields, settled),
    bands: nearDuplicateBands(input.fields, site.domain),
    identities: identitiesOf(submitter, input.visitor?.ip ?? null),
    now,
    reported,
  };
  return { query, keys: spamMemoryKeys(query), fingerprint: contentFingerprint(input.fields) };
}

/**
 * Judges a submission on the memory read for `q` (its entries `got`); fields
 * the read shows settled go into `settled`, so later queries leave them out.
 */
export function judgeWithMemory(
  q: SpamMemoryQuery,
  got: EntryTree<SpamMemoryKeys>,
  input: Omit<JudgeInput, "identities" | "memory">,
  settled?: SettledFields,
): { result: SpamResult; memory: SpamMemory } {
  const memory = spamMemoryOf(q, got);
  if (settled) noteSettledFields(q, memory, settled);
  return { result: judgeForm({ ...input, identities: q.identities, memory }), memory };
}

/** The reported set as this process last read it (null: not yet read). */
export function reportedBandsNow(ctx: Ctx): ReportedBands | null {
  return (ctx.caches.reportedBands.get("") as ReportedBands | undefined) ?? null;
}

/**
 * Completes a submission's memory read when the reported set it planned with
 * has changed since (or it had none): one more getMany of the set and the
 * reports it left out (see store.ts). The set read is kept for the next ones.
 */
export async function completeFormMemoryRead(
  ctx: Ctx,
  q: SpamMemoryQuery,
  got: EntryTree<SpamMemoryKeys>,
): Promise<EntryTree<SpamMemoryKeys>> {
  const stale = await readStaleReports(ctx.kv, q, got);
  if (!stale) return got;
  const held = reportedBandsNow(ctx);
  if (!held || held.gen <= stale.view.gen) ctx.caches.reportedBands.set("", stale.view);
  return stale.got as EntryTree<SpamMemoryKeys>;
}

/** Forgets an account's marks on a sender address (erasing that person's data). */
export function forgetSenderAddress(
  ctx: Ctx,
  accountId: string,
  address: string,
): Promise<boolean> {
  return deleteAddressMarks(ctx.kv, accountId, address);
}
