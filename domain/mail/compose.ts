/**
 * Builds the raw RFC 822 message once and signs it with DKIM (the sending
 * domain's key in domain mode, the relay's own key in relay mode).
 * The same bytes go to the SMTP relay or into the outbox, so what the outbox
 * shows is what a relay would have received.
 *
 * nodemailer decides the structure: MailComposer builds the MIME tree (parts,
 * multipart/alternative, related for cid images, mixed for attachments),
 * MimeNode builds every header (encoded words, parameters, folding) and picks
 * each part's transfer encoding; its QP and base64 encoders encode the bodies,
 * and its DKIM `sign` makes the signature header. What is ours is only the walk
 * that writes the tree out synchronously: MimeNode's own `build()` streams with
 * a setImmediate per part, which cost about 1.5 ms of CPU per message here (and
 * 5 ms with its streaming DKIM signer) against a few tens of microseconds for
 * the same bytes built in one pass.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";
import * as base64 from "nodemailer/lib/base64";
import { foldLines } from "nodemailer/lib/mime-funcs";
import { normalizeDomain } from "nodemailer/lib/shared";
import { rsaSha256Sign } from "../kernel/rsa_sign.ts";
import type { Mailbox } from "./schema.ts";
import { type ComposeAttachment, mimeAttachment } from "./attachments.ts";

export type DkimKey = {
  domainName: string;
  keySelector: string;
  /** PKCS#8 PEM (a string, so that it can be posted to the delivery worker). */
  privateKey: string;
};

export type ComposeInput = {
  messageId: string;
  date: Date;
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  html: string;
  text: string;
  attachments: ComposeAttachment[];
  /** Caller headers that passed the policy, plus the service's own. */
  headers: Record<string, string>;
  dkim: DkimKey | null;
};

/**
 * Header fields covered by the DKIM signature: nodemailer's default list
 * (RFC 6376 5.4) plus List-Unsubscribe-Post (RFC 8058 requires both List-*
 * fields to be signed for one-click unsubscribe) and Feedback-ID.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "Content-ID",
  "Content-Description",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Help",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "List-Subscribe",
  "List-Post",
  "List-Owner",
  "List-Archive",
  "Feedback-ID",
].join(":");

// MimeNode normalizes a header name with three regex passes on every setHeader
// and getHeader call, dozens per message (about a tenth of a delivery worker's
// time). The result depends only on the name, so it is remembered.
{
  type Normalize = (this: unknown, key: unknown) => string;
  const proto = MimeNode.prototype as unknown as { _normalizeHeaderKey?: Normalize };
  const normalize = proto._normalizeHeaderKey;
  if (typeof normalize === "function") {
    const known = new Map<string, string>();
    proto._normalizeHeaderKey = function (key) {
      if (typeof key !== "string") return normalize.call(this, key);
      let name = known.get(key);
      if (name === undefined) {
        name = normalize.call(this, key);
        if (known.size >= 2000) known.clear();
        known.set(key, name);
      }
      return name;
    };
  }
}

/** Builds (and, given a key, signs) the message. */
export function composeMessage(m: ComposeInput): Uint8Array {
  return buildMessage(m).raw;
}

/**
 * The message, and whether any of its header fields holds UTF-8 (RFC 6532:
 * an address with a non-ASCII local part); such a message may only be sent
 * with SMTPUTF8 (transport.ts).
 */
export function buildMessage(m: ComposeInput): { raw: Uint8Array; utf8Headers: boolean } {
  const composer = new MailComposer({
    from: m.from,
    to: m.to,
    cc: m.cc.length ? m.cc : undefined,
    replyTo: m.replyTo.length ? m.replyTo : undefined,
    subject: m.subject,
    messageId: m.messageId,
    date: m.date,
    text: crlf(m.text),
    html: crlf(m.html),
    headers: m.headers,
    attachments: m.attachments.map(mimeAttachment),
    // No file or URL access: attachment content only ever comes from the request.
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
  });
  const built = mimeMessage(composer.compile());
  let raw = built.raw;
  if (m.dkim) raw = Buffer.concat([latin1Bytes(dkimHeader(raw, m.dkim) + "\r\n"), raw]);
  return {
    raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength),
    utf8Headers: built.utf8Headers,
  };
}

function crlf(s: string): string {
  return s.replace(/\r?\n|\r/g, "\r\n");
}

/** The bytes MimeNode#build streams out, written in one synchronous pass. */
export function mimeBytes(root: MimeNode): Buffer {
  return mimeMessage(root).raw;
}

