/**
 * The inbound capability's KV: inbound domains (unique by name, secret sealed),
 * the markers of forwarded messages, and delivery reports (what DSNs and
 * feedback reports said about one recipient of one message), with the
 * once-only and seen-before markers that keep events from repeating.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, deleteKeyGroups, listValues, sweepIndexOldestFirst } from "../kernel/kv/kv.ts";
import type { Sealed } from "../kernel/crypto.ts";
import type { Suppression, Unsubscribe } from "../suppressions/schema.ts";

export type InboundDomain = {
  id: string;
  /** Lowercase, ASCII (A-labels). */
  domain: string;
  /** Where each received message is POSTed (no credentials in it). */
  url: string;
  /** The site it belongs to, when the operator named one. */
  site_id: string | null;
  /** `svc_in_...`, sealed with the record id as associated data. */
  secret: Sealed;
  created_at: string;
  updated_at: string;
};

export async function createInboundDomain(kv: Deno.Kv, d: InboundDomain): Promise<void> {
  await commit(
    kv.atomic()
      .check({ key: keys.inboundDomainByName(d.domain), versionstamp: null })
      .set(keys.inboundDomain(d.id), d)
      .set(keys.inboundDomainByName(d.domain), d.id),
    `inbound domain ${d.domain}`,
  );
}

export async function getInboundDomain(kv: Deno.Kv, id: string): Promise<InboundDomain | null> {
  return (await kv.get<InboundDomain>(keys.inboundDomain(id))).value;
}

/** The inbound domain of a (lowercase) domain name: one read of the index, one of the record. */
export async function findInboundDomain(
  kv: Deno.Kv,
  domain: string,
): Promise<InboundDomain | null> {
  const id = (await kv.get<string>(keys.inboundDomainByName(domain))).value;
  return id ? await getInboundDomain(kv, id) : null;
}

/** Oldest first (UUIDv7 ids), at most `limit`. */
export function listInboundDomains(kv: Deno.Kv, limit: number): Promise<InboundDomain[]> {
  return listValues<InboundDomain>(kv, { prefix: keys.inboundDomains() }, { limit });
}

/**
 * Read-modify-write of one record, guarded by its versionstamp; a new name
 * moves the unique index (ConflictError when the name is taken or the record
 * changed meanwhile). Null when there is no such record.
 */
export async function updateInboundDomain(
  kv: Deno.Kv,
  id: string,
  change: (d: InboundDomain) => InboundDomain,
): Promise<InboundDomain | null> {
  const cur = await kv.get<InboundDomain>(keys.inboundDomain(id));
  if (!cur.value) return null;
  const next = change(cur.value);
  const op = kv.atomic().check(cur).set(keys.inboundDomain(id), next);
  if (next.domain !== cur.value.domain) {
    op.check({ key: keys.inboundDomainByName(next.domain), versionstamp: null })
      .delete(keys.inboundDomainByName(cur.value.domain))
      .set(keys.inboundDomainByName(next.domain), id);
  }
  await commit(op, `inbound domain ${id}`);
  return next;
}

export async function deleteInboundDomain(kv: Deno.Kv, id: string): Promise<boolean> {
  const cur = await kv.get<InboundDomain>(keys.inboundDomain(id));
  if (!cur.value) return false;
  await commit(
    kv.atomic().check(cur).delete(keys.inboundDomain(id))
      .delete(keys.inboundDomainByName(cur.value.domain)),
    `inbound domain ${id}`,
  );
  return true;
}

/** Whether the receiver already took the delivery with this X-SVC-Delivery. */
export async function wasForwarded(kv: Deno.Kv, deliveryId: string): Promise<boolean> {
  return (await kv.get(keys.inboundForwarded(deliveryId))).value !== null;
}

/**
 * Remembers that the receiver took a delivery, long enough for a sending
 * server's retries (Postfix and Exim give up after five days).
 */
export async function markForwarded(
  kv: Deno.Kv,
  deliveryId: string,
  at: string,
): Promise<void> {
  await kv.set(keys.inboundForwarded(deliveryId), at, { expireIn: FORWARDED_TTL_MS });
}

export const FORWARDED_TTL_MS = 7 * 86_400_000;

// --- delivery reports -------------------------------------------------------------

export const REPORT_TYPES = ["delivered", "delayed", "bounced", "complained"] as const;
export type ReportType = typeof REPORT_TYPES[number];
export type BounceKind = "recipient" | "message" | "transient" | "unknown";

export type DeliveryReport = {
  /** UUIDv7. */
  id: string;
  type: ReportType;
  /** The email log record it was matched to, or null. */
  log_id: string | null;
  /** The site of that record (or, unmatched, of the latest email to the address). */
  site_id: string | null;
  message_id: string | null;
  /** The recipient the report is about (lowercase). */
  recipient: string;
  /** RFC 3464 Action (failed, delayed, delivered, relayed, expanded), or "complaint". */
  action: string;
  /** Enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string | null;
  /** Diagnostic-Code (or feedback type and reporter), up to 500 characters. */
  detail: string | null;
  bounce_kind: BounceKind | null;
  /** The address was on the suppression list after this report (recipient bounce, complaint). */
  suppressed: boolean;
  /** Which shape it came in: rfc3464, exim_text, qmail_text, text, arf. */
  format: string;
  /** Reporting-MTA or the reporter's From address. */
  reporter: string | null;
  /** Whether an event was emitted for it (delivered: the first report only). */
  event: boolean;
  created_at: string;
};

