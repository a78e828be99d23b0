/**
 * The reported set: which near-duplicate bands have reports (the
 * service-wide list's `["spam_reports", band]` values), so that a submission
 * reads the reports of those bands only, with the set's generation, instead
 * of one report per band (nearly always absent). One value, kept by the
 * commits that write reports (store.ts setReporters and removeListEntry,
 * checked), with a generation summed when it changes; a band stays in it when
 * its reports are cleared (a superset costs a read, never a verdict). Past
 * MAX_REPORTED_BANDS it says "too many" and every report is read again. Built
 * for an older database by a migration (domain/ops/migrations.ts); checked by
 * the doctor.
 */
import type { Invariant } from "../kernel/invariants.ts";
import { keys } from "../kernel/kv/keys.ts";
import { commit } from "../kernel/kv/kv.ts";

export type ReportedBands = {
  gen: bigint;
  /** Null: too many to hold; every band's report is read. */
  bands: ReadonlySet<string> | null;
};

export const MAX_REPORTED_BANDS = 12_000;
const REPORTED_LIST = 1, REPORTED_FULL = 2;
const BAND_KEY = /^([0-7]):([0-9a-f]{8})$/;

/** A generation as read (absent: 0). */
export function genOf(e: Deno.KvEntryMaybe<unknown> | undefined): bigint {
  return (e?.value as Deno.KvU64 | null)?.value ?? 0n;
}

/** The set of a stored value (absent: none reported yet; null: too many). */
function reportedBandsOf(value: unknown): ReadonlySet<string> | null {
  const out = new Set<string>();
  if (!(value instanceof Uint8Array) || value.length === 0) return out;
  if (value[0] !== REPORTED_LIST) return null;
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  for (let i = 1; i + 5 <= value.length; i += 5) {
    out.add(`${value[i]}:${view.getUint32(i + 1).toString(16).padStart(8, "0")}`);
  }
  return out;
}

/** The stored value of a set: 5 bytes a band ("too many" past the bound or for another shape). */
function reportedBandsValue(bands: ReadonlySet<string> | null): Uint8Array {
  if (!bands || bands.size > MAX_REPORTED_BANDS) return new Uint8Array([REPORTED_FULL]);
  const out = new Uint8Array(1 + 5 * bands.size);
  const view = new DataView(out.buffer);
  out[0] = REPORTED_LIST;
  let i = 1;
  for (const b of bands) {
    const m = BAND_KEY.exec(b);
    if (!m) return new Uint8Array([REPORTED_FULL]);
    out[i] = Number(m[1]);
    view.setUint32(i + 1, parseInt(m[2], 16));
    i += 5;
  }
  return out;
}

/** Adds `bands` to the reported set in `op` (checked against the set as read); nothing if there. */
export async function addReportedBands(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  bands: string[],
): Promise<void> {
  const read = await kv.get(keys.spamReportedBands());
  const was = reportedBandsOf(read.value);
  if (was === null || bands.every((b) => was.has(b))) return;
  const next = new Set([...was, ...bands]);
  op.check(read).set(keys.spamReportedBands(), reportedBandsValue(next))
    .sum(keys.spamReportedGen(), 1n);
}

/**
 * After a submission's read: when the reported set it planned with is not the
 * one stored now (or it had none), reads the generation, the set and the
 * reports it left out in one getMany (one snapshot, at most 10 keys). Gives
 * back the entries with those reports and the set as read; null when its set
 * was current.
 */
export async function readStaleReports(
  kv: Deno.Kv,
  q: { bands: string[]; reported?: ReportedBands | null },
  got: { readonly [name: string]: Deno.KvEntryMaybe<unknown> | undefined },
): Promise<
  { got: Record<string, Deno.KvEntryMaybe<unknown> | undefined>; view: ReportedBands } | null
> {
  const r = q.reported;
  if (q.bands.length === 0 || (r && (!r.bands || genOf(got.reportedGen) === r.gen))) return null;
  const left: number[] = [];
  q.bands.forEach((_, i) => {
    if (!got[`report${i}`]) left.push(i);
  });
  const entries = await kv.getMany([
    keys.spamReportedGen(),
    keys.spamReportedBands(),
    ...left.map((i) => keys.spamReport(q.bands[i])),
  ]);
  const more: Record<string, Deno.KvEntryMaybe<unknown> | undefined> = { ...got };
  left.forEach((i, k) => more[`report${i}`] = entries[2 + k]);
  return {
    got: more,
    view: { gen: genOf(entries[0]), bands: reportedBandsOf(entries[1].value) },
  };
}

/**
 * Builds the reported set from the stored reports (the migration for a
 * database from before the set; idempotent: the same reports give the same set).
 */
export async function rebuildReportedBands(kv: Deno.Kv): Promise<number> {
  const bands = new Set<string>();
  for await (const e of kv.list({ prefix: keys.spamReports() })) bands.add(String(e.key[1]));
  await commit(
    kv.atomic().set(keys.spamReportedBands(), reportedBandsValue(bands))
      .sum(keys.spamReportedGen(), 1n),
    "rebuild reported bands",
  );
  return bands.size;
}

/** Bands with reports that the reported set leaves out (at most `limit`). */
async function reportedBandsMissing(kv: Deno.Kv, limit = 10): Promise<string[]> {
  const set = reportedBandsOf((await kv.get(keys.spamReportedBands())).value);
  if (set === null) return [];
  const missing: string[] = [];
  for await (const e of kv.list({ prefix: keys.spamReports() })) {
    const band = String(e.key[1]);
    if (!set.has(band)) missing.push(band);
    if (missing.length >= limit) break;
  }
  return missing;
}

/** The doctor's invariant: every band with reports is in the set (else its reports go unread). */
export const reportedInvariants: Invariant[] = [{
  name: "spam: every band with reports is in the reported set",
  async find(kv) {
    return (await reportedBandsMissing(kv)).map((band) => ({
      subject: `band ${band}`,
      repair: async () => {
        const op = kv.atomic();
        await addReportedBands(kv, op, [band]);
        return (await op.commit()).ok;
      },
    }));
  },
}];
