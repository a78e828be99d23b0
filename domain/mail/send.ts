/**
 * The send path: POST /mail/send, form notifications and sequence steps all
 * call `sendMail`. It runs the spec's ordered checks (5 to 14; the route does
 * 1 to 4), writes the email log, emits the events and hands the message to the
 * transport.
 *
 * Order (first failure answers):
 *   5 invalid_payload, 6 template_not_found, 7 no_body, 8 invalid_attachment,
 *   9 attachments_too_large, 10 rate_limited, 11 content_flagged,
 *   12 ai_flagged, [contact-form hold], 13 over_quota,
 *   14 send_failed (all recipients suppressed/unsubscribed, or the server's reply).
 *
 * Storage: every outcome from 11 on is one log record, committed in one atomic
 * op with the site's send window (the 120-in-60-s limit), the site's log total
 * and its event. A send reserves its log record, window slot and quota unit
 * *before* the SMTP hand-off (versionstamp-checked, so concurrent sends cannot
 * slip past the limits), then commits the outcome and its event before the
 * answer. A rate_limited answer writes nothing (logging it would keep a busy
 * site limited forever).
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { issuesToDetails } from "../kernel/validation.ts";
import type { FieldIssue } from "../kernel/errors.ts";
import { ConflictError } from "../kernel/errors.ts";
import { unseal } from "../kernel/crypto.ts";
import { prepareEvent } from "../webhooks/events.ts";
import type { Site } from "../sites/store.ts";
import { getSite, updateSite } from "../sites/store.ts";
import type { Account } from "../accounts/store.ts";
import type { MailDomain, WebhookRoute } from "../sites/routing_store.ts";
import {
  addMonthly,
  addTotal,
  appendWindow,
  readMonthly,
  readWindow,
  type WindowState,
} from "../kernel/kv/counters.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import {
  readSendState,
  type SendState,
  sendStateKeys,
  sendStateOf,
  type SendStateQuery,
  withTotal,
} from "./send_state_store.ts";
import { packJson } from "../kernel/kv/blob.ts";
import {
  type EmailLogRecord,
  type EmailLogStatus,
  putEmailLog,
  putLatestTo,
  replaceEmailLog,
  type SpamResults,
  subtractMonthly,
} from "./email_log_store.ts";
import { type Mailbox, MailSendBody, type MailSendInput, parseMailbox } from "./schema.ts";
import { resolveTemplate, type TemplateContent } from "./templates.ts";
import { checkAttachments } from "./attachments.ts";
import {
  escapeHtml,
  fillSubject,
  fillVariables,
  htmlToText,
  type TemplateData,
  textToHtml,
  usesVariable,
} from "./render.ts";
import { type ContentScore, FLAG_SCORE, scoreContent, WARN_SCORE } from "../spam/mail_score.ts";
import { type ClassifierVerdict, shouldClassify } from "../spam/classifier.ts";
import {
  contactFormSpam,
  HOLD_CONFIDENCE,
  isContactFormNotification,
} from "../spam/contact_form.ts";
import { applyHeaderPolicy, hasHeader } from "./headers.ts";
import { type ComposeAttachment, type DkimKey, safeContentType } from "./compose.ts";
import type { TrackingOptions } from "./tracking.ts";
import { unsubscribeToken, verpAddress } from "./tokens.ts";
import { failureText } from "./transport.ts";
import { mailServices } from "./services.ts";
import { withLock } from "../kernel/locks.ts";

/** Who is sending: the public API, a form notification, a sequence step, or SMTP submission. */
export type SendSource = "api" | "form" | "sequence" | "smtp";

