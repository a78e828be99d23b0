/**
 * Builds the raw RFC 822 message once and signs it with DKIM in domain mode.
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
import { createHash, createPrivateKey, type KeyObject } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";
import * as base64 from "nodemailer/lib/base64";
import dkimSign from "nodemailer/lib/dkim/sign.js";
import type { Mailbox } from "./schema.ts";
import { mimeAttachment } from "./attachments.ts";

export type ComposeAttachment = {
  filename: string;
  content: Buffer;
  contentType?: string;
  cid?: string;
};

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

// Attachment labels and transfer encodings are chosen in attachments.ts.
export { safeContentType } from "./attachments.ts";

/** Builds (and in domain mode signs) the message. */
export function composeMessage(m: ComposeInput): Uint8Array {
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
  let raw = mimeBytes(composer.compile());
  if (m.dkim) raw = Buffer.concat([Buffer.from(dkimHeader(raw, m.dkim) + "\r\n", "latin1"), raw]);
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

function crlf(s: string): string {
  return s.replace(/\r?\n|\r/g, "\r\n");
}

/** The bytes MimeNode#build streams out, written in one synchronous pass. */
export function mimeBytes(root: MimeNode): Buffer {
  const parts: (string | Uint8Array)[] = [];
  writeNode(root, parts);
  return joinParts(parts);
}

/** MimeNode#stream without the streams: headers, encoded content, children. */
function writeNode(node: MimeNode, out: (string | Uint8Array)[]) {
  out.push(node.buildHeaders() + "\r\n\r\n");
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
      writeNode(child, out);
    });
    out.push(`\r\n--${node.boundary}--\r\n`);
  }
}

const encoder = new TextEncoder();
// deno-lint-ignore no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * One buffer from the parts: strings are Latin-1 (headers, boundaries and the
 * QP and base64 bodies are ASCII, which TextEncoder writes natively; Buffer's
 * Latin-1 encoder is a JavaScript loop), bytes as they are.
 */
function joinParts(parts: (string | Uint8Array)[]): Buffer {
  const chunks: Uint8Array[] = [];
  let text = "";
  const flush = () => {
    if (text) chunks.push(ASCII.test(text) ? encoder.encode(text) : Buffer.from(text, "latin1"));
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
 * Body canonicalization (RFC 6376 3.4.4) is done here; the header
 * canonicalization and the signature are nodemailer's `sign`.
 */
export function dkimHeader(raw: Buffer, key: DkimKey): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, split).toString("latin1");
  const body = raw.subarray(split + 4);
  const headers = head.split(/\r\n(?![ \t])/).map((line) => ({
    key: line.slice(0, line.indexOf(":")).trim().toLowerCase(),
    line,
  }));
  const signature = dkimSign(headers, "sha256", relaxedBodyHash(body), {
    domainName: key.domainName,
    keySelector: key.keySelector,
    privateKey: keyObject(key.privateKey),
    headerFieldNames: DKIM_SIGNED_HEADERS,
  });
  if (!signature) throw new Error(`DKIM signing failed for ${key.domainName}`);
  return signature;
}

// Parsed keys by PEM: parsing a PEM costs more than the signature itself.
const keyObjects = new Map<string, KeyObject>();

function keyObject(pem: string): KeyObject {
  let k = keyObjects.get(pem);
  if (!k) {
    k = createPrivateKey(pem);
    if (keyObjects.size >= 1000) keyObjects.clear();
    keyObjects.set(pem, k);
  }
  return k;
}

/** SHA-256 (base64) of the relaxed-canonical body. */
export function relaxedBodyHash(body: Uint8Array): string {
  const text = Buffer.from(body).toString("latin1");
  const lines = text.split("\r\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  const canon = lines.length ? lines.join("\r\n") + "\r\n" : "";
  return createHash("sha256").update(Buffer.from(canon, "latin1")).digest("base64");
}
