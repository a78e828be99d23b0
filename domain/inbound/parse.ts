/**
 * What the report parsers share: the one mailparser call (MIME is never parsed
 * by hand here), the field blocks of report parts (RFC 3464 and RFC 5965 bodies
 * are groups of header fields separated by blank lines, read with mailparser's
 * header parser), and what the original message attached to a report says
 * about itself (Message-ID, Return-Path, To, Subject).
 */
// @ts-types="npm:@types/mailparser@3.9.0"
import type {
  AddressObject,
  Attachment,
  ParsedMail,
  SimpleParserOptions,
  Source,
} from "mailparser";
import { Buffer } from "node:buffer";
import { addressKey } from "../kernel/address.ts";
import { ellipsize } from "../kernel/text.ts";

export type { Attachment, ParsedMail };

/**
 * mailparser's `simpleParser`, its module imported on first use: with
 * iconv-lite and encoding-japanese it is 4.8 MB of the HTTP thread's heap,
 * which a service that receives no mail need not hold (docs/performance.md,
 * "Memory and start").
 */
export async function simpleParser(
  input: Source,
  options?: SimpleParserOptions,
): Promise<ParsedMail> {
  const m = await import("mailparser");
  return await m.simpleParser(input, options);
}

/**
 * A message the parser refuses (thousands of nested parts, a header section
 * past its limit, ...): the same bytes fail the same way every time, so the
 * sending server is told so for good rather than asked to retry.
 */
