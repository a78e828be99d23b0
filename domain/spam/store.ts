/**
 * What spam judgement remembers in KV, every read a fixed set of keys (no
 * listing, no scan):
 *
 * - near-duplicate sightings: for each of a text's eight MinHash band keys,
 *   the recent {ip, site, at, from, id} that carried a text with that band (kept for
 *   NEAR_DUPLICATE_WINDOW_MS, at most MAX_SIGHTINGS per band), as bytes
 *   (band_codec.ts; values written as objects before are still read);
 * - an account's marks per sender identity (address, domain, IP): {spam, ham};
 * - the service-wide list: per band key, the accounts that marked such text spam
 *   (and those whose reports an operator removed), and per listed text an
 *   entry the operator lists and removes;
 * - per site, form and field name, how many legitimate submissions had the
 *   field and how many filled it (one KvU64 summed in the submission's commit:
 *   low 32 bits had it, high 32 bits filled it). A field that many legitimate
 *   submissions had and none filled is the site's own honeypot. Once a read
 *   shows a field filled, the process stops reading and counting it
 *   (`SettledFields`): its counts could only grow, and it is no honeypot.
 *
 * Sightings are written without a version check: two racing submissions of
 * the same text may each miss the other, which only delays the evidence by one
 * submission (a flood has many more).
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, getManyBatched, listValues } from "../kernel/kv/kv.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { reportsAfterMark, reportsAfterRemoval, type ReportValue } from "./reports.ts";
import { decodeSightings, encodeSightings, type Sighting } from "./band_codec.ts";
import { addReportedBands, genOf, type ReportedBands } from "./reported_store.ts";

export type { Sighting };

export const NEAR_DUPLICATE_WINDOW_MS = 6 * 60 * 60 * 1000;
const MAX_SIGHTINGS = 24;

export type MarkCounts = { spam: number; ham: number };
export type IdentityKind = "address" | "domain" | "ip";
export type Identity = { kind: IdentityKind; value: string };

/** The fields of a submission, for the learned honeypots. */
export type FormFieldsQuery = {
  siteId: string;
  formId: number;
  /** Filled field names (read: are they ones legitimate submissions leave empty?). */
  filled: string[];
  /** Every field name sent, filled or not (counted when the submission is legitimate). */
  present: string[];
};

/** Filled fields looked up per submission, and fields counted per legitimate submission. */
export const MAX_FIELDS_READ = 12;
export const MAX_FIELDS_COUNTED = 40;
const MAX_FIELD_NAME = 100;

/**
 * Fields known to have been filled by a legitimate submission (`ctx.caches.settledFields`).
 * A field's counts only grow, so once filled it can never be a learned honeypot:
 * reading or counting it again changes no verdict.
 */
export type SettledFields = {
  get(key: string): true | undefined;
  set(key: string, value: true): void;
};

function settledKey(siteId: string, formId: number, name: string): string {
  return `${siteId}\n${formId}\n${name}`;
}

/**
 * The field names of a submission for the learned honeypots (bounded, long
 * names left out). Settled fields are left out after the bounds are applied,
 * so the fields looked up are the same ones as without the cache, less those.
 */
export function formFieldsQuery(
  siteId: string,
  formId: number,
  fields: Record<string, string>,
  settled?: SettledFields,
): FormFieldsQuery {
  const names = Object.keys(fields).filter((n) => n.length <= MAX_FIELD_NAME).sort();
  const open = (n: string) => !settled?.get(settledKey(siteId, formId, n));
  return {
    siteId,
    formId,
    filled: names.filter((n) => String(fields[n] ?? "").trim() !== "").slice(0, MAX_FIELDS_READ)
      .filter(open),
    present: names.slice(0, MAX_FIELDS_COUNTED).filter(open),
  };
}

/** Remembers the fields whose counts, as read, show a legitimate submission filled them. */
export function noteSettledFields(
  q: SpamMemoryQuery,
  memory: SpamMemory,
  settled: SettledFields,
): void {
  const f = q.form;
  if (!f) return;
  for (const c of memory.fields) {
    if (c.filled > 0) settled.set(settledKey(f.siteId, f.formId, c.name), true);
  }
}

export type FieldCounts = { name: string; present: number; filled: number };

export type SpamMemoryQuery = {
  accountId: string | null;
  /** The submission's fields (null: no learned honeypots, as for marks). */
  form?: FormFieldsQuery | null;
  /** The text's band keys (empty when it is too short for a signature). */
  bands: string[];
  identities: Identity[];
  now: number;
  /**
   * The reported set as this process last read it (`ReportedBands`): only the
   * reports of bands in it are read, with the set's generation. Absent: every
   * band's report is read.
   */
  reported?: ReportedBands | null;
};

export type SpamMemory = {
  /** Recent sightings per band, in the order of the query's bands. */
  sightings: Sighting[][];
  /** The account's marks per identity, in the order of the query's identities. */
  marks: (MarkCounts | null)[];
  /** Accounts that reported each band as spam. */
  reporters: string[][];
  /** What legitimate submissions of this form did with each filled field. */
  fields: FieldCounts[];
};

