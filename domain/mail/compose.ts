/**
 * Builds the raw RFC 822 message once (nodemailer's MailComposer) and signs it
 * with DKIM in domain mode (nodemailer's DKIM signer). The same bytes go to the
 * SMTP relay or into the outbox, so what the outbox shows is what a relay
 * would have received.
 */
import { Buffer } from "node:buffer";
import MailComposer from "nodemailer/lib/mail-composer";
import DKIM from "nodemailer/lib/dkim";
import type { Mailbox } from "./schema.ts";

export type ComposeAttachment = {
  filename: string;
  content: Buffer;
  contentType?: string;
  cid?: string;
};

export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

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

// A valid MIME type; anything else is sent as application/octet-stream.
const MIME_TYPE_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export function safeContentType(ct: string | undefined): string | undefined {
  if (!ct) return undefined;
  const base = ct.split(";")[0].trim();
  return MIME_TYPE_RE.test(base) ? ct.trim() : "application/octet-stream";
}

export async function composeMessage(m: ComposeInput): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: m.from,
    to: m.to,
    cc: m.cc.length ? m.cc : undefined,
    replyTo: m.replyTo.length ? m.replyTo : undefined,
    subject: m.subject,
    messageId: m.messageId,
    date: m.date,
    text: m.text,
    html: m.html,
    headers: m.headers,
    attachments: m.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      cid: a.cid,
    })),
    // No file or URL access: attachment content only ever comes from the request.
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
  });
  const raw: Buffer = await composer.compile().build();
  if (!m.dkim) return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const signer = new DKIM({
    domainName: m.dkim.domainName,
    keySelector: m.dkim.keySelector,
    privateKey: m.dkim.privateKey,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  });
  const chunks: Buffer[] = [];
  for await (const c of signer.sign(raw)) chunks.push(c as Buffer);
  const out = Buffer.concat(chunks);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
