/**
 * The spec's ordered checks of a send, 5 to 14 (the key and the JSON, 1 to 4,
 * come before, in checkKeyAndBody): the first failure answers.
 *
 *   5 invalid_payload, 6 template_not_found, 7 no_body, 8 invalid_attachment,
 *   9 attachments_too_large, 10 rate_limited, 11 content_flagged,
 *   12 ai_flagged, [contact-form hold], 13 over_quota,
 *   14 send_failed (all recipients suppressed/unsubscribed; the server's
 *   reply comes later, in deliver.ts).
 *
 * 5 to 10 write nothing; 11 to 14 and the hold end the attempt with a log
 * record (reservation.ts). A send that passes them all is a draft: its
 * recipients, content, sender and log record, ready to be reserved and handed
 * to the transport.
 *
 * checkSend runs SEND_STEPS, a table of small named checks in the spec's
 * order (with the two steps that prepare what the later checks read): the
 * order is read, and reviewed, in that table.
 *
 * Long file: the checks and the options and draft they share stay together,
 * so that a new check is one function and one row of the table.
 */
import type { RetryJobKind } from "./retry_schedule.ts";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { issuesToDetails } from "../kernel/validation.ts";
import type { MonthlyUsage } from "../kernel/kv/counters.ts";
import { packJson } from "../kernel/kv/blob.ts";
import type { Site } from "../sites/schema.ts";
import type { Account } from "../accounts/accounts.ts";
import type { WebhookRoute } from "../sites/routing.ts";
import { MailSendBody, type MailSendRequest } from "./schema.ts";
import { resolveTemplate, type TemplateContent } from "./templates.ts";
import { checkAttachments } from "./attachments.ts";
import { applyHeaderPolicy, takeAccountMailHeader } from "./headers.ts";
import type { EmailLogRecord, EmailLogStatus, SpamResults } from "./email_log_store.ts";
import { readSendState, type SendState, servesChecks } from "./send_state_store.ts";
import { FLAG_SCORE, scoreContent, WARN_SCORE } from "../spam/mail_score.ts";
import { shouldClassify } from "../spam/classifier.ts";
import { contentWithMarks, sendMarks } from "./send_marks.ts";
import {
  contactFormSpam,
  HOLD_CONFIDENCE,
  isContactFormNotification,
} from "../spam/contact_form.ts";
import { fail, type SendOutcome } from "./outcome.ts";
import { mailOf } from "./lazy_services.ts";
import {
  type EndEvent,
  knownLogWindow,
  logOutcome,
  type LogWindow,
  noteSendState,
  RATE_LIMIT,
  sendStateQuery,
} from "./reservation.ts";
import {
  formatMailbox,
  givenParts,
  messageIdOf,
  type MessageParts,
  renderContent,
  senderOf,
  trackingOf,
  unsubscribeUrlOf,
} from "./message.ts";
import { clipChars } from "../kernel/text.ts";

/** Who is sending: the public API, a form notification, a sequence step, or SMTP submission. */
export type SendSource = "api" | "form" | "sequence" | "smtp" | "service";

export type SendChecks = {
  rateLimit: boolean;
  content: boolean;
  classifier: boolean;
  contactForm: boolean;
  quota: boolean;
};

const DEFAULT_CHECKS: Record<SendSource, SendChecks> = {
  api: { rateLimit: true, content: true, classifier: true, contactForm: true, quota: true },
  sequence: { rateLimit: true, content: true, classifier: true, contactForm: false, quota: true },
  form: { rateLimit: false, content: false, classifier: false, contactForm: false, quota: false },
  smtp: { rateLimit: true, content: true, classifier: true, contactForm: true, quota: true },
  // The service's own notices to an account's users (a site disabled): text we wrote, not the site's sends.
  service: {
    rateLimit: false,
    content: false,
    classifier: false,
    contactForm: false,
    quota: false,
  },
};

