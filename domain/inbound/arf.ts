/**
 * Feedback reports (ARF, RFC 5965): `multipart/report;
 * report-type=feedback-report` with a human part, a `message/feedback-report`
 * part (Feedback-Type, User-Agent, Original-Mail-From, Original-Rcpt-To, ...)
 * and the original message or its headers. Mailbox providers send them to the
 * feedback-loop address registered with them; some redact the recipient.
 */
import {
  clip,
  contentTypeParams,
  field,
  fieldBlocks,
  NO_ORIGINAL,
  originalPart,
  type OriginalRef,
  type ParsedMail,
  readOriginal,
  typedAddress,
} from "./parse.ts";

export type ParsedFeedback = {
  kind: "feedback";
  format: "arf";
  /** abuse, fraud, virus, other, not-spam, ... (lowercase). */
  feedbackType: string;
  userAgent: string | null;
  /** The envelope sender of the reported message (our VERP, when the reporter keeps it). */
  originalMailFrom: string | null;
  /** The reported recipients, when not redacted. */
  originalRcptTo: string[];
  /** The reporter's From address. */
  reporter: string | null;
  original: OriginalRef;
};

/** A feedback report, or null when the message is not one. */
export async function parseFeedback(mail: ParsedMail): Promise<ParsedFeedback | null> {
  const part = mail.attachments.find((a) =>
    a.contentType.toLowerCase() === "message/feedback-report"
  );
  const declared = contentTypeParams(mail).params["report-type"]?.toLowerCase() ===
    "feedback-report";
  if (!part && !declared) return null;
  const blocks = part ? await fieldBlocks(part.content) : [];
  const b = blocks[0] ?? new Map<string, string[]>();
  const originalRcptTo = (b.get("original-rcpt-to") ?? [])
    .map((v) => typedAddress(v))
    .filter((v): v is string => v !== null);
  const original = originalPart(mail);
  return {
    kind: "feedback",
    format: "arf",
    feedbackType: (field(b, "feedback-type") ?? "abuse").toLowerCase().trim(),
    userAgent: clip(field(b, "user-agent"), 200),
    originalMailFrom: typedAddress(field(b, "original-mail-from")),
    originalRcptTo,
    reporter: mail.from?.value?.[0]?.address?.toLowerCase() ?? null,
    original: original ? await readOriginal(original.content) : NO_ORIGINAL,
  };
}
