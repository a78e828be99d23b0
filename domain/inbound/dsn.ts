/**
 * Delivery status notifications, in the shapes servers really send:
 * - RFC 3464 (`multipart/report; report-type=delivery-status`, also a
 *   `message/delivery-status` part in a plain multipart/mixed, and
 *   `message/global-delivery-status`): Postfix, Exim 4.9x, Exchange and
 *   Office 365 (the original attached as message/rfc822), Gmail, Sendmail;
 *   one entry per recipient group (Final-Recipient, Action, Status,
 *   Diagnostic-Code), the original from message/rfc822 or text/rfc822-headers;
 * - text bounces with no report part: Exim's "Mail delivery failed" (the
 *   failed addresses in X-Failed-Recipients, the original after "This is a copy
 *   of the message") and its delay warning, qmail's "failure notice"
 *   (`<address>:` then the reason, `(#5.1.1)`), and what resembles them.
 *
 * The message itself is parsed by mailparser; only the text of a plain bounce
 * is searched for addresses, codes and the copied original.
 */
import {
  clip,
  contentTypeParams,
  field,
  fieldBlocks,
  headerText,
  NO_ORIGINAL,
  originalPart,
  type OriginalRef,
  type ParsedMail,
  readOriginal,
  replyClassIn,
  statusIn,
  typedAddress,
  untyped,
} from "./parse.ts";
import { addressKey } from "../kernel/address.ts";

export type DsnRecipient = {
  recipient: string;
  originalRecipient: string | null;
  /** Lowercase RFC 3464 action: failed, delayed, delivered, relayed, expanded. */
  action: string;
  /** Enhanced status code, e.g. 5.1.1. */
  status: string | null;
  /** The server's reply (Diagnostic-Code without its type), or the bounce's own words. */
  diagnostic: string | null;
};

export type ParsedDsn = {
  kind: "dsn";
  format: "rfc3464" | "exim_text" | "qmail_text" | "text";
  /** Reporting-MTA, or the bounce's From address. */
  reporter: string | null;
  /** Original-Envelope-Id (the ENVID the relay was given). */
  envid: string | null;
  recipients: DsnRecipient[];
  original: OriginalRef;
};

const STATUS_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"]);

/** Most recipients read from one report. */
const MAX_RECIPIENTS = 100;

/** A DSN of any known shape, or null when the message is not one. */
export async function parseDsn(mail: ParsedMail): Promise<ParsedDsn | null> {
  const part = mail.attachments.find((a) => STATUS_TYPES.has(a.contentType.toLowerCase()));
  if (part) return await parseRfc3464(mail, part.content);
  if (contentTypeParams(mail).params["report-type"]?.toLowerCase() === "feedback-report") {
    return null;
  }
  return await parseTextBounce(mail);
}

async function parseRfc3464(mail: ParsedMail, content: Uint8Array): Promise<ParsedDsn | null> {
  const blocks = await fieldBlocks(content);
  let reporter: string | null = null;
  let envid: string | null = null;
  const recipients: DsnRecipient[] = [];
  for (const b of blocks) {
    const final = typedAddress(field(b, "final-recipient"));
    if (!final) {
      // The per-message group (or a stray one): who reports, and the ENVID.
      reporter ??= untyped(field(b, "reporting-mta"));
      envid ??= field(b, "original-envelope-id");
      continue;
    }
    if (recipients.length >= MAX_RECIPIENTS) break;
    const diagnostic = untyped(field(b, "diagnostic-code"));
    const action = (field(b, "action") ?? "").toLowerCase().split(/[\s(]/)[0];
    recipients.push({
      recipient: final,
      originalRecipient: typedAddress(field(b, "original-recipient")),
      action: action || "failed",
      status: betterStatus(statusIn(field(b, "status")), diagnostic),
      diagnostic,
    });
  }
  if (!recipients.length) return null;
  const original = originalPart(mail);
  return {
    kind: "dsn",
    format: "rfc3464",
    reporter: reporter ?? fromAddress(mail),
    envid,
    recipients,
    original: original ? await readOriginal(original.content) : NO_ORIGINAL,
  };
}

/**
 * The Status field, or the diagnostic's own code when the Status is only a
 * class (`5.0.0`, which Postfix gives when the remote reply had no enhanced
 * code but its text did, e.g. `550 5.1.1 ...` behind a proxy).
 */
function betterStatus(status: string | null, diagnostic: string | null): string | null {
  const fromDiagnostic = statusIn(diagnostic);
  if (!status) return fromDiagnostic ?? replyClassIn(diagnostic);
  if (/\.0\.0$/.test(status) && fromDiagnostic && fromDiagnostic[0] === status[0]) {
    return fromDiagnostic;
  }
  return status;
}

function fromAddress(mail: ParsedMail): string | null {
  const a = mail.from?.value?.[0]?.address;
  return a ? a.toLowerCase() : null;
}

// --- text bounces -------------------------------------------------------------------

const DAEMON = /^(mailer-daemon|mailer_daemon|mailerdaemon|mail-daemon|postmaster|mdaemon)$/i;
const BOUNCE_SUBJECT =
  /undeliver|delivery (status|failure|failed|notification|problem)|returned mail|mail delivery|failure notice|non[- ]?delivery|could not be delivered|delivery has failed|delayed|not yet been delivered/i;

/** Where a text bounce starts its copy of the original. */
const ORIGINAL_MARKERS = [
  /^-+ ?This is a copy of the message.*$/im, // Exim
  /^-+ ?The header of the original message is following.*$/im,
  /^--- Below this line is a copy of the message\.?.*$/im, // qmail
  /^--- Enclosed (?:is a copy of the request|are the original headers).*$/im,
  /^-+ ?(?:Original|Returned) message ?-*.*$/im,
  /^Original message follows\.?\s*$/im,
];

function splitOriginal(text: string): { notice: string; original: string | null } {
  let best: { at: number; end: number } | null = null;
  for (const re of ORIGINAL_MARKERS) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.at)) best = { at: m.index, end: m.index + m[0].length };
  }
  if (best) return { notice: text.slice(0, best.at), original: text.slice(best.end) };
  // No marker: a copied header section starts at the first Return-Path or Received line.
  const m = /^(?:Return-Path|Received|Message-ID):/im.exec(text);
  return m
    ? { notice: text.slice(0, m.index), original: text.slice(m.index) }
    : { notice: text, original: null };
}