export type SendOptions = {
  /** Default "api". Sets the log's source label (unless source_plugin is given for "api"). */
  source?: SendSource;
  /**
   * Mail to the site's own people (form notifications) and transactional
   * answers to someone who wrote first (form auto-replies): no List-Unsubscribe
   * headers and no open or click tracking. An owner who pressed "unsubscribe"
   * in a mail client would otherwise silently stop their own notifications,
   * tracking them would only skew the site's statistics, and a visitor who
   * asked a question is not on a list.
   */
  operational?: boolean;
  /**
   * Append a visible unsubscribe link (HTML and text) when the body has no
   * `{{unsubscribe_url}}`; only with exactly one recipient. Sequences set it.
   */
  unsubscribeLink?: boolean;
  /**
   * Checks to run; the defaults depend on the source. "form": none of these
   * (the submission was already spam-scored and counts toward the form quota,
   * not the email quota). "api" and "sequence": all.
   */
  checks?: Partial<SendChecks>;
  /**
   * Id of the email log record (a UUIDv7 chosen by the caller). Sequences pass
   * the id they claimed a step with, so that after a crash they can read what
   * became of that attempt. Default: a fresh id.
   */
  logId?: string;
  /**
   * Keep the message and retry it with this job kind when the relay fails
   * temporarily (retry.ts): form notifications, auto-replies and released
   * notifications. mail/send's caller gets send_failed and decides.
   */
  retry?: RetryJobKind;
  /**
   * The caller retries a temporary failure itself, with a new send (sequence
   * steps, whose enrollment keeps the schedule): such a failure emits no
   * `email.failed` (a later attempt may still go out) and answers
   * `temporary: true`. A permanent refusal is reported as usual.
   */
  callerRetries?: boolean;
  /**
   * The send state read already (with the key check, or in the caller's own
   * readMany of `sendStateKeys`). Used when it covers this send's site, `to`
   * addresses and, with the quota check, account; otherwise the state is read here.
   */
  state?: SendState;
};

/** A send that passed checks 5 to 14: what reserving and delivering it need. */
export type SendDraft = {
  site: Site;
  source: SendSource;
  checks: SendChecks;
  logId: string;
  /** The "sending" log record. */
  record: EmailLogRecord;
  /** The window as the checks read it. */
  window: LogWindow;
  hooks: readonly WebhookRoute[];
  /** The account whose monthly email quota the send counts, and its usage (null: none). */
  quota: { account: Account; usage: MonthlyUsage | null } | null;
  /** `to` addresses removed as suppressed or unsubscribed. */
  removed: string[];
  message: MessageParts;
  /** SendOptions.retry, or null. */
  retry: RetryJobKind | null;
  /** SendOptions.callerRetries. */
  callerRetries: boolean;
};

/**
 * The checks' verdict:
 * - answered: refused before anything is written (5 to 10);
 * - logged: ends without sending (11 to 14, held); `write` commits its log
 *   record, window slot and event;
 * - draft: passed.
 */
export type Checked =
  | { kind: "answered"; outcome: SendOutcome }
  | { kind: "logged"; outcome: SendOutcome; write(): Promise<void> }
  | { kind: "draft"; draft: SendDraft };

/** Check 5: the body against the schema (the one parse of a POST /mail/send body). */
export function parseSendInput(
  input: unknown,
): { ok: true; req: MailSendRequest } | { ok: false; outcome: SendOutcome } {
  const parsed = MailSendBody.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      outcome: fail(400, "invalid_payload", { details: issuesToDetails(parsed.error) }),
    };
  }
  // The marker header is the service's instruction, never the recipient's to see
  // (as on SMTP submission); `account_mail` in the body marks the same.
  const marker = takeAccountMailHeader(parsed.data.headers);
  const req = marker.headers === parsed.data.headers
    ? parsed.data
    : { ...parsed.data, headers: marker.headers };
  if (marker.marked) req.account_mail = true;
  return { ok: true, req };
}

/** What the checks of one send know so far: each step adds what it found. */
type Attempt = {
  ctx: Ctx;
  site: Site;
  req: MailSendRequest;
  opts: SendOptions;
  source: SendSource;
  checks: SendChecks;
  label: string;
  tpl: TemplateContent | null;
  given: ReturnType<typeof givenParts>;
  attachments: Extract<ReturnType<typeof checkAttachments>, { ok: true }>;
  // From readState:
  now: number;
  toAddrs: string[];
  state: SendState;
  /** Checks 11 and 12 run (they read the marks). */
  judged: boolean;
  domain: SendState["routing"]["domain"];
  mode: "relay" | "domain";
  // From composeRecord:
  keptTo: MailSendRequest["to"];
  removed: string[];
  envelopeTo: MailSendRequest["to"];
  logId: string;
  unsubscribeUrl: string;
  content: ReturnType<typeof renderContent>;
  sender: ReturnType<typeof senderOf>;
  callerHeaders: ReturnType<typeof applyHeaderPolicy>["kept"];
  spam: SpamResults;
  record: EmailLogRecord;
  marks: ReturnType<typeof sendMarks>;
  // From withinQuota:
  quotaCounts: boolean;
  usage: MonthlyUsage | null;
};

/** A check: a verdict that ends the send, or null to go on. */
type Step = (a: Attempt) => Checked | null | Promise<Checked | null>;

