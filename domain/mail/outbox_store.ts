/**
 * The outbox: messages kept in KV instead of being handed to an SMTP server
 * (the transport used when SVC_SMTP_URL is unset). The raw RFC 822 message is
 * stored as chunks; the record refers to it only once they are written.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listByIndex } from "../kernel/kv/kv.ts";
import { type BlobRef, getBlob, putBlob } from "../kernel/kv/blob.ts";

export type OutboxRecord = {
  id: string;
  message_id: string;
  /** Envelope sender (the VERP Return-Path) of the first recipient's copy. */
  envelope_from: string;
  /** Each recipient's copy: its own VERP Return-Path (absent on records kept before). */
  envelopes?: { from: string; to: string }[];
  /** Header From. */
  from: string;
  /** Envelope recipients (to, cc and bcc), lowercase. */
  to: string[];
  subject: string;
  raw: BlobRef;
  created_at: string;
};

/** Messages are kept for the operator for 30 days. */
const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export async function putOutbox(
  kv: Deno.Kv,
  rec: Omit<OutboxRecord, "raw">,
  raw: Uint8Array,
): Promise<void> {
  const expireIn = OUTBOX_RETENTION_MS;
  const ref = await putBlob(kv, raw, { expireIn });
  const op = kv.atomic().set(keys.outbox(rec.id), { ...rec, raw: ref }, { expireIn });
  for (const t of new Set(rec.to)) op.set(keys.outboxByTo(t, rec.id), rec.id, { expireIn });
  await commit(op, "outbox message");
}

export type OutboxItem = Omit<OutboxRecord, "raw"> & { raw: string };

async function withRaw(kv: Deno.Kv, r: OutboxRecord): Promise<OutboxItem> {
  return { ...r, raw: new TextDecoder().decode(await getBlob(kv, r.raw)) };
}

/** Newest first; `to` filters by an envelope recipient. */
export async function listOutbox(
  kv: Deno.Kv,
  opts: { to?: string; limit: number },
): Promise<OutboxItem[]> {
  let records: OutboxRecord[];
  if (opts.to) {
    records = await listByIndex<OutboxRecord>(
      kv,
      keys.outboxesByTo(opts.to.trim().toLowerCase()),
      keys.outbox,
      { reverse: true, limit: opts.limit },
    );
  } else {
    records = [];
    for await (
      const e of kv.list<OutboxRecord>({ prefix: keys.outboxAll() }, {
        reverse: true,
        limit: opts.limit,
      })
    ) records.push(e.value);
  }
  return await Promise.all(records.map((r) => withRaw(kv, r)));
}