/** mimeBytes, and whether a header block holds non-ASCII (UTF-8) text. */
export function mimeMessage(root: MimeNode): { raw: Buffer; utf8Headers: boolean } {
  const parts: (string | Uint8Array)[] = [];
  const info = { utf8Headers: false };
  writeNode(root, parts, info);
  return { raw: joinParts(parts), utf8Headers: info.utf8Headers };
}

/** MimeNode#stream without the streams: headers, encoded content, children. */
function writeNode(node: MimeNode, out: (string | Uint8Array)[], info: { utf8Headers: boolean }) {
  const head = node.buildHeaders();
  checkHeaderBlock(head);
  if (!info.utf8Headers && !ASCII.test(head)) info.utf8Headers = true;
  out.push(head + "\r\n\r\n");
  const content = (node as unknown as { content?: string | Buffer }).content;
  if (content !== undefined && content !== null && content !== "") {
    const buf = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const te = node.getTransferEncoding();
    if (te === "base64") out.push(base64.wrap(base64.encode(buf), 76));
    else if (te === "quoted-printable") out.push(qp.wrap(qp.encode(buf), 76));
    else out.push(buf);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out.push(`${i ? "\r\n" : ""}--${node.boundary}\r\n`);
      writeNode(child, out, info);
    });
    out.push(`\r\n--${node.boundary}--\r\n`);
  }
}

// RFC 5322 field name (printable ASCII but the colon) and its colon.
const FIELD_START = /^[!-9;-~]+:/;
// Line breaks in any form: bare CR or LF (CRLF is what the block is split on),
// NUL, and the Unicode line terminators that a UTF-8-decoding reader may honour.
const BREAKS = /[\r\n\0\u0085\u2028\u2029]/;

/**
 * Refuses (throws) a header block that is not a sequence of header fields:
 * every line either starts a field (`Name:`) or continues the one before it
 * (folding: SP or HT, then something other than whitespace), and no line holds
 * a CR, LF or NUL of its own. MimeNode encodes every value it writes, and the
 * address parser (domain/kernel/address.ts) keeps these characters out of addresses;
 * this is the last check before bytes are written, so that whatever slipped
 * through fails the send instead of adding a header or ending the block.
 */
export function checkHeaderBlock(head: string): void {
  const lines = head.split("\r\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const folded = line[0] === " " || line[0] === "\t";
    const ok = !BREAKS.test(line) &&
      (folded ? i > 0 && /[^ \t]/.test(line) : FIELD_START.test(line));
    if (!ok) {
      throw new Error(
        `refused to write a malformed header line ${JSON.stringify(line.slice(0, 80))}`,
      );
    }
  }
}

const encoder = new TextEncoder();
// deno-lint-ignore no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * One buffer from the parts: strings as UTF-8 (headers, boundaries and the QP
 * and base64 bodies are ASCII; a header may hold UTF-8 under RFC 6532, and
 * every code point is written whole: Latin-1 would keep only the low byte of
 * each UTF-16 unit, turning U+010D or U+4E0D into a CR), bytes as they are.
 */
function joinParts(parts: (string | Uint8Array)[]): Buffer {
  const chunks: Uint8Array[] = [];
  let text = "";
  const flush = () => {
    if (text) chunks.push(encoder.encode(text));
    text = "";
  };
  for (const p of parts) {
    if (typeof p === "string") text += p;
    else {
      flush();
      chunks.push(p);
    }
  }
  flush();
  let size = 0;
  for (const c of chunks) size += c.length;
  const raw = Buffer.allocUnsafe(size);
  let at = 0;
  for (const c of chunks) {
    raw.set(c, at);
    at += c.length;
  }
  return raw;
}

/**
 * The DKIM-Signature header (relaxed/relaxed, rsa-sha256) for a built message.
 * Body and header canonicalization (RFC 6376 3.4.2, 3.4.4) are done here, the
 * tag list is written as nodemailer's `sign` writes it (the header fields as
 * its `relaxedHeaders` picks them: the last instance of each signed name, in
 * the order of DKIM_SIGNED_HEADERS); the RSA signature is `rsaSha256Sign`
 * (OpenSSL when the process may use it: the signature was most of a relayed
 * message's CPU).
 */
