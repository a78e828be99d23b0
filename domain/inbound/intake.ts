/**
 * Mail to the return-path domain: delivery status notifications (bounces,
 * delays, deliveries) and feedback reports (complaints). Each recipient a
 * report names becomes one delivery report record and, where the spec says
 * so, one event, committed together with a suppression when it causes one.
 *
 * Matching the message (the email log record):
 * 1. the VERP envelope recipient (`bounce+<log id>-<mac>@`), the ENVID the
 *    relay was given, a feedback report's Original-Mail-From and the attached
 *    original's Return-Path, MAC checked: a VERP-shaped address at our domain
 *    whose MAC fails is forged or tampered, and the report then matches
 *    nothing (no fallback) and suppresses nobody;
 * 2. otherwise the attached original's Message-ID.
 * The recipient must be one the message went to (or its only recipient, for
 * reports that name a forwarded or redacted address): a report about someone
 * else matches nothing either.
 *
 * Events (spec): email.delivered once per message and recipient; email.delayed
 * per report; email.bounced (matched: message_id, to, subject, detail,
 * bounce_kind, suppressed; unmatched: to, subject of the latest email to the
 * address, detail, to that email's site); email.complained (matched:
 * message_id, suppressed). Unmatched deliveries and delays are recorded only.
 * A report sent twice (same Message-ID) counts once.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { addDaily } from "../kernel/kv/counters.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { sha256Hex } from "../kernel/crypto.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { readVerp } from "../mail/tokens.ts";
import {
  type EmailLogRecord,
  getEmailLog,
  getEmailLogByMessageId,
  getLatestEmailTo,
  viewEmailLog,
} from "../mail/email_log_store.ts";
import type { Suppression } from "../suppressions/store.ts";
import { parseMessage } from "./parse.ts";
import { type ParsedDsn, parseDsn } from "./dsn.ts";
import { type ParsedFeedback, parseFeedback } from "./arf.ts";
import { classify } from "./classify.ts";
import {
  type BounceKind,
  type DeliveryReport,
  putReport,
  readReportState,
  type ReportType,
  tryCommit,
} from "./store.ts";
import { clipChars } from "../kernel/text.ts";

export type IntakeResult = {
  kind: "dsn" | "feedback" | "ignored";
  reports: DeliveryReport[];
};

export type Envelope = { from: string; to: string[] };

/** The domain VERP Return-Paths use (SVC_RETURN_PATH_DOMAIN, else SVC_RELAY_FROM's). */
export function returnPathDomain(ctx: Ctx): string {
  return (ctx.config.SVC_RETURN_PATH_DOMAIN ?? ctx.config.SVC_RELAY_FROM.split("@")[1])
    .toLowerCase();
}

/** Takes one message sent to the return-path domain. */
export async function takeReport(
  ctx: Ctx,
  raw: Uint8Array,
  envelope: Envelope,
): Promise<IntakeResult> {
  const mail = await parseMessage(raw);
  // A copy sent again by the same server has the same Message-ID; without one, the same bytes.
  const identity = mail.messageId ?? sha256Hex(raw);
  const feedback = await parseFeedback(mail);
  if (feedback) {
    return { kind: "feedback", reports: await takeFeedback(ctx, feedback, envelope, identity) };
  }
  const dsn = await parseDsn(mail);
  if (dsn) return { kind: "dsn", reports: await takeDsn(ctx, dsn, envelope, identity) };
  ctx.log.debug("mail to the return-path domain that is no report: dropped", {
    to: envelope.to,
    subject: mail.subject === undefined ? undefined : clipChars(mail.subject, 100),
  });
  return { kind: "ignored", reports: [] };
}

type Match = { record: EmailLogRecord | null; forged: boolean; recipients: Set<string> };

const NO_MATCH: Match = { record: null, forged: false, recipients: new Set() };
const VERP_SHAPE = /^bounce\+[^@]*@(.+)$/i;

