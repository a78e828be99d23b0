/**
 * Mail to the return-path domain: delivery status notifications (bounces,
 * delays, deliveries) and feedback reports (complaints). Each recipient a
 * report names becomes one delivery report record and, where the spec says
 * so, one event, committed together with a suppression when it causes one.
 *
 * Binding a report to one recipient of one message: every recipient's copy
 * leaves with its own envelope sender, `bounce+<log id>-<mac>@`, the MAC over
 * the message *and* that recipient (domain/mail/tokens.ts). A report is bound
 * by the first address of this shape at our domain among: the envelope
 * recipient it came to, the ENVID the relay was given (a DSN), a feedback
 * report's Original-Mail-From, the attached original's Return-Path. The report
 * then acts on that recipient only: a recipient can at most report himself,
 * whatever addresses he writes into the report. A VERP whose MAC names none of
 * the message's recipients is forged; a report with no verified VERP (sent to
 * postmaster@ or fbl@ with only a Message-ID, a DSN naming any address)
 * cannot be bound. Either way it suppresses nobody, emits no event and is not
 * stored: one log line says why.
 *
 * In a bound DSN, the entries naming the bound recipient (Final- or
 * Original-Recipient) apply; when none does and there is one entry, it is
 * about the bound recipient under another name (a forwarded address).
 *
 * What a report does (the scope of a suppression):
 * - a recipient bounce (5.1.x, the address does not exist) is a fact about the
 *   address: it goes on the service-wide suppression list;
 * - a complaint is about one sender: the address is unsubscribed from the site
 *   that sent the message (source `complaint`), and other sites still reach it.
 *
 * Events (spec): email.delivered once per message and recipient; email.delayed
 * per report; email.bounced (message_id, to, subject, detail, bounce_kind,
 * suppressed); email.complained (message_id, to, subject, detail, suppressed).
 * A report sent twice (same Message-ID) counts once.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { addDaily } from "../kernel/kv/counters.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { addressId, sha256Hex } from "../kernel/crypto.ts";
import { prepareEvent } from "../webhooks/events.ts";
import { readVerp, verpNames } from "../mail/tokens.ts";
import { type EmailLogRecord, emailLogView, readEmailLogRecord } from "../mail/email_log.ts";
import type { Suppression, Unsubscribe } from "../suppressions/schema.ts";
import { suppressInOp, unsubscribeInOp } from "../suppressions/suppressions.ts";
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

/** The message and the one recipient a verified VERP names. */
type Binding = { record: EmailLogRecord; recipient: string };

type Bound = { binding: Binding } | { binding: null; why: string };

const VERP_SHAPE = /^bounce\+[^@]*@(.+)$/i;

/** Binds a report to a recipient by the first VERP at our domain (see the top of this file). */
async function bind(ctx: Ctx, candidates: (string | null)[]): Promise<Bound> {
  const domain = returnPathDomain(ctx);
  for (const candidate of candidates) {
    const m = candidate ? VERP_SHAPE.exec(candidate.trim()) : null;
    if (!m || m[1].toLowerCase() !== domain) continue;
    const ref = readVerp(candidate!);
    if (!ref) return { binding: null, why: "forged or outdated VERP address" };
    const record = await readEmailLogRecord(ctx, ref.logId);
    if (!record) continue;
    const recipient = verpNames(ctx.config.encryptionKey, ref, await recipientsOf(ctx, record));
    if (!recipient) return { binding: null, why: "VERP MAC names no recipient of the message" };
    return { binding: { record, recipient } };
  }
  return { binding: null, why: "no verified VERP address (envelope, ENVID or original)" };
}

/** The addresses a logged message went to (lowercase; suppressed ones removed from `to`). */
async function recipientsOf(ctx: Ctx, record: EmailLogRecord): Promise<Set<string>> {
  const v = await emailLogView(ctx, record);
  const removed = new Set(record.removed);
  const all = [...v.to.map((a) => a.toLowerCase()).filter((a) => !removed.has(a))];
  for (const a of [...v.cc, ...v.bcc]) all.push(a.toLowerCase());
  return new Set(all);
}

/** One log line for a report that acts on nobody. */
function unbound(ctx: Ctx, what: string, why: string, envelope: Envelope, named: string[]) {
  ctx.log.info(`${what} not bound to a recipient: ignored`, {
    why,
    to: envelope.to.slice(0, 5),
    from: envelope.from,
    names: named.slice(0, 5),
  });
}