export type SendOptions = {
  /** Default "api". Sets the log's source label (unless source_plugin is given for "api"). */
  source?: SendSource;
  /**
   * Mail to the site's own people (form notifications): no List-Unsubscribe
   * headers and no open or click tracking. An owner who pressed "unsubscribe"
   * in a mail client would otherwise silently stop their own notifications,
   * and tracking them would only skew the site's statistics.
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
   * The send state read already (the caller put `sendStateKeys` into its own
   * getMany). Used when it covers this send's site, `to` addresses and, with
   * the quota check, account; otherwise the state is read here.
   */
  state?: SendState;
  /** Or the entries of `sendStateKeys(query)` read elsewhere (see sendStateAhead). */
  ahead?: { query: SendStateQuery; entries: Deno.KvEntryMaybe<unknown>[] };
};

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
};

export type SendErrorCode =
  | "invalid_payload"
  | "template_not_found"
  | "no_body"
  | "invalid_attachment"
  | "attachments_too_large"
  | "rate_limited"
  | "content_flagged"
  | "ai_flagged"
  | "over_quota"
  | "send_failed";

export type SendOutcome =
  | {
    ok: true;
    sent: true;
    held: false;
    mode: "relay" | "domain";
    message_id: string;
    log_id: string;
    /** `to` addresses that received it (suppressed/unsubscribed ones removed). */
    to: string[];
    /** `to` addresses removed as suppressed or unsubscribed. */
    removed: string[];
  }
  | {
    ok: true;
    sent: true;
    held: true;
    reason: "held_as_spam";
    mode: "relay" | "domain";
    log_id: string;
  }
  | {
    ok: false;
    sent: false;
    /** HTTP status the public API answers with. */
    status: 200 | 400;
    reason: SendErrorCode;
    /** The code, or the failure text for send_failed. */
    error: string;
    details?: FieldIssue[];
    filename?: string;
    /** The log record, when the attempt was logged (checks 11 to 14). */
    log_id: string | null;
  };

/** Spec: 120 or more log entries for the site in the last 60 seconds. */
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;
const WINDOW = "site_email_log";
/** Running totals (addTotal/readTotal names). */
export const TOTALS = {
  /** Log entries of a site: kept by the send window now (siteLogTotal); summed before. */
  log: "site_email_log",
  sent: "site_emails_sent",
  opens: "site_email_opens",
  clicks: "site_email_clicks",
  messageOpens: "message_opens",
  messageClicks: "message_clicks",
} as const;

export type LogWindow = WindowState & { total: number };

/** The site's send window as it is now, with the site's log total. */
async function readLogWindow(ctx: Ctx, siteId: string): Promise<LogWindow> {
  const w = await readWindow(ctx.kv, WINDOW, siteId, ctx.clock.now(), RATE_WINDOW_MS);
  return await withTotal(ctx.kv, siteId, TOTALS.log, w);
}

/**
 * Adds one log entry to the site's window inside `op`: its slot, and the
 * site's log total that the window keeps (TOTALS.log is that total as summed
 * before windows kept it).
 */
function appendLogEntry(op: Deno.AtomicOperation, w: LogWindow, now: number) {
  appendWindow(op, w, now, RATE_WINDOW_MS, RATE_LIMIT, w.total + 1);
}

/** Email log entries of a site ever (email-stats `logged`). */
export async function siteLogTotal(ctx: Ctx, siteId: string): Promise<number> {
  return (await readLogWindow(ctx, siteId)).total;
}

const fail = (
  status: 200 | 400,
  reason: SendErrorCode,
  extra: { error?: string; details?: FieldIssue[]; filename?: string; log_id?: string } = {},
): SendOutcome => ({
  ok: false,
  sent: false,
  status,
  reason,
  error: extra.error ?? reason,
  ...(extra.details && { details: extra.details }),
  ...(extra.filename !== undefined && { filename: extra.filename }),
  log_id: extra.log_id ?? null,
});

export function baseUrl(ctx: Ctx): string {
  return ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
}

export function relayDomain(ctx: Ctx): string {
  return ctx.config.SVC_RELAY_FROM.split("@")[1];
}

function returnPathDomain(ctx: Ctx): string {
  return ctx.config.SVC_RETURN_PATH_DOMAIN ?? relayDomain(ctx);
}

// Unsealed keys, by domain id and sealed value (a new key is a new entry).
const dkimCache = new Map<string, string>();

