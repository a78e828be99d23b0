/**
 * Invariants of the KV layer itself (orphaned blob chunks), and the generic
 * "every index entry points at a record" check the capabilities' invariants
 * are built from (domain/kernel/invariants.ts).
 */
import type { Invariant, Problem } from "../invariants.ts";
import { keys } from "./keys.ts";

/** Blobs younger than this are being written (chunks go in before their record). */
export const BLOB_GRACE_MS = 60 * 60 * 1000;

/** The creation time of a UUIDv7 (its first 48 bits), or null for another id. */
export function uuidv7Time(id: string): number | null {
  const m = /^([0-9a-f]{8})-([0-9a-f]{4})-7/.exec(id);
  return m ? parseInt(m[1] + m[2], 16) : null;
}

/**
 * Index entries whose value is a record id, and the record key of that id:
 * each entry whose record is missing is a breach, repaired by deleting the
 * entry (only if neither it nor the record changed meanwhile). The index is
 * named by any key of it (`keys.siteByDomain("")`): its whole collection is
 * walked.
 */
export function indexPointsAtRecord(
  name: string,
  anyKey: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
  /** The record id in an entry's value (default: the value is the id). */
  idOf: (value: unknown) => string = String,
): Invariant {
  return {
    name,
    async find(kv) {
      const prefix = anyKey.slice(0, 1);
      const out: Problem[] = [];
      let batch: Deno.KvEntry<unknown>[] = [];
      const flush = async () => {
        const recs = await kv.getMany(batch.map((e) => recordKey(idOf(e.value))));
        recs.forEach((r, i) => {
          if (r.versionstamp !== null) return;
          const entry = batch[i];
          out.push({
            subject: entry.key.map(String).join("/"),
            detail: `points at missing record ${idOf(entry.value)}`,
            repair: async () =>
              (await kv.atomic().check(entry).check({ key: r.key, versionstamp: null })
                .delete(entry.key).commit()).ok,
          });
        });
        batch = [];
      };
      for await (const e of kv.list({ prefix })) {
        batch.push(e);
        if (batch.length === 10) await flush();
      }
      if (batch.length) await flush();
      return out;
    },
  };
}

/** Every blob id that some value in the database refers to ({blob, size, chunks}). */
async function referencedBlobs(kv: Deno.Kv): Promise<Set<string>> {
  const refs = new Set<string>();
  const blobPrefix = keys.blobs()[0];
  const walk = (v: unknown, depth: number) => {
    if (depth > 32 || v === null || typeof v !== "object" || v instanceof Uint8Array) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.blob === "string" && typeof o.chunks === "number") refs.add(o.blob);
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  for await (const e of kv.list({ prefix: [] })) {
    if (e.key[0] === blobPrefix) continue;
    walk(e.value, 0);
  }
  return refs;
}

/**
 * Chunks of blobs no record refers to: what a crash between writing a blob and
 * committing its record leaves. Only blobs older than BLOB_GRACE_MS count (a
 * younger one may be waiting for its record). Repair deletes the chunks.
 */
export const orphanedBlobChunks: Invariant = {
  name: "kv: blob chunks belong to a record",
  async find(kv, now) {
    const refs = await referencedBlobs(kv);
    const orphans = new Map<string, Deno.KvKey[]>();
    for await (const e of kv.list({ prefix: keys.blobs() })) {
      const id = String(e.key[1]);
      const born = uuidv7Time(id);
      if (refs.has(id) || born === null || born > now - BLOB_GRACE_MS) continue;
      orphans.set(id, [...(orphans.get(id) ?? []), e.key]);
    }
    return [...orphans].map(([id, chunkKeys]) => ({
      subject: `blob ${id}`,
      detail: `${chunkKeys.length} chunk(s) no record refers to`,
      repair: async () => {
        for (let i = 0; i < chunkKeys.length; i += 500) {
          const op = kv.atomic();
          for (const k of chunkKeys.slice(i, i + 500)) op.delete(k);
          if (!(await op.commit()).ok) return false;
        }
        return true;
      },
    }));
  },
};