/** A band's value as written before the byte encoding (band_codec.ts); still read. */
type OldBandValue = { seen: Sighting[] };

/** The sightings of a band's value after `since`: bytes (band_codec.ts) or the older objects. */
function sightingsOf(value: unknown, since: number): Sighting[] {
  if (value instanceof Uint8Array) return decodeSightings(value, since);
  const seen = (value as OldBandValue | null)?.seen;
  return Array.isArray(seen) ? seen.filter((s) => s.at > since) : [];
}

/** The keys of a submission's spam memory, by name, for readMany with the rest of its reads. */
export type SpamMemoryKeys = { readonly [name: string]: Deno.KvKey };

export function spamMemoryKeys(q: SpamMemoryQuery): SpamMemoryKeys {
  const out: Record<string, Deno.KvKey> = {};
  q.bands.forEach((b, i) => out[`band${i}`] = keys.spamBand(b));
  if (q.accountId) {
    q.identities.forEach((id, i) =>
      out[`mark${i}`] = keys.spamMark(q.accountId!, id.kind, id.value)
    );
  }
  const r = q.reported;
  q.bands.forEach((b, i) => {
    if (!r?.bands || r.bands.has(b)) out[`report${i}`] = keys.spamReport(b);
  });
  if (r?.bands && q.bands.length) out.reportedGen = keys.spamReportedGen();
  const f = q.form;
  if (f) f.filled.forEach((n, i) => out[`field${i}`] = keys.spamFormField(f.siteId, f.formId, n));
  return out;
}

/** The memory from the entries of `spamMemoryKeys(q)`. */
export function spamMemoryOf(
  q: SpamMemoryQuery,
  got: { readonly [name: string]: Deno.KvEntryMaybe<unknown> | undefined },
): SpamMemory {
  const since = q.now - NEAR_DUPLICATE_WINDOW_MS;
  const value = <T>(name: string) => (got[name]?.value ?? null) as T | null;
  return {
    sightings: q.bands.map((_, i) => sightingsOf(got[`band${i}`]?.value, since)),
    marks: q.identities.map((_, i) => value<MarkCounts>(`mark${i}`)),
    reporters: q.bands.map((band, i) => {
      const r = q.reported?.bands;
      if (got[`report${i}`] || !r || r.has(band)) {
        return value<ReportValue>(`report${i}`)?.accounts ?? [];
      }
      // Left out by the reported set: right only while the set is the one read
      // (else reads.ts has read it in one more getMany).
      if (genOf(got.reportedGen) === q.reported!.gen) return [];
      throw new Error("a band's reports were neither read nor known absent");
    }),
    fields: (q.form?.filled ?? []).map((name, i) => {
      const v = value<Deno.KvU64>(`field${i}`)?.value ?? 0n;
      return { name, present: Number(v & LOW), filled: Number(v >> 32n) };
    }),
  };
}

const LOW = 0xffff_ffffn;

/** Counts a legitimate submission's fields (sum mutations in the submission's own commit). */
export function addFieldCounts(
  op: Deno.AtomicOperation,
  q: SpamMemoryQuery,
  fields: Record<string, string>,
): void {
  const f = q.form;
  if (!f) return;
  for (const n of f.present) {
    const filled = String(fields[n] ?? "").trim() !== "";
    op.sum(keys.spamFormField(f.siteId, f.formId, n), filled ? (1n << 32n) + 1n : 1n);
  }
}

/** Adds this submission's sighting to each band (in the submission's own commit). */
export function addSightings(
  op: Deno.AtomicOperation,
  q: SpamMemoryQuery,
  memory: SpamMemory,
  sighting: Sighting,
): void {
  q.bands.forEach((band, i) => {
    const seen = [...(memory.sightings[i] ?? []), sighting].slice(-MAX_SIGHTINGS);
    op.set(keys.spamBand(band), encodeSightings(seen), { expireIn: NEAR_DUPLICATE_WINDOW_MS });
  });
}

/** Reads an account's counts for the identities and the band reports (for a mark). */
export async function readMarkState(
  kv: Deno.Kv,
  accountId: string,
  identities: Identity[],
  bands: string[],
): Promise<{ marks: Deno.KvEntryMaybe<MarkCounts>[]; reports: Deno.KvEntryMaybe<ReportValue>[] }> {
  const ks = [
    ...identities.map((i) => keys.spamMark(accountId, i.kind, i.value)),
    ...bands.map((b) => keys.spamReport(b)),
  ];
  const entries: Deno.KvEntryMaybe<unknown>[] = [];
  for (let i = 0; i < ks.length; i += 10) entries.push(...await kv.getMany(ks.slice(i, i + 10)));
  return {
    marks: entries.slice(0, identities.length) as Deno.KvEntryMaybe<MarkCounts>[],
    reports: entries.slice(identities.length) as Deno.KvEntryMaybe<ReportValue>[],
  };
}