function dkimKeyOf(ctx: Ctx, d: MailDomain): DkimKey {
  const cacheKey = `${d.id}:${d.dkim.private_key}`;
  let pem = dkimCache.get(cacheKey);
  if (!pem) {
    pem = unseal(ctx.config.encryptionKey, d.dkim.private_key, d.id);
    if (dkimCache.size >= 1000) dkimCache.clear();
    dkimCache.set(cacheKey, pem);
  }
  return { domainName: d.domain, keySelector: d.dkim.selector, privateKey: pem };
}

function formatMailbox(m: Mailbox): string {
  return m.name ? `"${m.name.replace(/["\\]/g, "\\$&")}" <${m.address}>` : m.address;
}

const feedbackPart = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "x";

/**
 * Sends one email for `site`. Never throws for an expected outcome: validation
 * errors, refusals and transport failures come back as `ok: false` with the
 * spec's code (and HTTP status for the public API).
 */
export async function sendMail(
  ctx: Ctx,
  site: Site,
  input: MailSendInput,
  opts: SendOptions = {},
): Promise<SendOutcome> {
  const p = await prepareSend(ctx, site, input, opts);
  if (p.kind === "answered") return p.outcome;
  if (p.kind === "logged") {
    await p.write();
    return p.outcome;
  }
  const refused = await p.reserve();
  return refused ?? await p.deliver();
}

/**
 * A send decided up to the SMTP hand-off (checks 5 to 14 done, message built):
 * - answered: refused before anything is written (5 to 10);
 * - logged: ends without sending (11 to 14, held); `write` commits its log
 *   record, window slot and event;
 * - send: to be reserved (`reserve`, or `reservation` inside the caller's own
 *   atomic op) and then handed to SMTP with `deliver`, which commits the
 *   outcome and its event (with the caller's `extra` mutations) before it
 *   answers.
 */
export type PreparedSend =
  | { kind: "answered"; outcome: SendOutcome }
  | { kind: "logged"; outcome: SendOutcome; write(): Promise<void> }
  | {
    kind: "send";
    logId: string;
    /**
     * Takes the log record, window slot and quota unit, checked against
     * concurrent sends (in-process sends of the site take turns); an outcome
     * when a concurrent send took the last slot or unit (then written), else null.
     */
    reserve(): Promise<SendOutcome | null>;
    /**
     * Adds the reservation to the caller's `op` instead (sends that count no
     * quota only): the "sending" record and the window slot, guarded by the
     * window's versionstamp (`window`: a fresher read than the prepared one).
     */
    reservation(op: Deno.AtomicOperation, window?: LogWindow): void;
    /** Reads the site's window again (a caller that waited for its turn). */
    freshWindow(): Promise<LogWindow>;
    deliver(extra?: (op: Deno.AtomicOperation, sent: boolean) => void): Promise<SendOutcome>;
  };

/** The send-state query of a send (what `opts.state` must have been read with). */
export function sendStateQuery(
  site: Pick<Site, "id" | "account_id">,
  emails: string[],
  now: number,
  opts: { quota: boolean },
): SendStateQuery {
  return {
    siteId: site.id,
    accountId: opts.quota ? site.account_id : null,
    windowName: WINDOW,
    totalName: TOTALS.log,
    now,
    windowMs: RATE_WINDOW_MS,
    emails,
  };
}

/**
 * The send state a POST /mail/send body will need, for the site and account
 * its key acted for before (read with the key check; prepareSend reads again
 * whatever turns out not to match). Null when the body names no recipient.
 */
export function sendStateAhead(
  json: unknown,
  siteId: string,
  accountId: string | null,
  now: number,
): { query: SendStateQuery; keys: Deno.KvKey[] } | null {
  const to = (json as { to?: unknown } | null)?.to;
  const items = typeof to === "string" ? [to] : Array.isArray(to) ? to.slice(0, 50) : [];
  const emails = new Set<string>();
  for (const item of items) {
    const m = typeof item === "string" ? parseMailbox(item) : null;
    if (m) emails.add(m.address.toLowerCase());
  }
  if (!emails.size) return null;
  const query = sendStateQuery({ id: siteId, account_id: accountId }, [...emails], now, {
    quota: true,
  });
  return { query, keys: sendStateKeys(query) };
}