/**
 * The steps of a send after its parse (5), in the spec's order: the first
 * verdict answers. readState and composeRecord check nothing; they prepare
 * what the checks after them read.
 */
const SEND_STEPS: readonly Step[] = [
  templateExists, // 6 template_not_found
  hasBody, // 7 no_body
  attachmentsValid, // 8 invalid_attachment, 9 attachments_too_large
  readState, // everything 10 to 14 read from KV, at once
  withinRateLimit, // 10 rate_limited
  composeRecord, // recipients, content, sender and the "sending" log record
  contentNotFlagged, // 11 content_flagged
  classifierPasses, // 12 ai_flagged
  contactFormNotHeld, // the contact-form hold (answers as sent)
  withinQuota, // 13 over_quota
  recipientsLeft, // 14 send_failed
];

/** Runs checks 6 to 14 on a parsed request; writes nothing (see Checked). */
export async function checkSend(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  opts: SendOptions = {},
): Promise<Checked> {
  const source = opts.source ?? "api";
  const a = {
    ctx,
    site,
    req,
    opts,
    source,
    checks: { ...DEFAULT_CHECKS[source], ...opts.checks },
    label: source === "api" ? (req.source_plugin?.trim() || "api") : source,
  } as Attempt;
  for (const step of SEND_STEPS) {
    const v = step(a);
    const verdict = v instanceof Promise ? await v : v;
    if (verdict) return verdict;
  }
  return { kind: "draft", draft: draftOf(a) };
}

function answered(outcome: SendOutcome): Checked {
  return { kind: "answered", outcome };
}

/** 6. template_not_found. */
async function templateExists(a: Attempt): Promise<Checked | null> {
  a.tpl = null;
  if (a.req.template === undefined || a.req.template === "") return null;
  a.tpl = await resolveTemplate(a.ctx, a.site.account_id, a.req.template);
  return a.tpl ? null : answered(fail(400, "template_not_found"));
}

/** 7. no_body: the template's parts replace html and text when it has content. */
function hasBody(a: Attempt): Checked | null {
  a.given = givenParts(a.req, a.tpl);
  return !a.given.html && !a.given.text ? answered(fail(400, "no_body")) : null;
}

/** 8 and 9: invalid_attachment, attachments_too_large. */
function attachmentsValid(a: Attempt): Checked | null {
  const att = checkAttachments(a.req.attachments ?? []);
  if (att.ok) {
    a.attachments = att;
    return null;
  }
  return answered(
    att.code === "invalid_attachment"
      ? fail(400, "invalid_attachment", { filename: att.filename })
      : fail(400, "attachments_too_large"),
  );
}

/** Everything the remaining checks need from KV, read at once (or the caller's read). */
async function readState(a: Attempt): Promise<null> {
  const { ctx, site, checks, opts } = a;
  a.now = ctx.clock.now();
  a.toAddrs = a.req.to.map((m) => m.address.toLowerCase());
  const emails = [...new Set(a.toAddrs)];
  const pre = opts.state?.query;
  // Checks 11 and 12 read the account's marks and the service-wide list (spam/mail_marks.ts).
  a.judged = checks.content || checks.classifier;
  // State read for another site, other recipients or another account is read again.
  a.state = pre && pre.siteId === site.id && emails.every((e) => pre.emails.includes(e)) &&
      (!checks.quota || pre.accountId === site.account_id) &&
      (!a.judged || pre.marks?.accountId === site.account_id) && servesChecks(pre, checks)
    ? opts.state!
    : await readSendState(
      ctx.kv,
      sendStateQuery(site, emails, a.now, ctx.config.encryptionKey, {
        quota: true,
        marks: true,
        known: knownLogWindow(ctx, site.id),
      }),
    );
  noteSendState(ctx, a.state);
  a.domain = a.req.sender_mode === "relay" ? null : a.state.routing.domain;
  a.mode = a.domain ? "domain" : "relay";
  return null;
}

/** 10. rate_limited. */
function withinRateLimit(a: Attempt): Checked | null {
  const over = a.checks.rateLimit && a.state.window.times.length >= RATE_LIMIT;
  return over ? answered(fail(200, "rate_limited")) : null;
}

