/**
 * Attachments of POST /mail/send: checks 8 and 9, and how each file is labelled
 * and encoded in the message.
 *
 * Check 8 (invalid_attachment, naming the file): content that is not strict
 * base64 (whitespace such as PHP's chunk_split line breaks is allowed, anything
 * else is not), or a content_type that would make the file a container of MIME
 * parts (`multipart/*`, `message/partial`, `message/external-body`) instead of
 * one leaf part. Check 9: the 15 MB total (15 x 1024 x 1024 bytes after
 * decoding), computed from the lengths before anything is decoded.
 *
 * In the message every file is a single part encoded base64, whatever it holds,
 * with one exception: a `message/*` part (an attached email, `.eml`) cannot be
 * encoded (RFC 2046 5.2.1), so it is sent as it is only when it is 7-bit clean
 * (see `isSevenBitClean`) and otherwise relabelled application/octet-stream and
 * encoded like any other file. So no attachment ever puts NUL bytes, bare line
 * breaks or over-long lines into the raw message.
 */
import { Buffer } from "node:buffer";
import { detectMimeType } from "nodemailer/lib/mime-funcs";
import type { AttachmentInput } from "./schema.ts";

/** A file as the message composer takes it (compose.ts): decoded, labelled by mimeAttachment. */
export type ComposeAttachment = {
  filename: string;
  content: Buffer;
  contentType?: string;
  cid?: string;
};

export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

// One character class and a length check: linear, and no group repetition that
// could exhaust the regex engine's stack on a 20 MB string.
const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** The compact base64 text, or null when it is not strict base64. */
export function strictBase64(s: string): string | null {
  const compact = /\s/.test(s) ? s.replace(/[\r\n\t ]+/g, "") : s;
  return compact.length % 4 === 0 && B64_RE.test(compact) ? compact : null;
}

export function decodedLength(b64: string): number {
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

// --- content types -------------------------------------------------------------------

// RFC 6838 4.2 restricted names: type "/" subtype, 1 to 127 characters each.
const MIME_TYPE_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
// RFC 2045 token (what a charset name is made of).
const TOKEN_RE = /^[!#$%&'*+.^_`{|}~0-9A-Za-z-]{1,64}$/;

/** Types that describe a container of parts; a single attachment cannot be one. */
export function isContainerType(type: string): boolean {
  return /^multipart\//i.test(type) || /^message\/(partial|external-body)$/i.test(type);
}

/**
 * The caller's content_type as it goes into the message: `type/subtype` in
 * lower case, plus `charset` for text types; every other parameter (name,
 * boundary, filename...) is dropped, since the service writes those itself.
 * A value that is not a MIME type is sent as application/octet-stream (the file
 * still arrives, under its filename); undefined when none was given.
 */
export function safeContentType(ct: string | undefined): string | undefined {
  if (!ct?.trim()) return undefined;
  const [base, ...params] = ct.split(";");
  const type = base.trim().toLowerCase();
  if (!MIME_TYPE_RE.test(type)) return "application/octet-stream";
  if (!type.startsWith("text/")) return type;
  for (const p of params) {
    const eq = p.indexOf("=");
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    const value = p.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    if (TOKEN_RE.test(value)) return `${type}; charset=${value.toLowerCase()}`;
  }
  return type;
}

/**
 * Whether `content` can go into a message unencoded: bytes 1 to 127 only, CR
 * and LF only as CRLF pairs, lines of at most 998 octets (RFC 5322 2.1.1,
 * RFC 2045 2.7).
 */
export function isSevenBitClean(content: Uint8Array): boolean {
  let line = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (c === 0 || c > 127) return false;
    if (c === 13) {
      if (content[i + 1] !== 10) return false;
      i++;
      line = 0;
    } else if (c === 10) {
      return false;
    } else if (++line > 998) {
      return false;
    }
  }
  return true;
}

/** What MailComposer gets for one attachment: its label and its transfer encoding, chosen here. */
export type MimeAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  contentTransferEncoding: "base64" | "7bit";
  cid?: string;
};

export function mimeAttachment(a: ComposeAttachment): MimeAttachment {
  // No type given: nodemailer's table by file extension (which maps .gzip to multipart/x-gzip).
  let type = a.contentType ? safeContentType(a.contentType)! : detectMimeType(a.filename);
  let cte: MimeAttachment["contentTransferEncoding"] = "base64";
  if (isContainerType(type)) type = "application/octet-stream";
  else if (/^message\//i.test(type)) {
    if (isSevenBitClean(a.content)) cte = "7bit";
    else type = "application/octet-stream";
  }
  return {
    filename: a.filename,
    content: a.content,
    contentType: type,
    contentTransferEncoding: cte,
    cid: a.cid,
  };
}

// --- checks 8 and 9 --------------------------------------------------------------------

export type CheckedAttachments =
  | { ok: true; total: number; decode(): { item: AttachmentInput; content: Buffer }[] }
  | { ok: false; code: "invalid_attachment"; filename: string }
  | { ok: false; code: "attachments_too_large"; total: number };

export function checkAttachments(items: AttachmentInput[]): CheckedAttachments {
  const compact: string[] = [];
  for (const a of items) {
    const b = strictBase64(a.content);
    const type = safeContentType(a.content_type);
    if (b === null || (type && isContainerType(type))) {
      return { ok: false, code: "invalid_attachment", filename: a.filename };
    }
    compact.push(b);
  }
  const total = compact.reduce((n, b) => n + decodedLength(b), 0);
  if (total > MAX_ATTACHMENT_BYTES) return { ok: false, code: "attachments_too_large", total };
  return {
    ok: true,
    total,
    decode: () => items.map((item, i) => ({ item, content: Buffer.from(compact[i], "base64") })),
  };
}
