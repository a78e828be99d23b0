/**
 * The email log: one record per send attempt, indexed by site (UUIDv7 ids, so
 * the index lists in time order) and by Message-ID. Writers add the record and
 * its indexes to their own atomic operation (with the site's send window and
 * the event), so a log entry, its rate-limit slot and its event commit together.
 */
import { keys } from "../kernel/kv/keys.ts";
import {
  deleteKeyGroups,
  eachByIndex,
  getManyBatched,
  listByIndex,
  sweepIndexOldestFirst,
} from "../kernel/kv/kv.ts";
import { blobKeys, blobOf, type Packed, unpackJson } from "../kernel/kv/blob.ts";
import { windowGenKey, windowPartKeys } from "../kernel/kv/counters.ts";
import { utcMonth } from "../kernel/clock.ts";

export const EMAIL_LOG_STATUSES = [
  /** Reserved before the hand-off to SMTP; replaced by the outcome. */
  "sending",
  "sent",
  /** Sent, with a content score of 30 to 59. */
  "warning",
  /** Contact-form notification held as spam (not sent; API answered sent true). */
  "held",
  /** Refused by the content score or the classifier. */
  "flagged",
  /** Every `to` address suppressed or unsubscribed. */
  "suppressed",
  /** Refused by the monthly quota. */
  "rejected",
  /** The mail server (or the transport) did not accept it. */
  "failed",
] as const;
export type EmailLogStatus = typeof EMAIL_LOG_STATUSES[number];

export type Recipients = { to: string[]; cc: string[]; bcc: string[] };

export type SpamResults = {
  /** Content score 0..100 and the rules that fired. */
  content: { score: number; rules: string[] } | null;
  /** The classifier's verdict, when it ran on this email. */
  classifier: { engine: string; spam: boolean; score: number; detail: string | null } | null;
  /** The contact-form check, when the email looked like a form notification. */
  contact_form: { confidence: number; detail: string | null } | null;
  /**
   * What the account's marks and the service-wide list did to checks 11 and 12
   * (spam/mail_marks.ts), only when they did something: `pass` names why the
   * mail went through, `points` were added to the content score (its rules list them).
   */
  marks?: { pass: string | null; points: number; listed: number | null };
};

export type EmailLogRecord = {
  id: string;
  site_id: string;
  /** source_plugin, "sequence", "form", or "api" when the caller gave none. */
  source: string;
  mode: "relay" | "domain";
  status: EmailLogStatus;
  /** Machine reason for statuses other than sent (e.g. content_flagged, all_recipients_suppressed). */
  reason: string | null;
  /** Failure text (mail server reply) for failed. */
  error: string | null;
  message_id: string | null;
  from: string;
  subject: string;
  /** First `to` address (lowercase): the event `to`. */
  to_first: string;
  /** Requested recipients (small lists inline, large ones as a blob). */
  recipients: Packed<Recipients>;
  /** `to` addresses removed as suppressed or unsubscribed. */
  removed: string[];
  /**
   * Recipients whose own copy the mail server refused while the others' went
   * out (each recipient gets a copy with its own envelope sender), with the reply.
   */
  refused?: { to: string; error: string }[];
  template: string | null;
  attachments: number;
  /** Caller headers dropped by the header policy (names). */
  dropped_headers: string[];
  spam: SpamResults;
  /** true when the content score was 30 to 59. */
  warning: boolean;
  /** true when not sent for spam (flagged or held). */
  flagged: boolean;
  tracking: { opens: boolean; clicks: boolean };
  /** Sent with a svc_test_ key (the sandbox): its later events (opens, clicks) say `test: true` too. */
  test?: true;
  /** Sent as account mail (mail/send `account_mail`, SMTP `X-SVC-Account-Mail`): unsubscribes did not apply. */
  account_mail?: true;
  /**
   * The MinHash signature of subject and text (spam/mail_marks.ts encodeSignature), kept only
   * on mail that checks 11 or 12 refused, held or warned about, or that marks decided: what a
   * site owner's mark on this record counts. Not shown in views.
   */
  text_sig?: string;
  /**
   * Set once a send failed temporarily and was kept for retries (retry.ts): the
   * attempts so far and, while it waits, when the next one runs.
   */
  retry?: { attempts: number; next_at: string | null };
  created_at: string;
  updated_at: string;
};