/** What a report's commit depends on, read at once. */
export type ReportState = {
  seen: boolean;
  delivered: boolean;
  suppression: Suppression | null;
  /** The recipient's unsubscribe from the message's site. */
  unsubscribe: Unsubscribe | null;
  entries: Deno.KvEntryMaybe<unknown>[];
};

export async function readReportState(
  kv: Deno.Kv,
  seenHash: string,
  logId: string | null,
  recipient: string,
  siteId: string,
  /** The recipient's keyed hash (addressId): suppressions and unsubscribes are keyed by it. */
  recipientId: string,
): Promise<ReportState> {
  const entries = await kv.getMany([
    keys.deliveryReportSeen(seenHash),
    keys.deliveredOnce(logId ?? "none", recipient),
    keys.suppression(recipientId),
    keys.unsubscribe(siteId, recipientId),
  ]);
  return {
    seen: entries[0].value !== null,
    delivered: entries[1].value !== null,
    suppression: entries[2].value as Suppression | null,
    unsubscribe: entries[3].value as Unsubscribe | null,
    entries,
  };
}

/** Seen markers outlive any sending server's retries of the same report. */
const SEEN_TTL_MS = 30 * 86_400_000;

/**
 * Adds a report, its indexes and its seen marker to `op`, checked against the
 * state read before (a concurrent copy of the same report, a concurrent
 * delivered report, a concurrent suppression make the commit fail, and the
 * caller reads again). `deliveredOnce`: mark the recipient delivered. A
 * suppression or unsubscribe it causes is added to the same op by the caller
 * (domain/suppressions owns those records).
 */
export function putReport(
  op: Deno.AtomicOperation,
  r: DeliveryReport,
  state: ReportState,
  seenHash: string,
  opts: { deliveredOnce?: boolean } = {},
): Deno.AtomicOperation {
  for (const e of state.entries) op.check(e);
  op.set(keys.deliveryReport(r.id), r)
    .set(keys.deliveryReportSeen(seenHash), r.id, { expireIn: SEEN_TTL_MS });
  if (r.log_id) op.set(keys.deliveryReportByLog(r.log_id, r.id), r);
  if (r.site_id) op.set(keys.deliveryReportBySite(r.site_id, r.id), r);
  if (opts.deliveredOnce && r.log_id) op.set(keys.deliveredOnce(r.log_id, r.recipient), r.id);
  return op;
}

/** Commits `op`; false when a checked entry changed (read again and retry). */
export async function tryCommit(op: Deno.AtomicOperation): Promise<boolean> {
  return (await op.commit()).ok;
}

export function listReportsOfLog(
  kv: Deno.Kv,
  logId: string,
  limit: number,
): Promise<DeliveryReport[]> {
  return listValues<DeliveryReport>(kv, { prefix: keys.deliveryReportsByLog(logId) }, {
    limit,
    reverse: true,
  });
}

export function listReportsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<DeliveryReport[]> {
  return listValues<DeliveryReport>(kv, { prefix: keys.deliveryReportsBySite(siteId) }, {
    limit,
    reverse: true,
  });
}

/** Every report, newest first (unmatched ones included). */
export function listReports(kv: Deno.Kv, limit: number): Promise<DeliveryReport[]> {
  return listValues<DeliveryReport>(kv, { prefix: keys.deliveryReports() }, {
    limit,
    reverse: true,
  });
}

export async function getReport(kv: Deno.Kv, id: string): Promise<DeliveryReport | null> {
  return (await kv.get<DeliveryReport>(keys.deliveryReport(id))).value;
}

/** Every key a report owns: the record, its copies in the indexes, its delivered marker. */
function reportKeys(r: DeliveryReport): Deno.KvKey[] {
  return [
    keys.deliveryReport(r.id),
    ...(r.log_id
      ? [keys.deliveryReportByLog(r.log_id, r.id), keys.deliveredOnce(r.log_id, r.recipient)]
      : []),
    ...(r.site_id ? [keys.deliveryReportBySite(r.site_id, r.id)] : []),
  ];
}

/** Deletes reports with their index copies, each in one operation. */
export async function deleteReports(kv: Deno.Kv, reports: DeliveryReport[]): Promise<void> {
  await deleteKeyGroups(kv, reports.map(reportKeys));
}

/**
 * One batch of deleting a site's reports, oldest first (with `before`, ms,
 * only older ones); returns how many went, 0 when none is left to delete.
 */
export async function sweepReportsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  const gone = await sweepIndexOldestFirst<DeliveryReport>(
    kv,
    keys.deliveryReportsBySite(siteId),
    null,
    limit,
    before,
    (found) => found.map((f) => [f.entry.key, ...reportKeys(f.record)]),
  );
  return gone.length;
}

/** A site's delivery reports about `email`, oldest first. */
export async function findReportsAbout(
  kv: Deno.Kv,
  siteId: string,
  email: string,
): Promise<DeliveryReport[]> {
  const a = email.toLowerCase();
  const out: DeliveryReport[] = [];
  for await (const e of kv.list<DeliveryReport>({ prefix: keys.deliveryReportsBySite(siteId) })) {
    if (e.value.recipient.toLowerCase() === a) out.push(e.value);
  }
  return out;
}
