/**
 * The body of POST /mail/send (spec: POST /mail/send, Limits), as a zod schema.
 * The internal send API takes the same shape, so forms and sequences are held
 * to the same rules.
 *
 * Addresses may be bare (`a@example.com`) or carry a display name
 * (`Ann <a@example.com>`, what WordPress's wp_mail passes on); both are read by
 * domain/kernel/address.ts (the one address parser: RFC 5321/5322 with UTF-8, IDNA
 * domains, no control or format characters) and come out with the address in
 * its canonical form (ASCII domain). Caller headers are checked here for names,
 * CR/LF and lines too long to fold; which of them are kept is decided by
 * `headers.ts` (structural ones are dropped, see there).
 */
import { z } from "zod";
import { type Mailbox, parseMailbox as parseMailboxItem } from "../kernel/address.ts";
import { charLength, str } from "../kernel/validation.ts";

export type { Mailbox };

/** Parses one mailbox item; null when it is not exactly one valid address. */
export function parseMailbox(s: string): Mailbox | null {
  const m = parseMailboxItem(s);
  return m.ok ? m.value : null;
}

const mailbox = z.string({ message: "must be an email address" }).transform((s, ctx) => {
  const m = parseMailboxItem(s);
  if (!m.ok) {
    ctx.issues.push({ code: "custom", input: s, message: m.reason });
    return z.NEVER;
  }
  return m.value;
});

/** A string or an array of `min` to 50 addresses, always read as an array. */
function addressList(min: number) {
  return z.union([
    mailbox.transform((m) => [m]),
    z.array(mailbox).min(min, `must hold ${min} to 50 addresses`).max(
      50,
      `must hold ${min} to 50 addresses`,
    ),
  ], { message: "must be an email address or an array of addresses" });
}

// RFC 5322 field name: printable ASCII except the colon.
const HEADER_NAME_RE = /^[!-9;-~]+$/;

const headerMap = z.record(z.string(), z.string({ message: "header values must be strings" }))
  .check((ctx) => {
    const entries = Object.entries(ctx.value);
    if (entries.length > MAX_HEADERS) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: `must hold at most ${MAX_HEADERS} headers`,
      });
    }
    for (const [name, value] of entries) {
      if (charLength(name) > 120 || !HEADER_NAME_RE.test(name)) {
        ctx.issues.push({
          code: "custom",
          input: name,
          path: [name],
          message: charLength(name) > 120
            ? "header names must be at most 120 characters"
            : "header names must be printable ASCII without spaces or colons",
        });
      } else if (charLength(value) > 2000) {
        ctx.issues.push({
          code: "custom",
          input: value,
          path: [name],
          message: "header values must be at most 2000 characters",
        });
      } else if (/[\r\n\0]/.test(value)) {
        // Header injection: refused outright rather than silently rewritten.
        ctx.issues.push({
          code: "custom",
          input: value,
          path: [name],
          message: "header values must not contain CR, LF or NUL",
        });
      } else if (RAW_HEADERS.has(name.toLowerCase()) && !PRINTABLE_ASCII.test(value)) {
        // Message ids are written as they are (no encoded words are possible
        // in them): only printable ASCII keeps such a header a header.
        ctx.issues.push({
          code: "custom",
          input: value,
          path: [name],
          message: "header values of message-id headers must be printable ASCII",
        });
      }
    }
  });

/** Headers that nodemailer writes as given, not as encoded words (the others it encodes). */
const RAW_HEADERS = new Set(["in-reply-to", "references", "otp-token"]);
const PRINTABLE_ASCII = /^[\t\x20-\x7e]*$/;

/** More headers than any real mail needs; bounds the work per request. */
export const MAX_HEADERS = 100;

const dataMap = z.record(
  str(64, 1),
  z.union([z.string(), z.number(), z.boolean()], {
    message: "values must be strings, numbers or booleans",
  }),
);

const noControl = (max: number, min = 0) =>
  str(max, min).refine((s) => !/[\r\n\0]/.test(s), "must not contain CR, LF or NUL");

export const Attachment = z.object({
  filename: noControl(255, 1),
  content: z.string({ message: "must be a base64 string" }),
  content_type: noControl(200).optional(),
  content_id: noControl(200).optional(),
});

export const MailSendBody = z.object({
  to: addressList(1),
  subject: str(500).optional(),
  html: str(500_000).optional(),
  text: str(500_000).optional(),
  cc: addressList(1).optional(),
  bcc: addressList(1).optional(),
  reply_to: addressList(1).optional(),
  from: z.object({
    name: noControl(200).optional(),
    address: str(320).optional(),
  }, { message: "must be an object {name, address}, not a string" }).optional(),
  original_from: mailbox.optional(),
  headers: headerMap.optional(),
  sender_mode: z.enum(["auto", "relay", "domain"]).default("auto"),
  source_plugin: str(120).optional(),
  template: str(120).optional(),
  data: dataMap.optional(),
  attachments: z.array(Attachment).max(20, "must hold at most 20 files").optional(),
  /**
   * An extension beyond the spec: transactional mail to one person about their
   * own account (a password reset), which an unsubscribe from the site's other
   * mail must not stop. No List-Unsubscribe; unsubscribes do not remove its
   * recipients, suppressions (bounces, complaints) still do.
   */
  account_mail: z.boolean({ message: "must be true or false" }).optional(),
});

/** What callers pass (the JSON body, or the same shape from forms and sequences). */
export type MailSendInput = z.input<typeof MailSendBody>;
/** After validation: addresses parsed, defaults applied. */
export type MailSendRequest = z.output<typeof MailSendBody>;
export type AttachmentInput = z.output<typeof Attachment>;
