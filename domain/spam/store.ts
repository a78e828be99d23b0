/**
 * What spam judgement remembers in KV, every read a fixed set of keys (no
 * listing, no scan):
 *
 * - near-duplicate sightings: for each of a text's eight MinHash band keys,
 *   the recent {ip, site, at} that carried a text with that band (kept for
 *   NEAR_DUPLICATE_WINDOW_MS, at most MAX_SIGHTINGS per band);
 * - an account's marks per sender identity (address, domain, IP): {spam, ham};
 * - the service-wide list: per band key, the accounts that marked such text spam;
 * - per site, form and field name, how many legitimate submissions had the
 *   field and how many filled it (one KvU64 summed in the submission's commit:
 *   low 32 bits had it, high 32 bits filled it). A field that many legitimate
 *   submissions had and none filled is the site's own honeypot.
 *
 * Sightings are written without a version check: two racing submissions of
 * the same text may each miss the other, which only delays the evidence by one
 * submission (a flood has many more).
 */
import { keys } from "../kernel/kv/keys.ts";

export const NEAR_DUPLICATE_WINDOW_MS = 6 * 60 * 60 * 1000;
const MAX_SIGHTINGS = 24;
const MAX_REPORTERS = 16;

export type Sighting = { ip: string | null; site: string; at: number };
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

/** The field names of a submission for the learned honeypots (bounded, long names left out). */
export function formFieldsQuery(
  siteId: string,
  formId: number,
  fields: Record<string, string>,
): FormFieldsQuery {
  const names = Object.keys(fields).filter((n) => n.length <= MAX_FIELD_NAME).sort();
  return {
    siteId,
    formId,
    filled: names.filter((n) => String(fields[n] ?? "").trim() !== "").slice(0, MAX_FIELDS_READ),
    present: names.slice(0, MAX_FIELDS_COUNTED),
  };
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

type BandValue = { seen: Sighting[] };
type ReportValue = { accounts: string[] };

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
  q.bands.forEach((b, i) => out[`report${i}`] = keys.spamReport(b));
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
    sightings: q.bands.map((_, i) =>
      (value<BandValue>(`band${i}`)?.seen ?? []).filter((s) => s.at > since)
    ),
    marks: q.identities.map((_, i) => value<MarkCounts>(`mark${i}`)),
    reporters: q.bands.map((_, i) => value<ReportValue>(`report${i}`)?.accounts ?? []),
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
    op.set(keys.spamBand(band), { seen } satisfies BandValue, {
      expireIn: NEAR_DUPLICATE_WINDOW_MS,
    });
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

/** Adds (or removes) an account as a reporter of a band, checked against the version read. */
export function setReporter(
  op: Deno.AtomicOperation,
  band: string,
  read: Deno.KvEntryMaybe<ReportValue>,
  accountId: string,
  reported: boolean,
): void {
  const key = keys.spamReport(band);
  const now = (read.value?.accounts ?? []).filter((a) => a !== accountId);
  const accounts = reported ? [...now, accountId].slice(-MAX_REPORTERS) : now;
  op.check({ key, versionstamp: read.versionstamp });
  if (accounts.length) op.set(key, { accounts } satisfies ReportValue);
  else op.delete(key);
}
