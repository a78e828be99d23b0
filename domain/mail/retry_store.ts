/**
 * Sends kept for their retries after a temporary failure (domain/mail/retry.ts):
 * one record per message, under its site, holding what rebuilds the message
 * exactly (its parts as the checks left them, packed when large) and the
 * at-most-once marker: `claimed` is written (versionstamp-checked) before each
 * hand-off and the outcome commit checks that version, so a message is handed
 * to the relay at most once per claim, and a claim found again after a crash
 * is never sent blind.
 */
import { keys } from "../kernel/kv/keys.ts";
import { blobKeys, blobOf, type Packed, unpackJson } from "../kernel/kv/blob.ts";
import { deleteKeyGroups } from "../kernel/kv/kv.ts";
import type { MessageParts } from "./message.ts";

/** The parts without the site (read again at each attempt) and attachments (none kept). */
export type KeptParts = Omit<MessageParts, "site" | "attachments">;

export type MailRetry = {
  site_id: string;
  log_id: string;
  /** The job that runs the next attempt; a job of another id finds nothing to do. */
  job_id: string;
  /**
   * pending: waits for `next_at`; claimed: being handed to the relay (found so
   * by a later run: the process died during the hand-off); failed: the last
   * attempt failed or was refused for good (kept for "send again").
   */
  state: "pending" | "claimed" | "failed";
  /** Hand-offs tried so far, the first send included. */
  attempts: number;
  /** When the next attempt runs (ms), while pending. */
  next_at: number | null;
  /** The last failure's text. */
  error: string;
  /** The event's source ("sequence"), as the first send gave it. */
  event_source: "sequence" | null;
  parts: Packed<KeptParts>;
  created_at: string;
};

export function putRetryMutation(op: Deno.AtomicOperation, r: MailRetry): Deno.AtomicOperation {
  return op.set(keys.mailRetry(r.site_id, r.log_id), r);
}

/** Checks that the record is still as read (`versionstamp`), then writes `r`. */
export function replaceRetryMutation(
  op: Deno.AtomicOperation,
  r: MailRetry,
  versionstamp: string,
): Deno.AtomicOperation {
  const key = keys.mailRetry(r.site_id, r.log_id);
  return op.check({ key, versionstamp }).set(key, r);
}

/** Checks that the record is still as read, then removes it (the message went out). */
export function deleteRetryMutation(
  op: Deno.AtomicOperation,
  r: MailRetry,
  versionstamp: string,
): Deno.AtomicOperation {
  const key = keys.mailRetry(r.site_id, r.log_id);
  return op.check({ key, versionstamp }).delete(key);
}

export async function getRetryEntry(
  kv: Deno.Kv,
  siteId: string,
  logId: string,
): Promise<{ value: MailRetry; versionstamp: string } | null> {
  const e = await kv.get<MailRetry>(keys.mailRetry(siteId, logId));
  return e.value && e.versionstamp ? { value: e.value, versionstamp: e.versionstamp } : null;
}

export function readKeptParts(kv: Deno.Kv, r: MailRetry): Promise<KeptParts> {
  return unpackJson(kv, r.parts);
}

/**
 * Deletes the kept messages of these email log records (deleted, erased or past
 * retention), each with its packed parts; a record without one is skipped. A
 * retry job then finds nothing and ends.
 */
export async function deleteRetriesOf(
  kv: Deno.Kv,
  siteId: string,
  logIds: string[],
): Promise<void> {
  if (logIds.length === 0) return;
  const found: Deno.KvEntryMaybe<MailRetry>[] = [];
  for (let i = 0; i < logIds.length; i += 10) {
    const ks = logIds.slice(i, i + 10).map((id) => keys.mailRetry(siteId, id));
    found.push(...await kv.getMany<MailRetry[]>(ks));
  }
  const groups: Deno.KvKey[][] = [];
  for (const e of found) {
    if (!e.value) continue;
    const blob = blobOf(e.value.parts);
    groups.push([e.key, ...(blob ? blobKeys(blob) : [])]);
  }
  await deleteKeyGroups(kv, groups);
}