export function dkimHeader(raw: Buffer, key: DkimKey): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, split).toString("latin1");
  const body = raw.subarray(split + 4);
  const canon = relaxedSignedHeaders(head.split(/\r\n(?![ \t])/));
  // Tag values carry no control character, DEL or delimiter (as nodemailer's sign).
  // deno-lint-ignore no-control-regex
  const clean = (v: string) => v.replace(/[\x00-\x1f\x7f;=]/g, "");
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    "d=" + normalizeDomain(clean(key.domainName), false),
    "q=dns/txt",
    "s=" + clean(key.keySelector),
    "bh=" + relaxedBodyHash(body),
    "h=" + clean(canon.fieldNames),
  ].join("; ");
  const dkim = foldLines("DKIM-Signature: " + tags, 76) + ";\r\n b=";
  const signed = canon.headers + "dkim-signature:" + relaxedHeaderLine(dkim);
  const signature = Buffer.from(rsaSha256Sign(key.privateKey, latin1Bytes(signed)))
    .toString("base64");
  return dkim + foldSignature(signature);
}

/** DKIM_SIGNED_HEADERS in lower case, in order, and the same as a set. */
const SIGNED = DKIM_SIGNED_HEADERS.toLowerCase().split(":");
const SIGNED_SET = new Set(SIGNED);

/**
 * nodemailer's `relaxedHeaders(headers, DKIM_SIGNED_HEADERS)` (dkim/sign.js)
 * without its per-message sets, key objects and maps: the last instance of
 * each signed field, canonicalized, in the order of the list; `fieldNames`
 * those present. `lines` are the header block's fields, folds included.
 */
export function relaxedSignedHeaders(lines: string[]): { headers: string; fieldNames: string } {
  const found: (string | undefined)[] = new Array(SIGNED.length);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    const name = line.slice(0, line.indexOf(":")).trim().toLowerCase();
    if (!SIGNED_SET.has(name)) continue;
    const at = SIGNED.indexOf(name);
    if (found[at] === undefined) found[at] = relaxedHeaderLine(line);
  }
  let headers = "";
  const names: string[] = [];
  for (let i = 0; i < SIGNED.length; i++) {
    const value = found[i];
    if (value === undefined) continue;
    names.push(SIGNED[i]);
    headers += SIGNED[i] + ":" + value + "\r\n";
  }
  return { headers: headers || "\r\n", fieldNames: names.join(":") };
}

/**
 * The base64 signature folded as nodemailer's sign folds it
 * (`replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ").trim()`): 73 characters
 * on the `b=` line, then lines of 75, without the regular expression.
 */
export function foldSignature(sig: string): string {
  if (sig.length <= 73) return sig;
  let out = sig.slice(0, 73);
  for (let at = 73; at < sig.length; at += 75) out += "\r\n " + sig.slice(at, at + 75);
  return out;
}

/** Relaxed canonicalization of one header field's value (RFC 6376 3.4.2), as nodemailer's. */
function relaxedHeaderLine(line: string): string {
  return line.slice(line.indexOf(":") + 1).replace(/\r?\n/g, "").replace(/[ \t]+/g, " ")
    .replace(/^ | $/g, "");
}

/**
 * SHA-256 (base64) of the relaxed-canonical body (RFC 6376 3.4.4): in each
 * line (lines end with CRLF; a lone CR or LF is part of its line) a run of
 * spaces and tabs becomes one space and a run at the end goes; empty lines at
 * the end go; what is left ends with CRLF. Done on the bytes in one pass: the
 * same bytes as through a Latin-1 string, without the two conversions of the
 * whole body (Deno's Latin-1 encoder is a JavaScript loop).
 */
export function relaxedBodyHash(body: Uint8Array): string {
  const out = new Uint8Array(body.length + 2);
  let n = 0; // bytes written
  let keep = 0; // bytes up to the CRLF of the last non-empty line
  let lineStart = 0; // where the current line's output starts
  let space = false; // a run of spaces and tabs waits to be written as one space
  const len = body.length;
  for (let i = 0; i <= len; i++) {
    const end = i === len || (body[i] === 13 && body[i + 1] === 10);
    if (end) {
      space = false; // a run at the end of a line goes
      const empty = n === lineStart;
      out[n++] = 13;
      out[n++] = 10;
      if (!empty) keep = n;
      lineStart = n;
      i++; // past the LF
      continue;
    }
    const c = body[i];
    if (c === 32 || c === 9) {
      space = true;
      continue;
    }
    if (space) {
      out[n++] = 32;
      space = false;
    }
    out[n++] = c;
  }
  return createHash("sha256").update(out.subarray(0, keep)).digest("base64");
}

/** A Latin-1 string's bytes (one per character): the native encoder when it is ASCII. */
function latin1Bytes(s: string): Uint8Array {
  return ASCII.test(s) ? encoder.encode(s) : Buffer.from(s, "latin1");
}
