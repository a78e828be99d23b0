/**
 * Header policy for caller `headers` of POST /mail/send.
 *
 * - Refused (invalid_payload): names that are not RFC 5322 field names, names
 *   over 120 or values over 2,000 characters, and any CR, LF or NUL in a value
 *   (header injection). See schema.ts.
 * - Dropped (the mail is sent without them, their names are listed in the log
 *   record's `dropped_headers`): headers the service owns, because they decide
 *   who the mail is from and to, how it is signed, bounced and parsed. WordPress
 *   plugins pass wp_mail's headers through (From, Content-Type, Cc), so
 *   dropping keeps such mail flowing instead of failing it.
 * - Kept: everything else, including List-Unsubscribe and List-Unsubscribe-Post
 *   (then the service adds no unsubscribe headers of its own), X-* headers,
 *   In-Reply-To and References.
 */
const STRUCTURAL = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "return-path",
  "dkim-signature",
  "message-id",
  "date",
  "mime-version",
  "feedback-id",
  "received",
  "arc-seal",
  "arc-message-signature",
  "arc-authentication-results",
  "authentication-results",
]);

export function isStructuralHeader(name: string): boolean {
  const n = name.toLowerCase();
  return STRUCTURAL.has(n) || n.startsWith("content-") || n.startsWith("resent-");
}

/** Splits caller headers into those kept and the names of those dropped. */
export function applyHeaderPolicy(headers: Record<string, string> | undefined): {
  kept: Record<string, string>;
  dropped: string[];
} {
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (isStructuralHeader(name)) dropped.push(name);
    else kept[name] = value;
  }
  return { kept, dropped };
}

/**
 * The account-mail marker a caller may pass as a header (`X-SVC-Account-Mail`,
 * any case), as SMTP submission does: an instruction to the service, so it is
 * taken out of the headers whatever its value, and `1` or `true` (any case)
 * marks the message as account mail.
 */
export function takeAccountMailHeader(
  headers: Record<string, string> | undefined,
): { headers: Record<string, string> | undefined; marked: boolean } {
  if (!headers) return { headers, marked: false };
  let marked = false;
  let found = false;
  const rest: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === ACCOUNT_MAIL_HEADER) {
      found = true;
      marked ||= /^(1|true)$/i.test(value.trim());
    } else rest[name] = value;
  }
  return found ? { headers: rest, marked } : { headers, marked: false };
}

/** The header that marks account mail (mail/send's `account_mail`), lowercase. */
export const ACCOUNT_MAIL_HEADER = "x-svc-account-mail";

export function hasHeader(headers: Record<string, string>, name: string): boolean {
  const n = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === n);
}