/** The recipients left, the content, the sender and the "sending" log record. */
async function composeRecord(a: Attempt): Promise<null> {
  const { ctx, site, req, opts, tpl, toAddrs } = a;
  // Recipients after suppressions and unsubscribes (rule 1; cc and bcc untouched).
  // Account mail (a password reset) still reaches someone who unsubscribed from
  // the site's other mail; a bounce or complaint suppression still applies.
  const blocked = (x: string) => {
    const b = a.state.blocks.get(x);
    return b !== undefined && !(req.account_mail && b === "unsubscribed");
  };
  a.keptTo = req.to.filter((m) => !blocked(m.address.toLowerCase()));
  a.removed = [...new Set(toAddrs.filter(blocked))];
  a.envelopeTo = a.keptTo.length ? [...a.keptTo, ...(req.cc ?? []), ...(req.bcc ?? [])] : [];
  const single = a.envelopeTo.length === 1 ? a.envelopeTo[0].address : null;
  a.logId = opts.logId ?? uuidv7(a.now);
  // An operational mail (a form notification) or account mail carries no
  // List-Unsubscribe; its URL is only made when a template or the visible link
  // may use it (an HMAC per message, about 2 % of the HTTP thread on forms/submit).
  const usesUnsubscribeUrl = !noListUnsubscribe(a) || !!tpl || req.data !== undefined ||
    (!!opts.unsubscribeLink && !!single);
  a.unsubscribeUrl = usesUnsubscribeUrl ? unsubscribeUrlOf(ctx, site.id, single) : "";
  a.content = renderContent({
    site,
    req,
    tpl,
    given: a.given,
    unsubscribeUrl: a.unsubscribeUrl,
    appendUnsubscribeLink: !!opts.unsubscribeLink && !!single,
  });
  a.sender = senderOf(ctx, site, req, a.domain, a.source === "sequence" || !!tpl);
  a.spam = { content: null, classifier: null, contact_form: null };
  const { kept, dropped } = applyHeaderPolicy(req.headers);
  a.callerHeaders = kept;
  a.record = await sendingRecord(a, dropped);
  // The account's marks and the service-wide list; keepSignature() keeps the text's MinHash
  // on the record of mail refused, held or warned about (what a mark on it counts).
  a.marks = sendMarks(a.judged ? a.state.marks : null, a.sender.from, a.record, a.content.text);
  return null;
}

