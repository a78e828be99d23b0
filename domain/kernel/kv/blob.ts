/**
 * Values larger than one KV value (64 KiB): submission fields, email bodies,
 * attachments, webhook payloads, raw mail.
 *
 * A blob is written as chunks under a fresh blob id *before* the record that
 * refers to it; the record (with its BlobRef) is then committed in the caller's
 * own atomic operation. Readers only ever reach chunks through a committed
 * record, so a half-written blob is never visible. A crash between the two
 * leaves unreferenced chunks (garbage, never wrong data). One atomic op holds at
 * most 800 KiB, which is why a 1 MB blob takes more than one.
 */
import { keys } from "./keys.ts";
import { commit } from "./kv.ts";
import { uuidv7 } from "../ids.ts";

export type BlobRef = { blob: string; size: number; chunks: number };

/** A JSON value stored either inline in its record or as a blob. */
export type Packed<T> = { inline: T } | { blob: BlobRef };

const CHUNK_BYTES = 63_000;
// 12 x 63,000 = 756,000 bytes per atomic op, under the 819,200-byte limit.
const CHUNKS_PER_OP = 12;
// V8 serialises a string at up to 2 bytes per UTF-16 unit; records also carry
// other fields, so only strings well under 64 KiB stay inline.
const INLINE_MAX_CHARS = 24_000;
/** Strings up to this length are kept inline by packText (callers may skip the await). */
export const INLINE_TEXT_MAX = INLINE_MAX_CHARS;

export async function putBlob(
  kv: Deno.Kv,
  bytes: Uint8Array,
  opts: { expireIn?: number } = {},
): Promise<BlobRef> {
  const id = uuidv7();
  const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  for (let first = 0; first < chunks; first += CHUNKS_PER_OP) {
    const op = kv.atomic();
    for (let n = first; n < Math.min(chunks, first + CHUNKS_PER_OP); n++) {
      op.set(keys.blobChunk(id, n), bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES), opts);
    }
    await commit(op, "blob chunks");
  }
  return { blob: id, size: bytes.length, chunks };
}

export async function getBlob(kv: Deno.Kv, ref: BlobRef): Promise<Uint8Array> {
  const out = new Uint8Array(ref.size);
  for (let first = 0; first < ref.chunks; first += 10) {
    const ks = [];
    for (let n = first; n < Math.min(ref.chunks, first + 10); n++) {
      ks.push(keys.blobChunk(ref.blob, n));
    }
    const got = await kv.getMany<Uint8Array[]>(ks);
    got.forEach((g, i) => {
      if (g.value === null) throw new Error(`blob ${ref.blob} is missing chunk ${first + i}`);
      out.set(g.value, (first + i) * CHUNK_BYTES);
    });
  }
  return out;
}

/** Adds the deletion of a blob's chunks to `op` (1000 mutations per op: ~63 MB). */
export function deleteBlob(op: Deno.AtomicOperation, ref: BlobRef): Deno.AtomicOperation {
  for (let n = 0; n < ref.chunks; n++) op.delete(keys.blobChunk(ref.blob, n));
  return op;
}

/** The keys of a blob's chunks (to delete with the record that refers to it). */
export function blobKeys(ref: BlobRef): Deno.KvKey[] {
  return Array.from({ length: ref.chunks }, (_, n) => keys.blobChunk(ref.blob, n));
}

/** Deletes a blob on its own, in as many operations as it takes. */
export async function removeBlob(kv: Deno.Kv, ref: BlobRef): Promise<void> {
  for await (const e of kv.list({ prefix: keys.blob(ref.blob) })) await kv.delete(e.key);
}

/**
 * Packs a JSON-able value for storage inside a record: inline when small,
 * otherwise as a blob written now (before the caller commits its record).
 */
export async function packJson<T>(kv: Deno.Kv, value: T): Promise<Packed<T>> {
  const json = JSON.stringify(value);
  if (json.length <= INLINE_MAX_CHARS) return { inline: value };
  return { blob: await putBlob(kv, new TextEncoder().encode(json)) };
}

export async function unpackJson<T>(kv: Deno.Kv, packed: Packed<T>): Promise<T> {
  if ("inline" in packed) return packed.inline;
  return JSON.parse(new TextDecoder().decode(await getBlob(kv, packed.blob))) as T;
}

/** Packs raw bytes: inline under 60,000 bytes, otherwise a blob. */
export type PackedBytes = { bytes: Uint8Array } | { blob: BlobRef };

export async function packBytes(kv: Deno.Kv, bytes: Uint8Array): Promise<PackedBytes> {
  if (bytes.length <= 60_000) return { bytes };
  return { blob: await putBlob(kv, bytes) };
}

export async function unpackBytes(kv: Deno.Kv, packed: PackedBytes): Promise<Uint8Array> {
  return "bytes" in packed ? packed.bytes : await getBlob(kv, packed.blob);
}

/** The blob behind a packed value, if any (to delete it with its record). */
export function blobOf(packed: Packed<unknown> | PackedBytes): BlobRef | null {
  return "blob" in packed ? packed.blob : null;
}

/** Packs a string: inline when small, otherwise a UTF-8 blob. */
export async function packText(
  kv: Deno.Kv,
  text: string,
  opts: { expireIn?: number } = {},
): Promise<Packed<string>> {
  if (text.length <= INLINE_MAX_CHARS) return { inline: text };
  return { blob: await putBlob(kv, new TextEncoder().encode(text), opts) };
}

export async function unpackText(kv: Deno.Kv, packed: Packed<string>): Promise<string> {
  if ("inline" in packed) return packed.inline;
  return new TextDecoder().decode(await getBlob(kv, packed.blob));
}
