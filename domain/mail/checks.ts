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
 * Long file: checks 5 to 14 stay in one function, in the spec's order, so that
 * the order can be read (and reviewed) top to bottom.
 */
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
import { applyHeaderPolicy } from "./headers.ts";
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
  return parsed.success ? { ok: true, req: parsed.data } : {
    ok: false,
    outcome: fail(400, "invalid_payload", { details: issuesToDetails(parsed.error) }),
  };
}

/** Runs checks 6 to 14 on a parsed request; writes nothing (see Checked). */
export async function checkSend(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  opts: SendOptions = {},
): Promise<Checked> {
  const answered = (outcome: SendOutcome): Checked => ({ kind: "answered", outcome });
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
  const given = givenParts(req, tpl);
  if (!given.html && !given.text) return answered(fail(400, "no_body"));

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
  const pre = opts.state?.query;
  // Checks 11 and 12 read the account's marks and the service-wide list (spam/mail_marks.ts).
  const judged = checks.content || checks.classifier;
  // State read for another site, other recipients or another account is read again.
  const state = pre && pre.siteId === site.id && emails.every((e) => pre.emails.includes(e)) &&
      (!checks.quota || pre.accountId === site.account_id) &&
      (!judged || pre.marks?.accountId === site.account_id) && servesChecks(pre, checks)
    ? opts.state!
    : await readSendState(
      ctx.kv,
      sendStateQuery(site, emails, now, {
        quota: true,
        marks: true,
        known: knownLogWindow(ctx, site.id),
      }),
    );
  noteSendState(ctx, state);
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

  const logId = opts.logId ?? uuidv7(now);
  // An operational mail (a form notification) carries no List-Unsubscribe; its
  // URL is only made when a template or the visible link may use it (an HMAC
  // per message, about 2 % of the HTTP thread on forms/submit).
  const usesUnsubscribeUrl = !opts.operational || !!tpl || req.data !== undefined ||
    (!!opts.unsubscribeLink && !!single);
  const unsubscribeUrl = usesUnsubscribeUrl ? unsubscribeUrlOf(ctx, site.id, single) : "";
  const content = renderContent({
    site,
    req,
    tpl,
    given,
    unsubscribeUrl,
    appendUnsubscribeLink: !!opts.unsubscribeLink && !!single,
  });
  const { subject, text: textPart } = content;
  const { from, replyTo } = senderOf(
    ctx,
    site,
    req,
    domain,
    source === "sequence" || !!tpl,
  );

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
    ...(site.sandbox && { test: true as const }),
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  const logged = (
    outcome: SendOutcome,
    change: { status: EmailLogStatus; reason: string } & Partial<EmailLogRecord>,
    event: EndEvent,
  ): Checked => ({
    kind: "logged",
    outcome,
    write: () => logOutcome(ctx, { site, record, window, change, event, hooks }),
  });
  // The account's marks and the service-wide list; keepSignature() keeps the text's MinHash
  // on the record of mail refused, held or warned about (what a mark on it counts).
  const { marks, passed, keepSignature } = sendMarks(
    judged ? state.marks : null,
    from,
    record,
    textPart,
  );
  const rejected = (reason: "content_flagged" | "ai_flagged" | "over_quota"): Checked => {
    if (reason !== "over_quota") keepSignature();
    return logged(
      fail(reason === "over_quota" ? 200 : 400, reason, { log_id: logId }),
      {
        status: reason === "over_quota" ? "rejected" : "flagged",
        reason,
        flagged: reason !== "over_quota",
      },
      { type: "email.rejected", data: { to: toAddrs[0], subject, reason } },
    );
  };

  // 11. content_flagged (30-59: sent with a warning). The account's spam marks and the
  // service-wide list add their points; its ham marks let the mail through.
  if (checks.content) {
    const score = contentWithMarks(scoreContent(subject, textPart), marks);
    spam.content = score;
    record.warning = !passed && score.score >= WARN_SCORE && score.score < FLAG_SCORE;
    if (record.warning) keepSignature();
    if (!passed && score.score >= FLAG_SCORE) return rejected("content_flagged");
  }

  // 12. ai_flagged
  if (checks.classifier && shouldClassify(logTotal, subject)) {
    const verdict = await ctx.mail.classifier.classify({
      from: from.address,
      to: toAddrs[0],
      subject,
      text: textPart,
      html: content.givenHtml,
      marked: marks?.points ?? 0,
    });
    spam.classifier = {
      engine: verdict.engine,
      spam: verdict.spam,
      score: verdict.score,
      detail: verdict.detail,
    };
    if (verdict.spam && !passed) return rejected("ai_flagged");
  }

  // Contact-form notifications: the extra check; held mail answers as sent (rule 2).
  if (checks.contactForm && isContactFormNotification(req.source_plugin, subject)) {
    const cf = contactFormSpam(subject, textPart);
    spam.contact_form = cf;
    if (cf.confidence >= HOLD_CONFIDENCE) {
      keepSignature();
      return logged(
        { ok: true, sent: true, held: true, reason: "held_as_spam", mode, log_id: logId },
        { status: "held", reason: "held_as_spam", flagged: true },
        {
          type: "email.held",
          data: {
            to: toAddrs[0],
            subject,
            reason: "held_as_spam",
            confidence: cf.confidence,
            detail: cf.detail == null ? cf.detail : clipChars(cf.detail, 200),
          },
        },
      );
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
    return logged(
      fail(200, "send_failed", { error, log_id: logId }),
      { status: "suppressed", reason: error, error },
      {
        type: "email.suppressed",
        data: {
          to: toAddrs[0],
          subject,
          reason: allUnsub ? "unsubscribed" : "bounced_or_complained",
        },
      },
    );
  }

  const messageId = messageIdOf(ctx, logId, domain);
  const tracking = trackingOf(site, !!opts.operational, content.givenHtml !== null);
  record.message_id = messageId;
  record.tracking = tracking;
  return {
    kind: "draft",
    draft: {
      site,
      source,
      checks,
      logId,
      record,
      window,
      hooks,
      quota: quotaCounts ? { account: account!, usage } : null,
      removed,
      message: {
        site,
        logId,
        now,
        domain,
        messageId,
        tracking,
        label,
        operational: !!opts.operational,
        from,
        replyTo,
        to: keptTo,
        cc: req.cc ?? [],
        envelopeTo,
        content,
        callerHeaders,
        unsubscribeUrl,
        attachments: att.decode(),
      },
    },
  };
}
