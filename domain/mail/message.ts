/**
 * Building a send's message from what its checks decided: the subject and
 * both parts (template variables, the visible unsubscribe link), the sender
 * and Reply-To, the Message-ID, the VERP Return-Path, the service's headers
 * (Feedback-ID, one-click List-Unsubscribe), open and click tracking, the
 * attachments and the DKIM key (the sending domain's in domain mode, the
 * relay's own for the domain of SVC_RELAY_FROM in relay mode). The transport
 * turns the result into bytes.
 */
import type { Buffer } from "node:buffer";
import type { Ctx } from "../kernel/context.ts";
import { unseal } from "../kernel/crypto.ts";
import type { Site } from "../sites/schema.ts";
import type { MailDomain } from "../sites/routing.ts";
import type { AttachmentInput, Mailbox, MailSendRequest } from "./schema.ts";
import type { TemplateContent } from "./templates.ts";
import {
  escapeHtml,
  fillSubject,
  fillVariables,
  htmlToText,
  type TemplateData,
  textToHtml,
  usesVariable,
} from "./render.ts";
import { hasHeader } from "./headers.ts";
import type { DkimKey } from "./compose.ts";
import { type ComposeAttachment, safeContentType } from "./attachments.ts";
import type { TrackingOptions } from "./tracking.ts";
import type { OutgoingMessage } from "./transport.ts";
import { unsubscribeToken, verpAddress } from "./tokens.ts";

export function baseUrl(ctx: Ctx): string {
  return ctx.config.SVC_BASE_URL.replace(/\/+$/, "");
}

export function relayDomain(ctx: Ctx): string {
  return ctx.config.SVC_RELAY_FROM.split("@")[1];
}

function returnPathDomain(ctx: Ctx): string {
  return ctx.config.SVC_RETURN_PATH_DOMAIN ?? relayDomain(ctx);
}

export function formatMailbox(m: Mailbox): string {
  return m.name ? `"${m.name.replace(/["\\]/g, "\\$&")}" <${m.address}>` : m.address;
}

const isBlank = (s: string) => !/[^ \t\r\n]/.test(s);

/** The parts as given: the template's when it has content, else the request's. */
export function givenParts(
  req: MailSendRequest,
  tpl: TemplateContent | null,
): { html: string | null; text: string | null } {
  const tplHasBody = !!(tpl && (tpl.html || tpl.text));
  return {
    html: (tplHasBody ? tpl!.html : req.html) || null,
    text: (tplHasBody ? tpl!.text : req.text) || null,
  };
}

/** Where the one recipient unsubscribes; "" when the message has more than one. */
export function unsubscribeUrlOf(ctx: Ctx, siteId: string, single: string | null): string {
  return single
    ? `${baseUrl(ctx)}/u/${unsubscribeToken(ctx.config.encryptionKey, siteId, single)}`
    : "";
}

export type Content = {
  subject: string;
  html: string;
  text: string;
  /** The HTML part the caller or template gave (rendered); null when made from the text. */
  givenHtml: string | null;
};

/**
 * The subject and both parts: template variables filled (with a template or
 * `data`), the subject's fallbacks, the visible unsubscribe link when asked
 * for and the body has no `{{unsubscribe_url}}`, and the missing part made
 * from the other.
 */