const DELAY_WORDS =
  /has not yet been delivered|not been delivered yet|delivery attempts will continue|will (?:continue to|keep) (?:try|trying|attempt)|still trying|delayed/i;

async function parseTextBounce(mail: ParsedMail): Promise<ParsedDsn | null> {
  const failedHeader = headerText(mail, "x-failed-recipients");
  const from = fromAddress(mail);
  const subject = mail.subject ?? "";
  const looksLikeBounce = failedHeader !== null ||
    (from !== null && DAEMON.test(from.split("@")[0])) || BOUNCE_SUBJECT.test(subject);
  if (!looksLikeBounce) return null;
  const text = (mail.text ?? "").replace(/\r\n/g, "\n").slice(0, 512 * 1024);
  const { notice, original } = splitOriginal(text);
  const qmail = /qmail-send program|^<[^>\s]+@[^>\s]+>:\s*$/m.test(notice);

  // Which addresses failed: the header, qmail's "<address>:" lines, or
  // addresses standing alone on a line of the notice (Exim's indented list).
  const found = new Set<string>();
  for (const a of (failedHeader ?? "").split(",")) {
    const k = addressKey(a.trim().replace(/^<|>$/g, ""));
    if (k) found.add(k);
  }
  if (!found.size) {
    const re = qmail
      ? /^<([^>\s]+@[^>\s]+)>:\s*$/gm
      : /^[ \t]*<?([^\s<>@]+@[^\s<>@:]+)>?:?[ \t]*$/gm;
    for (const m of notice.matchAll(re)) {
      const k = addressKey(m[1]);
      if (k) found.add(k);
      if (found.size >= MAX_RECIPIENTS) break;
    }
  }
  if (!found.size) return null;

  const delayed = /warning|delay/i.test(subject) || DELAY_WORDS.test(notice);
  const recipients: DsnRecipient[] = [];
  for (const address of [...found].slice(0, MAX_RECIPIENTS)) {
    const block = reasonBlock(notice, address);
    const status = statusIn(block) ?? replyClassIn(block) ?? (delayed ? null : statusIn(notice));
    recipients.push({
      recipient: address,
      originalRecipient: null,
      action: delayed ? "delayed" : "failed",
      status,
      diagnostic: clip(block, 1000),
    });
  }
  const format = failedHeader !== null ||
      /created automatically by mail delivery software/i.test(notice)
    ? "exim_text"
    : qmail
    ? "qmail_text"
    : "text";
  return {
    kind: "dsn",
    format,
    reporter: from,
    envid: null,
    recipients,
    original: await readOriginal(original),
  };
}

/**
 * The lines that explain one address's failure: from the line after its first
 * mention on a line of its own to the next blank line (Exim indents them under
 * the address, qmail puts them under `<address>:`); the line of the mention
 * itself when the reason is on it.
 */
function reasonBlock(notice: string, address: string): string | null {
  const lines = notice.split("\n");
  const lower = address.toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].toLowerCase().includes(lower)) continue;
    const out: string[] = [];
    const rest = lines[i].replace(/<[^>]*>|[^\s<>]+@[^\s<>]+/g, "").replace(/^[\s:]+/, "");
    if (rest.length > 3) out.push(rest);
    for (let j = i + 1; j < lines.length && lines[j].trim() !== ""; j++) {
      out.push(lines[j].trim());
    }
    if (out.length) return out.join(" ");
  }
  return null;
}