/** Sets an identity's counts, checked against the version read. */
export function setMarkCounts(
  op: Deno.AtomicOperation,
  accountId: string,
  identity: Identity,
  read: Deno.KvEntryMaybe<MarkCounts>,
  counts: MarkCounts,
): void {
  const key = keys.spamMark(accountId, identity.kind, identity.value);
  op.check({ key, versionstamp: read.versionstamp }).set(key, counts);
}

/** A listed form text (what the operator lists and removes): the bands that list it, the accounts that did, and when. */
export type ListEntry = {
  id: string;
  bands: string[];
  accounts: string[];
  first: number;
  last: number;
  /** The submission whose mark listed (or last confirmed) it. */
  submission_id: string;
};

const MAX_ENTRY_BANDS = 64;

/**
 * Adds (spam) or takes back (ham) an account's report of a text's bands,
 * checked against the versions read (spam/reports.ts). When a band reaches
 * REPORTING_ACCOUNTS, the text's listed entry is made or renewed (its bands
 * point to it); a ham mark that leaves the entry under that count deletes it.
 */
export async function setReporters(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  change: {
    bands: string[];
    reads: Deno.KvEntryMaybe<ReportValue>[];
    accountId: string;
    reported: boolean;
    listAt: number;
    now: number;
    submissionId: string;
  },
): Promise<void> {
  const after = reportsAfterMark(
    change.reads.map((r) => r.value),
    change.accountId,
    change.reported,
    change.listAt,
  );
  const pointer = after.values.find((v) => v?.entry)?.entry;
  const read = pointer ? await kv.get<ListEntry>(keys.spamListEntry(pointer)) : null;
  const was = read?.value ?? null;
  let entryId: string | undefined = was?.id;
  if (change.reported && after.reporters >= change.listAt) {
    const entry: ListEntry = {
      id: was?.id ?? uuidv7(change.now),
      bands: [...new Set([...(was?.bands ?? []), ...change.bands])].slice(-MAX_ENTRY_BANDS),
      accounts: [...new Set([...(was?.accounts ?? []), ...after.listedBy])].slice(-32),
      first: was?.first ?? change.now,
      last: change.now,
      submission_id: change.submissionId,
    };
    entryId = entry.id;
    op.check(read ?? { key: keys.spamListEntry(entry.id), versionstamp: null })
      .set(keys.spamListEntry(entry.id), entry);
  } else if (was && !change.reported) {
    const accounts = was.accounts.filter((a) => a !== change.accountId);
    op.check(read!);
    if (after.reporters < change.listAt && accounts.length < change.listAt) {
      op.delete(keys.spamListEntry(was.id));
      entryId = undefined;
    } else op.set(keys.spamListEntry(was.id), { ...was, accounts });
  }
  await addReportedBands(kv, op, change.bands.filter((_, i) => after.values[i]));
  change.bands.forEach((band, i) => {
    const key = keys.spamReport(band);
    op.check({ key, versionstamp: change.reads[i].versionstamp });
    const v = after.values[i];
    if (!v) return void op.delete(key);
    const { entry: _old, ...rest } = v;
    op.set(key, entryId ? { ...rest, entry: entryId } : rest);
  });
}

/** Listed form texts, newest first, at most `limit`; `before` (an id) continues a listing. */
export async function listListEntries(
  kv: Deno.Kv,
  limit: number,
  before?: string,
): Promise<ListEntry[]> {
  const prefix = keys.spamListEntries();
  const selector = before ? { prefix, end: keys.spamListEntry(before) } : { prefix };
  return await listValues<ListEntry>(kv, selector, { reverse: true, limit });
}

/**
 * Removes listed entry `id` (false: none): its bands' reporters are cleared
 * (spam/reports.ts) so that their marks do not list it again, and the entry
 * goes. Nothing else changes. One attempt; the use case retries on conflict.
 */
export async function removeListEntry(kv: Deno.Kv, id: string): Promise<boolean> {
  const read = await kv.get<ListEntry>(keys.spamListEntry(id));
  if (!read.value) return false;
  const bands = read.value.bands;
  const reports = await getManyBatched(kv, bands.map(keys.spamReport));
  const after = reportsAfterRemoval(
    reports.map((r) => r.value as ReportValue | null),
    read.value.accounts,
  );
  const op = kv.atomic().check(read).delete(keys.spamListEntry(id));
  bands.forEach((band, i) => op.check(reports[i]).set(keys.spamReport(band), after[i]));
  await addReportedBands(kv, op, bands);
  await commit(op, "remove form list entry");
  return true;
}

/** Deletes an account's marks on one sender address (erasing that person). */
export async function deleteAddressMarks(
  kv: Deno.Kv,
  accountId: string,
  address: string,
): Promise<boolean> {
  const key = keys.spamMark(accountId, "address", address.toLowerCase());
  const had = (await kv.get(key)).versionstamp !== null;
  if (had) await kv.delete(key);
  return had;
}