export function renderContent(a: {
  site: Site;
  req: MailSendRequest;
  tpl: TemplateContent | null;
  /** givenParts: at least one is set (check 7). */
  given: { html: string | null; text: string | null };
  unsubscribeUrl: string;
  appendUnsubscribeLink: boolean;
}): Content {
  const { site, req, tpl, given, unsubscribeUrl } = a;
  let { html, text } = given;
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
  if (a.appendUnsubscribeLink) {
    if (html && !usesVariable(given.html ?? "", "unsubscribe_url")) {
      html = appendUnsubscribeHtml(html, unsubscribeUrl);
    }
    if (text && !usesVariable(given.text ?? "", "unsubscribe_url")) {
      text = `${text.replace(/\s+$/, "")}\n\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
    }
  }
  return {
    subject,
    text: text ?? htmlToText(html!),
    html: html ?? textToHtml(text!),
    givenHtml: html,
  };
}

function appendUnsubscribeHtml(html: string, url: string): string {
  const link = `<p style="font-size:12px;color:#71717a;text-align:center;margin-top:24px">` +
    `<a href="${escapeHtml(url)}" style="color:#71717a">Unsubscribe</a></p>`;
  const at = html.search(/<\/body\s*>/i);
  return at >= 0 ? html.slice(0, at) + link + html.slice(at) : html + link;
}

/**
 * From: the domain's From address in domain mode, the relay's otherwise, with
 * the caller's name, the site's default or the site's name. Reply-To: the
 * caller's, or in relay mode the original sender's; failing both, in relay
 * mode, a sequence step's or a template mail's replies go to the site's default
 * notification address (the relay's own mailbox has no reader).
 */
export function senderOf(
  ctx: Ctx,
  site: Site,
  req: MailSendRequest,
  domain: MailDomain | null,
  repliesToSite = false,
): { from: Mailbox; replyTo: Mailbox[] } {
  const name = req.from?.name?.trim() || site.default_from_name?.trim() || site.name;
  const from: Mailbox = {
    name,
    address: domain ? domain.from_address! : ctx.config.SVC_RELAY_FROM,
  };
  const replyTo: Mailbox[] = req.reply_to?.length
    ? req.reply_to
    : !domain && req.original_from
    ? [req.original_from]
    : !domain && repliesToSite && site.default_notify_email
    ? [{ name: "", address: site.default_notify_email }]
    : [];
  return { from, replyTo };
}

/** `<log id@domain>`: the sending domain's in domain mode, the relay's otherwise. */
export function messageIdOf(ctx: Ctx, logId: string, domain: MailDomain | null): string {
  return `<${logId}@${domain ? domain.domain : relayDomain(ctx)}>`;
}

/**
 * Open and click tracking: the site's settings, none for mail to the site's
 * own people or a visitor's auto-reply (operational), and none in an HTML part
 * the service made from the sender's text (the sender wrote no HTML to track;
 * an image only the generated part carries is what spam filters look for).
 */
export function trackingOf(
  site: Site,
  operational: boolean,
  givenHtml: boolean,
): { opens: boolean; clicks: boolean } {
  return operational || !givenHtml ? { opens: false, clicks: false } : {
    opens: site.tracking?.opens ?? true,
    clicks: site.tracking?.clicks ?? true,
  };
}

/** What a message is built from, as the checks left it. */
export type MessageParts = {
  site: Site;
  logId: string;
  now: number;
  domain: MailDomain | null;
  messageId: string;
  tracking: { opens: boolean; clicks: boolean };
  /** The log's source label (Feedback-ID). */
  label: string;
  /** Mail to the site's own people, or account mail: no List-Unsubscribe. */
  operational: boolean;
  from: Mailbox;
  replyTo: Mailbox[];
  /** `to` after suppressions and unsubscribes; not empty. */
  to: Mailbox[];
  cc: Mailbox[];
  /** to, cc and bcc. */
  envelopeTo: Mailbox[];
  content: Content;
  /** Caller headers that passed the policy (headers.ts). */
  callerHeaders: Record<string, string>;
  /** See unsubscribeUrlOf. */
  unsubscribeUrl: string;
  attachments: { item: AttachmentInput; content: Buffer }[];
};

const feedbackPart = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "x";

/** The message as the transport takes it. Throws when the domain's DKIM key cannot be unsealed. */
export function outgoingMessage(ctx: Ctx, p: MessageParts): OutgoingMessage {
  const base = baseUrl(ctx);
  const mode = p.domain ? "domain" : "relay";
  // One copy per address: the same address in to and cc gets one, as one RCPT would.
  const seen = new Set<string>();
  const envelopeTo = p.envelopeTo.filter((m) => {
    const k = m.address.toLowerCase();
    return !seen.has(k) && !!seen.add(k);
  });
  // Applied by the transport, beside the HTTP thread when a delivery worker builds the message.
  const tracking: TrackingOptions | null = p.tracking.opens || p.tracking.clicks
    ? {
      base,
      encKey: ctx.config.encryptionKey,
      logId: p.logId,
      opens: p.tracking.opens,
      clicks: p.tracking.clicks,
      skipPrefix: `${base}/u/`,
    }
    : null;
  const headers: Record<string, string> = {
    ...p.callerHeaders,
    "Feedback-ID": `${feedbackPart(p.label)}:${mode}:${p.site.id}:svc`,
  };
  if (p.unsubscribeUrl && !p.operational && !hasHeader(p.callerHeaders, "List-Unsubscribe")) {
    headers["List-Unsubscribe"] = `<${p.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const attachments: ComposeAttachment[] = p.attachments.map(({ item, content }) => ({
    filename: item.filename,
    content,
    contentType: safeContentType(item.content_type),
    cid: item.content_id?.replace(/^<|>$/g, "") || undefined,
  }));
  return {
    id: p.logId,
    messageId: p.messageId,
    recipients: envelopeTo.map((m) => m.address),
    returnPaths: envelopeTo.map((m) =>
      verpAddress(ctx.config.encryptionKey, p.logId, m.address, returnPathDomain(ctx))
    ),
    headerFrom: formatMailbox(p.from),
    subject: p.content.subject,
    message: {
      messageId: p.messageId,
      date: new Date(p.now),
      from: p.from,
      to: p.to,
      cc: p.cc,
      replyTo: p.replyTo,
      subject: p.content.subject,
      html: p.content.html,
      text: p.content.text,
      attachments,
      headers,
      dkim: p.domain ? dkimKeyOf(ctx, p.domain) : relayDkimKeyOf(ctx),
    },
    tracking,
  };
}

/** Relay mode: signed for the relay's domain with the service's key (config.relayDkim). */
function relayDkimKeyOf(ctx: Ctx): DkimKey {
  return {
    domainName: relayDomain(ctx),
    keySelector: ctx.config.relayDkim.selector,
    privateKey: ctx.config.relayDkim.privateKey,
  };
}

/** The domain's unsealed DKIM key, cached by domain id and sealed value (a new key is a new entry). */
function dkimKeyOf(ctx: Ctx, d: MailDomain): DkimKey {
  const cacheKey = `${d.id}:${d.dkim.private_key}`;
  let pem = ctx.caches.dkim.get(cacheKey);
  if (!pem) {
    pem = unseal(ctx.config.encryptionKey, d.dkim.private_key, d.id);
    ctx.caches.dkim.set(cacheKey, pem);
  }
  return { domainName: d.domain, keySelector: d.dkim.selector, privateKey: pem };
}