/** The view the operator API shows: recipients unpacked, the signature left out. */
export type EmailLogView = Omit<EmailLogRecord, "recipients" | "text_sig"> & Recipients;

/** The site owner's mark on a log record, kept beside it (the record is never changed by it). */
export type EmailLogMark = { mark: "spam" | "ham"; at: string };

/**
 * Adds a new or replaced record and its site index to `op`. Its Message-ID
 * (`<log id@domain>`) names the record itself, so it needs no index of its own
 * (see getEmailLogByMessageId).
 */
export function putEmailLog(op: Deno.AtomicOperation, r: EmailLogRecord): Deno.AtomicOperation {
  return op.set(keys.emailLog(r.id), r).set(keys.emailLogBySite(r.site_id, r.id), r.id);
}

/**
 * Adds the new state of a record already stored with putEmailLog (same id,
 * site and Message-ID, so its indexes stand) to `op`.
 */
export function replaceEmailLog(op: Deno.AtomicOperation, r: EmailLogRecord): Deno.AtomicOperation {
  return op.set(keys.emailLog(r.id), r);
}

/** "<a@b>" and "a@B" map to the same index key. */
export function messageIdKey(messageId: string): string {
  return messageId.trim().replace(/^<|>$/g, "").toLowerCase();
}

export async function getEmailLog(kv: Deno.Kv, id: string): Promise<EmailLogRecord | null> {
  return (await kv.get<EmailLogRecord>(keys.emailLog(id))).value;
}

const OWN_MESSAGE_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/;

export async function getEmailLogByMessageId(
  kv: Deno.Kv,
  messageId: string,
): Promise<EmailLogRecord | null> {
  const key = messageIdKey(messageId);
  // Our Message-IDs are <log id@domain>: the record whose Message-ID it is.
  const own = OWN_MESSAGE_ID.exec(key);
  if (own) {
    const r = await getEmailLog(kv, own[1]);
    if (r?.message_id && messageIdKey(r.message_id) === key) return r;
  }
  // Records logged while a Message-ID index was kept.
  const id = (await kv.get<string>(keys.emailLogByMessageId(key))).value;
  return id ? await getEmailLog(kv, id) : null;
}

export async function viewEmailLog(kv: Deno.Kv, r: EmailLogRecord): Promise<EmailLogView> {
  const { recipients, text_sig: _sig, ...rest } = r;
  return { ...rest, ...(await unpackJson(kv, recipients)) };
}

export function readEmailLogMark(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<EmailLogMark>> {
  return kv.get<EmailLogMark>(keys.emailLogMark(id));
}

/** The marks of several records, in their order (null: not marked). */
export async function getEmailLogMarks(
  kv: Deno.Kv,
  ids: string[],
): Promise<(EmailLogMark | null)[]> {
  const got = await getManyBatched(kv, ids.map(keys.emailLogMark));
  return got.map((e) => e.value as EmailLogMark | null);
}

/** Sets a record's mark, checked against the version read. */
export function setEmailLogMark(
  op: Deno.AtomicOperation,
  id: string,
  read: Deno.KvEntryMaybe<EmailLogMark>,
  mark: EmailLogMark,
): Deno.AtomicOperation {
  return op.check(read).set(keys.emailLogMark(id), mark);
}

/**
 * Newest first, at most `limit`; with `before` (a log id, the cursor) only
 * older ones: one index range read (operator and dashboard reads; never on a
 * send path).
 */
export function listEmailLogOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: string,
): Promise<EmailLogRecord[]> {
  return listByIndex<EmailLogRecord>(
    kv,
    keys.emailLogsBySite(siteId),
    keys.emailLog,
    { reverse: true, limit },
    undefined,
    before === undefined ? undefined : keys.emailLogBySite(siteId, before),
  );
}

/**
 * Gives back a unit of monthly usage reserved by a send that then failed
 * (KvU64 sums wrap modulo 2^64, so adding 2^64 - 1 subtracts one).
 */
export function subtractMonthly(
  op: Deno.AtomicOperation,
  accountId: string,
  kind: string,
  now: number,
): Deno.AtomicOperation {
  return op.sum(keys.usage(accountId, kind, utcMonth(now)), (1n << 64n) - 1n);
}