/** Finds the message a report is about (see the top of this file). */
async function matchMessage(
  ctx: Ctx,
  verps: (string | null)[],
  messageId: string | null,
): Promise<Match> {
  const domain = returnPathDomain(ctx);
  for (const candidate of verps) {
    const m = candidate ? VERP_SHAPE.exec(candidate) : null;
    if (!m || m[1].toLowerCase() !== domain) continue;
    const logId = readVerp(ctx.config.encryptionKey, candidate!);
    if (logId === null) return { ...NO_MATCH, forged: true };
    const record = await getEmailLog(ctx.kv, logId);
    if (record) return { record, forged: false, recipients: await recipientsOf(ctx, record) };
  }
  if (messageId) {
    const record = await getEmailLogByMessageId(ctx.kv, messageId);
    if (record) return { record, forged: false, recipients: await recipientsOf(ctx, record) };
  }
  return NO_MATCH;
}

/** The addresses a logged message went to (lowercase; suppressed ones removed from `to`). */
async function recipientsOf(ctx: Ctx, record: EmailLogRecord): Promise<Set<string>> {
  const v = await viewEmailLog(ctx.kv, record);
  const removed = new Set(record.removed);
  const all = [...v.to.map((a) => a.toLowerCase()).filter((a) => !removed.has(a))];
  for (const a of [...v.cc, ...v.bcc]) all.push(a.toLowerCase());
  return new Set(all);
}

/** The recipient of the match a report's addresses name, or null. */
function whichRecipient(match: Match, ...named: (string | null)[]): string | null {
  if (!match.record) return null;
  for (const n of named) if (n && match.recipients.has(n)) return n;
  return match.recipients.size === 1 ? [...match.recipients][0] : null;
}

/** The envelope recipients, ENVID (as a VERP) and original Return-Path of a DSN. */
function dsnVerps(dsn: ParsedDsn, envelope: Envelope, domain: string): (string | null)[] {
  // Our ENVID is the VERP's local part (domain/mail/transport.ts).
  const envid = dsn.envid && /^bounce\+/i.test(dsn.envid) ? `${dsn.envid}@${domain}` : null;
  return [...envelope.to, envid, dsn.original.returnPath];
}

async function takeDsn(
  ctx: Ctx,
  dsn: ParsedDsn,
  envelope: Envelope,
  identity: string,
): Promise<DeliveryReport[]> {
  const match = await matchMessage(
    ctx,
    dsnVerps(dsn, envelope, returnPathDomain(ctx)),
    dsn.original.messageId,
  );
  const out: DeliveryReport[] = [];
  for (const r of dsn.recipients) {
    const outcome = classify(r.action, r.status, r.diagnostic);
    if (!outcome) continue;
    const matchedTo = whichRecipient(match, r.recipient, r.originalRecipient);
    const base = {
      type: outcome.type,
      to: matchedTo ?? r.recipient,
      matched: matchedTo !== null ? match.record : null,
      action: r.action,
      status: r.status,
      detail: r.diagnostic ?? (r.status ? `Status ${r.status} (${r.action})` : r.action),
      bounceKind: outcome.type === "bounced" ? outcome.kind : null,
      format: dsn.format,
      reporter: dsn.reporter,
    };
    const saved = await record(ctx, base, `${identity}\n${r.recipient}\n${r.action}\n${r.status}`);
    if (saved) out.push(saved);
  }
  return out;
}

/** Feedback types that are complaints (auth-failure is a DMARC failure report, not-spam the opposite). */
const NOT_COMPLAINTS = new Set(["not-spam", "auth-failure"]);

async function takeFeedback(
  ctx: Ctx,
  fb: ParsedFeedback,
  envelope: Envelope,
  identity: string,
): Promise<DeliveryReport[]> {
  if (NOT_COMPLAINTS.has(fb.feedbackType)) return [];
  const match = await matchMessage(
    ctx,
    [...envelope.to, fb.originalMailFrom, fb.original.returnPath],
    fb.original.messageId,
  );
  const named = [...fb.originalRcptTo, ...fb.original.to];
  const matchedTo = whichRecipient(match, ...named);
  const to = matchedTo ?? named[0] ?? null;
  if (!to) {
    ctx.log.info("feedback report names no recipient and matches no message: dropped", {
      reporter: fb.reporter,
    });
    return [];
  }
  const detail = `${fb.feedbackType} report${fb.userAgent ? ` (${fb.userAgent})` : ""}` +
    `${fb.reporter ? ` from ${fb.reporter}` : ""}`;
  const saved = await record(ctx, {
    type: "complained",
    to,
    matched: matchedTo !== null ? match.record : null,
    action: "complaint",
    status: null,
    detail,
    bounceKind: null,
    format: fb.format,
    reporter: fb.reporter,
  }, `${identity}\n${to}\ncomplaint`);
  return saved ? [saved] : [];
}