/** Runs checks 5 to 14 and builds the message; writes nothing (see PreparedSend). */
export async function prepareSend(
  ctx: Ctx,
  site: Site,
  input: MailSendInput,
  opts: SendOptions = {},
): Promise<PreparedSend> {
  const answered = (outcome: SendOutcome): PreparedSend => ({ kind: "answered", outcome });
  // 5. invalid_payload
  const parsed = MailSendBody.safeParse(input);
  if (!parsed.success) {
    return answered(fail(400, "invalid_payload", { details: issuesToDetails(parsed.error) }));
  }
  const req = parsed.data;
  const source = opts.source ?? "api";
  const checks = { ...DEFAULT_CHECKS[source], ...opts.checks };
  const label = source === "api" ? (req.source_plugin?.trim() || "api") : source;

  // 6. template_not_found
  let tpl: TemplateContent | null = null;
  if (req.template !== undefined && req.template !== "") {
    tpl = await resolveTemplate(ctx, site.account_id, req.template);
    if (!tpl) return answered(fail(400, "template_not_found"));
  }

  // 7. no_body: the template's parts replace html and text when it has content.
  const tplHasBody = !!(tpl && (tpl.html || tpl.text));
  let html = (tplHasBody ? tpl!.html : req.html) || null;
  let text = (tplHasBody ? tpl!.text : req.text) || null;
  if (!html && !text) return answered(fail(400, "no_body"));

  // 8 and 9. attachments
  const att = checkAttachments(req.attachments ?? []);
  if (!att.ok) {
    return answered(
      att.code === "invalid_attachment"
        ? fail(400, "invalid_attachment", { filename: att.filename })
        : fail(400, "attachments_too_large"),
    );
  }

  // Everything the remaining checks need from KV, read at once.
  const now = ctx.clock.now();
  const toAddrs = req.to.map((m) => m.address.toLowerCase());
  const emails = [...new Set(toAddrs)];
  const given = opts.state ??
    (opts.ahead ? await sendStateOf(ctx.kv, opts.ahead.query, opts.ahead.entries) : null);
  const pre = given?.query;
  // State read for another site, other recipients or another account is read again.
  const state = pre && pre.siteId === site.id && emails.every((e) => pre.emails.includes(e)) &&
      (!checks.quota || pre.accountId === site.account_id)
    ? given!
    : await readSendState(ctx.kv, sendStateQuery(site, emails, now, { quota: true }));
  const { window, logTotal, account, blocks } = state;
  const hooks = state.routing.webhooks;
  const domain = req.sender_mode === "relay" ? null : state.routing.domain;
  const mode: "relay" | "domain" = domain ? "domain" : "relay";

  // 10. rate_limited
  if (checks.rateLimit && window.times.length >= RATE_LIMIT) {
    return answered(fail(200, "rate_limited"));
  }

  // Recipients after suppressions and unsubscribes (rule 1; cc and bcc untouched).
  const keptTo = req.to.filter((m) => !blocks.has(m.address.toLowerCase()));
  const removed = [...new Set(toAddrs.filter((a) => blocks.has(a)))];
  const envelopeTo = keptTo.length ? [...keptTo, ...(req.cc ?? []), ...(req.bcc ?? [])] : [];
  const single = envelopeTo.length === 1 ? envelopeTo[0].address : null;

  // Content: template variables, subject, the missing part.
  const logId = opts.logId ?? uuidv7(now);
  const base = baseUrl(ctx);
  const unsubscribeUrl = single
    ? `${base}/u/${unsubscribeToken(ctx.config.encryptionKey, site.id, single)}`
    : "";
  const render = !!tpl || req.data !== undefined;
  const data: TemplateData = {
    site_name: site.name,
    site_domain: site.domain,
    ...req.data,
    unsubscribe_url: unsubscribeUrl,
  };
  if (render) {
    if (html) html = fillVariables(html, data, true);
    if (text) text = fillVariables(text, data, false);
  }
  let subject = req.subject ? (render ? fillSubject(req.subject, data) : req.subject) : "";
  // Blank counts as empty: a Subject of only white space and line breaks would be
  // left out of the message altogether (CR and LF become spaces in a header).
  if (isBlank(subject) && tpl?.subject) subject = fillSubject(tpl.subject, data);
  if (isBlank(subject)) subject = `Message from ${site.name}`;
  if (opts.unsubscribeLink && single) {
    const inHtml = (tplHasBody ? tpl!.html : req.html) ?? "";
    const inText = (tplHasBody ? tpl!.text : req.text) ?? "";
    if (html && !usesVariable(inHtml, "unsubscribe_url")) {
      html = appendUnsubscribeHtml(html, unsubscribeUrl);
    }
    if (text && !usesVariable(inText, "unsubscribe_url")) {
      text = `${text.replace(/\s+$/, "")}\n\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
    }
  }
  const textPart = text ?? htmlToText(html!);
  const htmlPart = html ?? textToHtml(text!);

  const senderName = req.from?.name?.trim() || site.default_from_name?.trim() || site.name;
  const from: Mailbox = {
    name: senderName,
    address: mode === "domain" ? domain!.from_address! : ctx.config.SVC_RELAY_FROM,
  };
  const replyTo: Mailbox[] = req.reply_to?.length
    ? req.reply_to
    : mode === "relay" && req.original_from
    ? [req.original_from]
    : [];

  const spam: SpamResults = { content: null, classifier: null, contact_form: null };
  const { kept: callerHeaders, dropped } = applyHeaderPolicy(req.headers);
  const record: EmailLogRecord = {
    id: logId,
    site_id: site.id,
    source: label,
    mode,
    status: "sending",
    reason: null,
    error: null,
    message_id: null,
    from: formatMailbox(from),
    subject,
    to_first: toAddrs[0],
    recipients: await packJson(ctx.kv, {
      to: req.to.map((m) => m.address),
      cc: (req.cc ?? []).map((m) => m.address),
      bcc: (req.bcc ?? []).map((m) => m.address),
    }),
    removed,
    template: tpl?.id ?? null,
    attachments: req.attachments?.length ?? 0,
    dropped_headers: dropped,
    spam,
    warning: false,
    flagged: false,
    tracking: { opens: false, clicks: false },
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  const logged = (
    status: EmailLogStatus,
    reason: string,
    event: EndEvent,
    extra: Partial<EmailLogRecord> = {},
  ) => logOutcome(ctx, site, record, window, { status, reason, ...extra }, event, hooks);
  const rejected = (reason: "content_flagged" | "ai_flagged" | "over_quota"): PreparedSend => ({
    kind: "logged",
    outcome: fail(reason === "over_quota" ? 200 : 400, reason, { log_id: logId }),
    write: () =>
      logged(reason === "over_quota" ? "rejected" : "flagged", reason, {
        type: "email.rejected",
        data: { to: toAddrs[0], subject, reason },
      }, { flagged: reason !== "over_quota" }),
  });

  // 11. content_flagged (30-59: sent with a warning)
  let content: ContentScore | null = null;
  if (checks.content) {
    content = scoreContent(subject, textPart);
    spam.content = content;
    record.warning = content.score >= WARN_SCORE && content.score < FLAG_SCORE;
    if (content.score >= FLAG_SCORE) return rejected("content_flagged");
  }

  // 12. ai_flagged
  if (checks.classifier && shouldClassify(logTotal, subject)) {
    const verdict: ClassifierVerdict = await mailServices(ctx).classifier.classify({
      from: from.address,
      to: toAddrs[0],
      subject,
      text: textPart,
      html,
    });
    spam.classifier = {
      engine: verdict.engine,
      spam: verdict.spam,
      score: verdict.score,
      detail: verdict.detail,
    };
    if (verdict.spam) return rejected("ai_flagged");
  }

  // Contact-form notifications: the extra check; held mail answers as sent (rule 2).
  if (checks.contactForm && isContactFormNotification(req.source_plugin, subject)) {
    const cf = contactFormSpam(subject, textPart);
    spam.contact_form = cf;
    if (cf.confidence >= HOLD_CONFIDENCE) {
      return {
        kind: "logged",
        outcome: { ok: true, sent: true, held: true, reason: "held_as_spam", mode, log_id: logId },
        write: () =>
          logged("held", "held_as_spam", {
            type: "email.held",
            data: {
              to: toAddrs[0],
              subject,
              reason: "held_as_spam",
              confidence: cf.confidence,
              detail: cf.detail?.slice(0, 200),
            },
          }, { flagged: true }),
      };
    }
  }

  // 13. over_quota (relay mode only; per account and UTC month)
  const limit = account?.monthly_email_limit ?? null;
  const quotaCounts = checks.quota && mode === "relay" && !!account;
  const usage = quotaCounts && limit !== null ? state.usage : null;
  if (usage && usage.count >= limit!) return rejected("over_quota");

  // 14. send_failed: every `to` address suppressed or unsubscribed.
  if (keptTo.length === 0) {
    // Mixed case: all_recipients_unsubscribed only when every one is unsubscribed
    // (none suppressed); a service-wide suppression is the stronger reason.
    const allUnsub = removed.every((a) => blocks.get(a) === "unsubscribed");
    const error = allUnsub ? "all_recipients_unsubscribed" : "all_recipients_suppressed";
    return {
      kind: "logged",
      outcome: fail(200, "send_failed", { error, log_id: logId }),
      write: () =>
        logged("suppressed", error, {
          type: "email.suppressed",
          data: {
            to: toAddrs[0],
            subject,
            reason: allUnsub ? "unsubscribed" : "bounced_or_complained",
          },
        }, { error }),
    };
  }

  // The message.
  const messageId = `<${logId}@${mode === "domain" ? domain!.domain : relayDomain(ctx)}>`;
  const envelopeFrom = verpAddress(ctx.config.encryptionKey, logId, returnPathDomain(ctx));
  const tracking = opts.operational ? { opens: false, clicks: false } : {
    opens: site.tracking?.opens ?? true,
    clicks: site.tracking?.clicks ?? true,
  };
  // Applied by the transport, beside the HTTP thread when a delivery worker builds the message.
  const trackingOptions: TrackingOptions | null = tracking.opens || tracking.clicks
    ? {
      base,
      encKey: ctx.config.encryptionKey,
      logId,
      opens: tracking.opens,
      clicks: tracking.clicks,
      skipPrefix: `${base}/u/`,
    }
    : null;
  const headers: Record<string, string> = {
    ...callerHeaders,
    "Feedback-ID": `${feedbackPart(label)}:${mode}:${site.id}:svc`,
  };
  if (single && !opts.operational && !hasHeader(callerHeaders, "List-Unsubscribe")) {
    headers["List-Unsubscribe"] = `<${unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const attachments: ComposeAttachment[] = att.decode().map(({ item, content }) => ({
    filename: item.filename,
    content,
    contentType: safeContentType(item.content_type),
    cid: item.content_id?.replace(/^<|>$/g, "") || undefined,
  }));
  record.message_id = messageId;
  record.tracking = tracking;

  const reserveNow = async (): Promise<SendOutcome | null> => {
    const reserved = await reserve(
      ctx,
      site,
      record,
      window,
      checks,
      quotaCounts ? account : null,
      usage,
    );
    if (reserved.ok) return null;
    // Lost the race to a concurrent send that took the last slot or quota unit.
    if (reserved.code === "rate_limited") return fail(200, "rate_limited");
    const w = await readLogWindow(ctx, site.id);
    await logOutcome(ctx, site, record, w, { status: "rejected", reason: "over_quota" }, {
      type: "email.rejected",
      data: { to: toAddrs[0], subject, reason: "over_quota" },
    }, hooks);
    return fail(200, "over_quota", { log_id: logId });
  };

  const deliver = async (
    extra?: (op: Deno.AtomicOperation, sent: boolean) => void,
  ): Promise<SendOutcome> => {
    let failure: string | null = null;
    try {
      await mailServices(ctx).transport.send({
        id: logId,
        messageId,
        envelopeFrom,
        recipients: envelopeTo.map((m) => m.address),
        headerFrom: formatMailbox(from),
        subject,
        message: {
          messageId,
          date: new Date(now),
          from,
          to: keptTo,
          cc: req.cc ?? [],
          replyTo,
          subject,
          html: htmlPart,
          text: textPart,
          attachments,
          headers,
          dkim: domain ? dkimKeyOf(ctx, domain) : null,
        },
        tracking: trackingOptions,
      });
    } catch (e) {
      failure = failureText(e);
    }

    const done = isoTime(ctx.clock.now());
    const firstTo = keptTo[0].address.toLowerCase();
    if (failure !== null) {
      const final: EmailLogRecord = {
        ...record,
        status: "failed",
        reason: "send_failed",
        error: failure,
        updated_at: done,
      };
      const ev = await prepareEvent(ctx, site.id, "email.failed", {
        to: firstTo,
        subject,
        error: failure.slice(0, 300),
        // The spec's only value; form mail is labelled in the log, not the event.
        source: source === "sequence" ? "sequence" : undefined,
      }, hooks);
      const op = replaceEmailLog(ctx.kv.atomic(), final);
      if (quotaCounts) subtractMonthly(op, account!.id, "email", now);
      extra?.(op, false);
      await commit(ev.apply(op), "email log (failed)");
      return fail(200, "send_failed", { error: failure, log_id: logId });
    }

    const final: EmailLogRecord = {
      ...record,
      status: record.warning ? "warning" : "sent",
      reason: record.warning ? "content_warning" : null,
      updated_at: done,
    };
    const ev = await prepareEvent(ctx, site.id, "email.sent", {
      message_id: messageId,
      to: firstTo,
      subject,
      mode,
      // The spec's only value; form mail is labelled in the log, not the event.
      source: source === "sequence" ? "sequence" : undefined,
    }, hooks);
    const op = replaceEmailLog(ctx.kv.atomic(), final);
    addTotal(op, TOTALS.sent, site.id);
    putLatestTo(op, keptTo.map((m) => m.address.toLowerCase()), logId);
    extra?.(op, true);
    await commit(ev.apply(op), "email log (sent)");
    if (!site.verified) await markVerified(ctx, site.id);
    return {
      ok: true,
      sent: true,
      held: false,
      mode,
      message_id: messageId,
      log_id: logId,
      to: keptTo.map((m) => m.address),
      removed,
    };
  };

  return {
    kind: "send",
    logId,
    reserve: reserveNow,
    reservation(op, w = window) {
      if (quotaCounts) throw new Error("a send that counts quota reserves with reserve()");
      putEmailLog(op, record);
      appendLogEntry(op, w, ctx.clock.now());
    },
    freshWindow: () => readLogWindow(ctx, site.id),
    deliver,
  };
}

const isBlank = (s: string) => !/[^ \t\r\n]/.test(s);

function appendUnsubscribeHtml(html: string, url: string): string {
  const link = `<p style="font-size:12px;color:#71717a;text-align:center;margin-top:24px">` +
    `<a href="${escapeHtml(url)}" style="color:#71717a">Unsubscribe</a></p>`;
  const at = html.search(/<\/body\s*>/i);
  return at >= 0 ? html.slice(0, at) + link + html.slice(at) : html + link;
}

async function markVerified(ctx: Ctx, siteId: string) {
  try {
    // The caller's site object may be old (a sequence step): write only when needed.
    if ((await getSite(ctx.kv, siteId))?.verified !== false) return;
    await retryOnConflict(() =>
      updateSite(ctx.kv, siteId, (s) => s.verified ? s : { ...s, verified: true })
    );
  } catch (e) {
    // The send succeeded; a lost race on the flag is retried by the next send.
    ctx.log.warn("could not mark the site verified", { site_id: siteId, error: e });
  }
}

type EndEvent = {
  type: "email.rejected" | "email.held" | "email.suppressed";
  data: Record<string, unknown>;
};

/**
 * Commits a log record that ends the attempt without sending (flagged, held,
 * rejected, suppressed) together with its window slot, the site's log total
 * and its event. Retries when a concurrent send moved the window.
 */
async function logOutcome(
  ctx: Ctx,
  site: Site,
  record: EmailLogRecord,
  window: LogWindow,
  change: Partial<EmailLogRecord>,
  event: EndEvent,
  hooks: readonly WebhookRoute[],
): Promise<void> {
  const ev = await prepareEvent(ctx, site.id, event.type, event.data, hooks);
  const final = { ...record, ...change, updated_at: isoTime(ctx.clock.now()) };
  await withLock(`site:${site.id}`, async (waited) => {
    let w = waited ? await readLogWindow(ctx, site.id) : window;
    for (let attempt = 0;; attempt++) {
      const now = ctx.clock.now();
      const op = ctx.kv.atomic();
      putEmailLog(op, final);
      appendLogEntry(op, w, now);
      ev.apply(op);
      if ((await op.commit()).ok) return;
      // Only another process can have moved the window: back off and read again.
      if (attempt >= 50) throw new ConflictError("email log window");
      await backoff(attempt);
      w = await readLogWindow(ctx, site.id);
    }
  });
}

const backoff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.random() * Math.min(2 * (attempt + 1), 20)));

type ReserveResult = { ok: true } | { ok: false; code: "rate_limited" | "over_quota" };

/**
 * Writes the "sending" record with its window slot and quota unit. On a lost
 * race the window and usage are read again and the limits re-checked, so the
 * 120th concurrent send passes and the 121st is refused.
 */
async function reserve(
  ctx: Ctx,
  site: Site,
  record: EmailLogRecord,
  window: LogWindow,
  checks: SendChecks,
  account: Account | null,
  usage: { key: Deno.KvKey; count: number; versionstamp: string | null } | null,
): Promise<ReserveResult> {
  const limit = account?.monthly_email_limit ?? null;
  const lockAccount = account && limit !== null ? `account:${account.id}` : null;
  const attemptAll = async (waited: boolean): Promise<ReserveResult> => {
    let w = window;
    let u = usage;
    for (let attempt = 0;; attempt++) {
      if (waited || attempt > 0) {
        // Someone went first (here or in another process): decide on fresh state.
        [w, u] = await Promise.all([
          readLogWindow(ctx, site.id),
          account && limit !== null
            ? readMonthly(ctx.kv, account.id, "email", ctx.clock.now())
            : Promise.resolve(null),
        ]);
        if (checks.rateLimit && w.times.length >= RATE_LIMIT) {
          return { ok: false, code: "rate_limited" };
        }
        if (u && limit !== null && u.count >= limit) return { ok: false, code: "over_quota" };
      }
      const now = ctx.clock.now();
      const op = ctx.kv.atomic();
      putEmailLog(op, record);
      appendLogEntry(op, w, now);
      if (account) {
        if (u) op.check({ key: u.key, versionstamp: u.versionstamp });
        addMonthly(op, account.id, "email", now);
      }
      if ((await op.commit()).ok) return { ok: true };
      if (attempt >= 50) throw new ConflictError("email send reservation");
      await backoff(attempt);
    }
  };
  // Account before site, always in this order (no lock cycles).
  return lockAccount
    ? await withLock(lockAccount, (a) => withLock(`site:${site.id}`, (b) => attemptAll(a || b)))
    : await withLock(`site:${site.id}`, attemptAll);
}