/**
 * Every key a log record owns: the record, its index and mark, its message's
 * open and click counts, its recipients' blob. The site's totals stay: they
 * count what was logged, not what is kept.
 */
function emailLogKeys(r: EmailLogRecord): Deno.KvKey[] {
  const blob = blobOf(r.recipients);
  return [
    keys.emailLog(r.id),
    keys.emailLogBySite(r.site_id, r.id),
    keys.emailLogMark(r.id),
    keys.total("message_opens", r.id),
    keys.total("message_clicks", r.id),
    ...(blob ? blobKeys(blob) : []),
  ];
}

/**
 * Log records a site deleted (KvU64): its log total counts every record ever
 * logged, so the doctor checks total = records kept + records deleted.
 */
export const DELETED_LOG_TOTAL = "site_email_log_deleted";

/** Counts one deleted record of `siteId`, with its deletion. */
function countDeleted(op: Deno.AtomicOperation, siteId: string): void {
  op.sum(keys.total(DELETED_LOG_TOTAL, siteId), 1n);
}

/**
 * The keys each record owns, with the latest-recipient pointers (keyed by
 * address) that still point at it: they would keep the address after the record.
 * No send writes these pointers any more (nothing read them); records logged
 * while they were written still own theirs.
 */
async function ownedKeys(kv: Deno.Kv, records: EmailLogRecord[]): Promise<Deno.KvKey[][]> {
  const pointers = await Promise.all(records.map(async (r) => {
    const { to } = await unpackJson(kv, r.recipients).catch(() => ({ to: [r.to_first] }));
    return [...new Set([r.to_first, ...to].map((a) => a.toLowerCase()))]
      .map((a) => keys.emailLatestTo(a));
  }));
  const got = await getManyBatched(kv, pointers.flat());
  const pointing = new Set(
    got.filter((g) => records.some((r) => r.id === g.value)).map((g) => JSON.stringify(g.key)),
  );
  return records.map((r, i) => [
    ...emailLogKeys(r),
    ...pointers[i].filter((k) => pointing.has(JSON.stringify(k))),
  ]);
}

/** Deletes log records with everything they own, each in one operation (and counted). */
export async function deleteEmailLogs(kv: Deno.Kv, records: EmailLogRecord[]): Promise<void> {
  await deleteKeyGroups(
    kv,
    await ownedKeys(kv, records),
    (op, i) => countDeleted(op, records[i].site_id),
  );
}

/**
 * One batch of deleting a site's log records, oldest first (with `before`,
 * ms, only older ones); returns the ids that went (empty: none left).
 */
export async function sweepEmailLogOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: number,
): Promise<string[]> {
  const gone = await sweepIndexOldestFirst<EmailLogRecord>(
    kv,
    keys.emailLogsBySite(siteId),
    keys.emailLog,
    limit,
    before,
    (found) => ownedKeys(kv, found.map((f) => f.record)),
    (op, _, r) => r !== null && countDeleted(op, siteId),
  );
  return gone.map((e) => String(e.value));
}

/** Deletes a deleted site's mail totals and windows (by name), in one operation. */
export async function deleteSiteMailCounters(
  kv: Deno.Kv,
  siteId: string,
  totals: string[],
  windows: string[],
): Promise<void> {
  const ks = totals.map((n) => keys.total(n, siteId));
  for (const w of windows) {
    const parts = Object.values(windowPartKeys(w, siteId));
    ks.push(...parts, windowGenKey(parts[0]));
  }
  await deleteKeyGroups(kv, [ks]);
}

/** A site's log records addressed to `email` (to, cc, bcc or removed), oldest first. */
export async function findEmailLogsTo(
  kv: Deno.Kv,
  siteId: string,
  email: string,
): Promise<EmailLogRecord[]> {
  const a = email.toLowerCase();
  const out: EmailLogRecord[] = [];
  for await (
    const r of eachByIndex<EmailLogRecord>(kv, keys.emailLogsBySite(siteId), keys.emailLog)
  ) {
    const { to, cc, bcc } = await unpackJson(kv, r.recipients);
    const all = [
      r.to_first,
      ...to,
      ...cc,
      ...bcc,
      ...r.removed,
      ...(r.refused ?? []).map((x) => x.to),
    ];
    if (all.some((x) => x.toLowerCase() === a)) out.push(r);
  }
  return out;
}