export class UnparseableMail extends Error {
  constructor(cause: unknown) {
    super(`the message cannot be parsed: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = "UnparseableMail";
  }
}

/** The whole message, parts decoded; report parts (delivery-status) kept as attachments. */
export async function parseMessage(raw: Uint8Array | string): Promise<ParsedMail> {
  const input = typeof raw === "string"
    ? raw
    : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  // ignoreEmbedded (mailsplit): an attached original (message/rfc822) stays one
  // attachment even when marked inline, as feedback reports often do.
  const options = { ignoreEmbedded: true } as Record<string, unknown>;
  try {
    return await simpleParser(input, {
      ...options,
      keepDeliveryStatus: true,
      keepCidLinks: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
  } catch (e) {
    throw new UnparseableMail(e);
  }
}

/** A header value as text (mailparser gives structured values for some names). */
export function headerText(mail: Pick<ParsedMail, "headers">, name: string): string | null {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map((x) => typeof x === "string" ? x : String(x)).join(", ");
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object" && "text" in v && typeof v.text === "string") return v.text;
  if (typeof v === "object" && "value" in v && typeof v.value === "string") return v.value;
  return String(v);
}

/** Parameters of the top-level Content-Type (report-type, ...), lowercase names. */
export function contentTypeParams(
  mail: ParsedMail,
): { type: string; params: Record<string, string> } {
  const v = mail.headers.get("content-type") as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  const params: Record<string, string> = {};
  for (const [k, p] of Object.entries(v?.params ?? {})) params[k.toLowerCase()] = String(p);
  return { type: (v?.value ?? "text/plain").toLowerCase(), params };
}

/** One group of report fields: lowercase names, each with its values in order. */
export type FieldBlock = Map<string, string[]>;

/** Most field groups a report part may have (one per recipient plus one); more are ignored. */
const MAX_BLOCKS = 200;

/**
 * The field groups of a report part (message/delivery-status,
 * message/feedback-report): blank lines separate them, each is parsed by
 * mailparser as a header block (folding undone, names case-insensitive).
 */
export async function fieldBlocks(content: Uint8Array | string): Promise<FieldBlock[]> {
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  const groups = text.replace(/^\s+/, "").split(/\r?\n[ \t]*\r?\n/).filter((g) => g.trim());
  const out: FieldBlock[] = [];
  for (const g of groups.slice(0, MAX_BLOCKS)) {
    const parsed = await simpleParser(`${g.trim()}\r\n\r\n`, { skipTextToHtml: true });
    const block: FieldBlock = new Map();
    for (const line of parsed.headerLines) {
      const at = line.line.indexOf(":");
      if (at < 0) continue;
      const value = line.line.slice(at + 1).replace(/\r?\n[ \t]+/g, " ").trim();
      const list = block.get(line.key) ?? [];
      list.push(value);
      block.set(line.key, list);
    }
    if (block.size) out.push(block);
  }
  return out;
}

export function field(block: FieldBlock, name: string): string | null {
  return block.get(name)?.[0] ?? null;
}

/**
 * The address of a typed address field (`rfc822; ann@example.net`, `<a@b>`),
 * lowercase; null when there is none.
 */
export function typedAddress(value: string | null): string | null {
  if (!value) return null;
  const bare = value.replace(/^[A-Za-z0-9-]+\s*;\s*/, "").trim().replace(/^<|>$/g, "").trim();
  if (!bare || bare.length > 400) return null;
  return addressKey(bare) ?? (/^[^\s@]+@[^\s@]+$/.test(bare) ? bare.toLowerCase() : null);
}

/** A Diagnostic-Code without its type (`smtp; 550 ...` -> `550 ...`). */
export function untyped(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/^[A-Za-z0-9-]+\s*;\s*/, "").replace(/\s+/g, " ").trim() || null;
}

/** What a report's attached original (or its headers) says about itself. */
export type OriginalRef = {
  messageId: string | null;
  /** Return-Path, or the envelope sender a copied message names. */
  returnPath: string | null;
  /** Addresses of its To and Cc headers (lowercase). */
  to: string[];
  subject: string | null;
};

export const NO_ORIGINAL: OriginalRef = {
  messageId: null,
  returnPath: null,
  to: [],
  subject: null,
};

const ORIGINAL_TYPES = new Set([
  "message/rfc822",
  "text/rfc822-headers",
  "message/global",
  "message/global-headers",
]);

/** The attached original (message or headers only) of a report, if any. */
export function originalPart(mail: ParsedMail): Attachment | null {
  return mail.attachments.find((a) => ORIGINAL_TYPES.has(a.contentType.toLowerCase())) ?? null;
}

/** Reads only the header section of a copied message (its body is not needed). */
export async function readOriginal(content: Uint8Array | string | null): Promise<OriginalRef> {
  if (content === null) return NO_ORIGINAL;
  let text = typeof content === "string" ? content : new TextDecoder().decode(content);
  text = text.replace(/^\s+/, "");
  const end = text.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? text.slice(0, end) : text).slice(0, 256 * 1024);
  if (!/^[!-9;-~]+:/.test(head)) return NO_ORIGINAL;
  const m = await simpleParser(`${head}\r\n\r\n`, { skipTextToHtml: true });
  const rp = m.headers.get("return-path") as AddressObject | string | undefined;
  const returnPath = typeof rp === "string"
    ? typedAddress(rp)
    : typedAddress(rp?.value?.[0]?.address ?? null);
  // A Message-ID becomes part of a KV key (2 KiB at most); real ones are far shorter.
  const messageId = m.messageId && m.messageId.length <= 500 ? m.messageId : null;
  return {
    messageId,
    returnPath,
    to: [...addressesOf(m.to), ...addressesOf(m.cc)],
    subject: m.subject ?? null,
  };
}

/** Lowercase addresses of an address header as mailparser gives it. */
export function addressesOf(v: AddressObject | AddressObject[] | undefined): string[] {
  const out: string[] = [];
  for (const o of v === undefined ? [] : Array.isArray(v) ? v : [v]) {
    for (const a of o.value) {
      const k = a.address ? addressKey(a.address) : null;
      if (k) out.push(k);
      for (const g of a.group ?? []) {
        const gk = g.address ? addressKey(g.address) : null;
        if (gk) out.push(gk);
      }
    }
  }
  return out;
}

/** An enhanced status code (RFC 3463) in text: `5.1.1`, `(#5.1.1)`, `550-5.1.1`. */
export function statusIn(text: string | null): string | null {
  if (!text) return null;
  const m = /(?:^|[\s(#\-\[])([245]\.\d{1,3}\.\d{1,3})(?=[\s).;:,\]]|$)/.exec(text);
  return m ? m[1] : null;
}

/** A basic SMTP reply code in text, as a status class (`550 ...` -> `5.0.0`). */
export function replyClassIn(text: string | null): string | null {
  if (!text) return null;
  const m = /(?:^|[\s:])([45])\d\d(?:[\s\-:]|$)/.exec(text);
  return m ? `${m[1]}.0.0` : null;
}

/** Text shortened to `max` characters, white space collapsed. */
export function clip(text: string | null, max: number): string | null {
  if (!text) return null;
  const t = text.replace(/\s+/g, " ").trim();
  if (!t) return null;
  return ellipsize(t, max);
}
