/**
 * Attachment checks 8 and 9 of POST /mail/send: strict base64 (whitespace such
 * as PHP's chunk_split line breaks is allowed, anything else is not), then the
 * 15 MB total (15 x 1024 x 1024 bytes after decoding), computed from the
 * lengths before anything is decoded.
 */
import { Buffer } from "node:buffer";
import type { AttachmentInput } from "./schema.ts";

export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

const B64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The compact base64 text, or null when it is not strict base64. */
export function strictBase64(s: string): string | null {
  const compact = /\s/.test(s) ? s.replace(/[\r\n\t ]+/g, "") : s;
  return B64_RE.test(compact) ? compact : null;
}

export function decodedLength(b64: string): number {
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

export type CheckedAttachments =
  | { ok: true; total: number; decode(): { item: AttachmentInput; content: Buffer }[] }
  | { ok: false; code: "invalid_attachment"; filename: string }
  | { ok: false; code: "attachments_too_large"; total: number };

export function checkAttachments(items: AttachmentInput[]): CheckedAttachments {
  const compact: string[] = [];
  for (const a of items) {
    const b = strictBase64(a.content);
    if (b === null) return { ok: false, code: "invalid_attachment", filename: a.filename };
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