type ReportInput = {
  type: ReportType;
  to: string;
  matched: EmailLogRecord | null;
  action: string;
  status: string | null;
  detail: string;
  bounceKind: BounceKind | null;
  format: string;
  reporter: string | null;
};

const clip = (s: string, max: number) => s.length <= max ? s : s.slice(0, max - 1) + "…";

/**
 * Records one report with its event and suppression in one atomic operation;
 * null when the same report was taken before.
 */
async function record(
  ctx: Ctx,
  r: ReportInput,
  seenKey: string,
): Promise<DeliveryReport | null> {
  const seenHash = sha256Hex(seenKey);
  const m = r.matched;
  // Unmatched: the site and subject of the latest email to the address.
  const latest = m ? null : await getLatestEmailTo(ctx.kv, r.to);
  const siteId = m?.site_id ?? latest?.site_id ?? null;
  const subject = m?.subject ?? latest?.subject;
  const suppresses = m !== null &&
    (r.type === "complained" || (r.type === "bounced" && r.bounceKind === "recipient"));
  const detail = clip(r.detail, 500);

  for (let attempt = 0;; attempt++) {
    const now = ctx.clock.now();
    const state = await readReportState(ctx.kv, seenHash, m?.id ?? null, r.to);
    if (state.seen) return null;
    const report: DeliveryReport = {
      id: uuidv7(now),
      type: r.type,
      log_id: m?.id ?? null,
      site_id: siteId,
      message_id: m?.message_id ?? null,
      recipient: r.to,
      action: r.action,
      status: r.status,
      detail,
      bounce_kind: r.bounceKind,
      suppressed: suppresses,
      format: r.format,
      reporter: r.reporter,
      event: false,
      created_at: isoTime(now),
    };
    const suppression: Suppression | undefined = suppresses && !state.suppression
      ? {
        email: r.to,
        reason: r.type === "complained" ? "complained" : "bounced",
        detail,
        created_at: isoTime(now),
        report_id: report.id,
        message_id: m?.message_id ?? null,
      }
      : undefined;
    const data = eventData(r, m, subject, detail, suppresses);
    const firstDelivery = r.type === "delivered" && m !== null && !state.delivered;
    const emit = siteId !== null && data !== null &&
      (r.type !== "delivered" || firstDelivery);
    report.event = emit;
    const op = putReport(ctx.kv.atomic(), report, state, seenHash, {
      deliveredOnce: firstDelivery,
      suppress: suppression,
    });
    if (emit) (await prepareEvent(ctx, siteId!, `email.${r.type}`, data!)).apply(op);
    if (siteId !== null && r.type === "bounced") addDaily(op, siteId, "bounced", now);
    if (await tryCommit(op)) return report;
    // A concurrent copy of the report, delivery or suppression: decide again.
    if (attempt >= 10) throw new Error("delivery report: too many concurrent changes");
  }
}

/** The event's data (spec: Events and data fields), or null when the report has no event. */
function eventData(
  r: ReportInput,
  m: EmailLogRecord | null,
  subject: string | undefined,
  detail: string,
  suppressed: boolean,
): Record<string, unknown> | null {
  if (!m) {
    // Unmatched: only bounces and complaints are told, as to, subject, detail.
    if (r.type !== "bounced" && r.type !== "complained") return null;
    return { to: r.to, subject, detail };
  }
  const common = { message_id: m.message_id, to: r.to, subject };
  switch (r.type) {
    case "delivered":
      return common;
    case "delayed":
      return { ...common, reason: clip(r.detail, 300) };
    case "bounced":
      return {
        ...common,
        detail,
        bounce_kind: r.bounceKind,
        ...(suppressed && { suppressed: true }),
      };
    case "complained":
      return { ...common, detail, suppressed };
  }
}