/** The "sending" log record of the attempt. */
async function sendingRecord(a: Attempt, dropped: string[]): Promise<EmailLogRecord> {
  const { ctx, site, req, now } = a;
  return {
    id: a.logId,
    site_id: site.id,
    source: a.label,
    mode: a.mode,
    status: "sending",
    reason: null,
    error: null,
    message_id: null,
    from: formatMailbox(a.sender.from),
    subject: a.content.subject,
    to_first: a.toAddrs[0],
    recipients: await packJson(ctx.kv, {
      to: req.to.map((m) => m.address),
      cc: (req.cc ?? []).map((m) => m.address),
      bcc: (req.bcc ?? []).map((m) => m.address),
    }),
    removed: a.removed,
    template: a.tpl?.id ?? null,
    attachments: req.attachments?.length ?? 0,
    dropped_headers: dropped,
    spam: a.spam,
    warning: false,
    flagged: false,
    tracking: { opens: false, clicks: false },
    ...(site.sandbox && { test: true as const }),
    ...(req.account_mail && { account_mail: true as const }),
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
}

/** An attempt that ends without sending, with the log record's change and the event. */
function logged(
  a: Attempt,
  outcome: SendOutcome,
  change: { status: EmailLogStatus; reason: string } & Partial<EmailLogRecord>,
  event: EndEvent,
): Checked {
  const { ctx, site, record } = a;
  const window = a.state.window;
  const hooks = a.state.routing.webhooks;
  return {
    kind: "logged",
    outcome,
    write: () => logOutcome(ctx, { site, record, window, change, event, hooks }),
  };
}

function rejected(a: Attempt, reason: "content_flagged" | "ai_flagged" | "over_quota"): Checked {
  if (reason !== "over_quota") a.marks.keepSignature();
  return logged(
    a,
    fail(reason === "over_quota" ? 200 : 400, reason, { log_id: a.logId }),
    {
      status: reason === "over_quota" ? "rejected" : "flagged",
      reason,
      flagged: reason !== "over_quota",
    },
    { type: "email.rejected", data: { to: a.toAddrs[0], subject: a.content.subject, reason } },
  );
}

/**
 * 11. content_flagged (30-59: sent with a warning). The account's spam marks and
 * the service-wide list add their points; its ham marks let the mail through.
 */
function contentNotFlagged(a: Attempt): Checked | null {
  if (!a.checks.content) return null;
  const { marks, passed, keepSignature } = a.marks;
  const score = contentWithMarks(scoreContent(a.content.subject, a.content.text), marks);
  a.spam.content = score;
  a.record.warning = !passed && score.score >= WARN_SCORE && score.score < FLAG_SCORE;
  if (a.record.warning) keepSignature();
  return !passed && score.score >= FLAG_SCORE ? rejected(a, "content_flagged") : null;
}

/** 12. ai_flagged. */
async function classifierPasses(a: Attempt): Promise<Checked | null> {
  const { subject, text } = a.content;
  if (!a.checks.classifier || !shouldClassify(a.state.logTotal, subject)) return null;
  const verdict = await mailOf(a.ctx).classifier.classify({
    from: a.sender.from.address,
    to: a.toAddrs[0],
    subject,
    text,
    html: a.content.givenHtml,
  });
  a.spam.classifier = {
    engine: verdict.engine,
    spam: verdict.spam,
    score: verdict.score,
    detail: verdict.detail,
  };
  // The model's 30-59 band is sent with the log's warning, as check 11's is.
  if (verdict.warning && !a.marks.passed) {
    a.record.warning = true;
    a.marks.keepSignature();
  }
  return verdict.spam && !a.marks.passed ? rejected(a, "ai_flagged") : null;
}

/** Contact-form notifications: the extra check; held mail answers as sent (rule 2). */
function contactFormNotHeld(a: Attempt): Checked | null {
  const { subject, text } = a.content;
  if (!a.checks.contactForm || !isContactFormNotification(a.req.source_plugin, subject)) {
    return null;
  }
  const cf = contactFormSpam(subject, text);
  a.spam.contact_form = cf;
  if (cf.confidence < HOLD_CONFIDENCE) return null;
  a.marks.keepSignature();
  return logged(
    a,
    { ok: true, sent: true, held: true, reason: "held_as_spam", mode: a.mode, log_id: a.logId },
    { status: "held", reason: "held_as_spam", flagged: true },
    {
      type: "email.held",
      data: {
        to: a.toAddrs[0],
        subject,
        reason: "held_as_spam",
        confidence: cf.confidence,
        detail: cf.detail == null ? cf.detail : clipChars(cf.detail, 200),
      },
    },
  );
}

/** 13. over_quota (relay mode only; per account and UTC month). */
function withinQuota(a: Attempt): Checked | null {
  const account = a.state.account;
  const limit = account?.monthly_email_limit ?? null;
  a.quotaCounts = a.checks.quota && a.mode === "relay" && !!account;
  a.usage = a.quotaCounts && limit !== null ? a.state.usage : null;
  return a.usage && a.usage.count >= limit! ? rejected(a, "over_quota") : null;
}

/** 14. send_failed: every `to` address suppressed or unsubscribed. */
function recipientsLeft(a: Attempt): Checked | null {
  if (a.keptTo.length > 0) return null;
  // Mixed case: all_recipients_unsubscribed only when every one is unsubscribed
  // (none suppressed); a service-wide suppression is the stronger reason.
  const allUnsub = a.removed.every((x) => a.state.blocks.get(x) === "unsubscribed");
  const error = allUnsub ? "all_recipients_unsubscribed" : "all_recipients_suppressed";
  return logged(
    a,
    fail(200, "send_failed", { error, log_id: a.logId }),
    { status: "suppressed", reason: error, error },
    {
      type: "email.suppressed",
      data: {
        to: a.toAddrs[0],
        subject: a.content.subject,
        reason: allUnsub ? "unsubscribed" : "bounced_or_complained",
      },
    },
  );
}

/** Operational and account mail carry no List-Unsubscribe header. */
function noListUnsubscribe(a: Attempt): boolean {
  return !!a.opts.operational || !!a.req.account_mail;
}

/** The draft of a send that passed every check. */
function draftOf(a: Attempt): SendDraft {
  const { ctx, site, req, opts, logId, domain, content } = a;
  const messageId = messageIdOf(ctx, logId, domain);
  const tracking = trackingOf(site, !!opts.operational, content.givenHtml !== null);
  a.record.message_id = messageId;
  a.record.tracking = tracking;
  return {
    site,
    source: a.source,
    checks: a.checks,
    logId,
    record: a.record,
    window: a.state.window,
    hooks: a.state.routing.webhooks,
    quota: a.quotaCounts ? { account: a.state.account!, usage: a.usage } : null,
    removed: a.removed,
    retry: opts.retry ?? null,
    callerRetries: opts.callerRetries === true,
    message: {
      site,
      logId,
      now: a.now,
      domain,
      messageId,
      tracking,
      label: a.label,
      operational: noListUnsubscribe(a),
      from: a.sender.from,
      replyTo: a.sender.replyTo,
      to: a.keptTo,
      cc: req.cc ?? [],
      envelopeTo: a.envelopeTo,
      content,
      callerHeaders: a.callerHeaders,
      unsubscribeUrl: a.unsubscribeUrl,
      attachments: a.attachments.decode(),
    },
  };
}