async function takeDsn(
  ctx: Ctx,
  dsn: ParsedDsn,
  envelope: Envelope,
  identity: string,
): Promise<DeliveryReport[]> {
  // Our ENVID is the VERP's local part (domain/mail/transport.ts).
  const envid = dsn.envid && /^bounce\+/i.test(dsn.envid)
    ? `${dsn.envid}@${returnPathDomain(ctx)}`
    : null;
  const bound = await bind(ctx, [...envelope.to, envid, dsn.original.returnPath]);
  const named = dsn.recipients.map((r) => r.recipient);
  if (!bound.binding) {
    unbound(ctx, "delivery report", bound.why, envelope, named);
    return [];
  }
  const { record: rec, recipient } = bound.binding;
  const about = dsn.recipients.filter((r) =>
    r.recipient === recipient || r.originalRecipient === recipient
  );
  const entries = about.length ? about : dsn.recipients.length === 1 ? dsn.recipients : [];
  if (!entries.length) {
    unbound(ctx, "delivery report", "its entries name other recipients", envelope, named);
    return [];
  }
  const out: DeliveryReport[] = [];
  for (const r of entries) {
    const outcome = classify(r.action, r.status, r.diagnostic);
    if (!outcome) continue;
    const base = {
      type: outcome.type,
      to: recipient,
      matched: rec,
      action: r.action,
      status: r.status,
      detail: r.diagnostic ?? (r.status ? `Status ${r.status} (${r.action})` : r.action),
      bounceKind: outcome.type === "bounced" ? outcome.kind : null,
      format: dsn.format,
      reporter: dsn.reporter,
    };
    const saved = await record(ctx, base, `${identity}\n${recipient}\n${r.action}\n${r.status}`);
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
  const bound = await bind(ctx, [...envelope.to, fb.originalMailFrom, fb.original.returnPath]);
  if (!bound.binding) {
    unbound(ctx, "feedback report", bound.why, envelope, fb.originalRcptTo);
    return [];
  }
  // The verified recipient, whatever Original-Rcpt-To says (providers redact or rewrite it).
  const { record: rec, recipient: to } = bound.binding;
  const detail = `${fb.feedbackType} report${fb.userAgent ? ` (${fb.userAgent})` : ""}` +
    `${fb.reporter ? ` from ${fb.reporter}` : ""}`;
  const saved = await record(ctx, {
    type: "complained",
    to,
    matched: rec,
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
  /** The bound recipient (lowercase). */
  to: string;
  matched: EmailLogRecord;
  action: string;
  status: string | null;
  detail: string;
  bounceKind: BounceKind | null;
  format: string;
  reporter: string | null;
};

const clip = (s: string, max: number) => s.length <= max ? s : s.slice(0, max - 1) + "…";

/**
 * Records one report with its event and its suppression (a recipient bounce:
 * service-wide) or unsubscribe (a complaint: from the sending site) in one
 * atomic operation; null when the same report was taken before.
 */
async function record(
  ctx: Ctx,
  r: ReportInput,
  seenKey: string,
): Promise<DeliveryReport | null> {
  const seenHash = sha256Hex(seenKey);
  const m = r.matched;
  const siteId = m.site_id;
  const complaint = r.type === "complained";
  const suppresses = complaint || (r.type === "bounced" && r.bounceKind === "recipient");
  const detail = clip(r.detail, 500);

  for (let attempt = 0;; attempt++) {
    const now = ctx.clock.now();
    const state = await readReportState(
      ctx.kv,
      seenHash,
      m.id,
      r.to,
      siteId,
      addressId(ctx.config.encryptionKey, r.to),
    );
    if (state.seen) return null;
    const report: DeliveryReport = {
      id: uuidv7(now),
      type: r.type,
      log_id: m.id,
      site_id: siteId,
      message_id: m.message_id,
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
    const suppression: Suppression | undefined = suppresses && !complaint && !state.suppression
      ? {
        email: r.to,
        reason: "bounced",
        detail,
        created_at: isoTime(now),
        report_id: report.id,
        message_id: m.message_id,
      }
      : undefined;
    const unsubscribe: Unsubscribe | undefined = complaint && !state.unsubscribe
      ? { site_id: siteId, email: r.to, source: "complaint", created_at: isoTime(now) }
      : undefined;
    const data = eventData(r, m, detail, suppresses);
    const firstDelivery = r.type === "delivered" && !state.delivered;
    const emit = r.type !== "delivered" || firstDelivery;
    report.event = emit;
    const op = putReport(ctx.kv.atomic(), report, state, seenHash, {
      deliveredOnce: firstDelivery,
    });
    if (suppression) suppressInOp(ctx, op, suppression);
    if (unsubscribe) unsubscribeInOp(ctx, op, unsubscribe);
    if (emit) (await prepareEvent(ctx, siteId, `email.${r.type}`, data)).apply(op);
    if (r.type === "bounced") addDaily(op, siteId, "bounced", now);
    if (await tryCommit(op)) return report;
    // A concurrent copy of the report, delivery or suppression: decide again.
    if (attempt >= 10) throw new Error("delivery report: too many concurrent changes");
  }
}

/** The event's data (spec: Events and data fields). */
function eventData(
  r: ReportInput,
  m: EmailLogRecord,
  detail: string,
  suppressed: boolean,
): Record<string, unknown> {
  const common = { message_id: m.message_id, to: r.to, subject: m.subject };
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
