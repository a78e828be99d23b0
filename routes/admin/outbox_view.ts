/**
 * Readable outbox messages for the operator: the text and HTML parts (parsed
 * with mailparser) and the headers with their encoded words decoded, beside the
 * raw RFC 822 message; or plain text laid out as a person reads mail.
 */
import { simpleParser } from "../../domain/inbound/parse.ts";

export type ReadableMessage = {
  /** The text part (quoted-printable and base64 decoded), or null. */
  text: string | null;
  /** The HTML part, decoded, or null. */
  html: string | null;
  /** Header name (lowercase) -> decoded value; a repeated header's values joined by "\n". */
  headers: Record<string, string>;
};

const ENCODED_WORD = /(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/;

/** The bytes of one encoded word's text: B is base64, Q is quoted-printable with _ for space. */
function wordBytes(encoding: string, text: string): number[] {
  if (encoding.toUpperCase() === "B") {
    try {
      return [...atob(text)].map((ch) => ch.charCodeAt(0));
    } catch {
      return [...new TextEncoder().encode(text)];
    }
  }
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(text[i] === "_" ? 0x20 : text.charCodeAt(i) & 0xff);
  }
  return out;
}

/**
 * Decodes RFC 2047 encoded words (=?UTF-8?Q?...?=) in a header value. White
 * space between two encoded words is dropped, and the bytes of neighbouring
 * words in one charset are decoded together, so a character split across two
 * words survives. An unknown charset leaves its word as written.
 */
export function decodeHeaderValue(value: string): string {
  const parts = value.split(ENCODED_WORD);
  let out = "";
  let run: { charset: string; bytes: number[]; written: string } | null = null;
  const flush = () => {
    if (!run) return;
    try {
      out += new TextDecoder(run.charset).decode(new Uint8Array(run.bytes));
    } catch {
      out += run.written;
    }
    run = null;
  };
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      // Text between words: white space only between two encoded words is dropped.
      if (part === "" || (run && /^\s+$/.test(part) && i < parts.length - 1)) return;
      flush();
      out += part;
      return;
    }
    const [, label, encoding, text] = /^=\?([^?]+)\?([BbQq])\?(.*)\?=$/.exec(part)!;
    const charset = label.split("*")[0].toLowerCase();
    if (run && run.charset !== charset) flush();
    run ??= { charset, bytes: [], written: "" };
    run.bytes.push(...wordBytes(encoding, text));
    run.written += part;
  });
  flush();
  return out;
}

export async function readableMessage(raw: string): Promise<ReadableMessage> {
  let parsed;
  try {
    parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  } catch {
    return { text: null, html: null, headers: {} };
  }
  const headers = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    const written = line.slice(line.indexOf(":") + 1).replace(/\r?\n(?=[ \t])/g, "").trim();
    const value = decodeHeaderValue(written);
    const before = headers.get(key);
    headers.set(key, before === undefined ? value : `${before}\n${value}`);
  }
  return {
    text: parsed.text ?? null,
    html: parsed.html || null,
    // fromEntries defines own properties, so a header named __proto__ stays a header.
    headers: Object.fromEntries(headers),
  };
}

const SHOWN: [key: string, label: string][] = [
  ["from", "From"],
  ["to", "To"],
  ["cc", "Cc"],
  ["reply-to", "Reply-To"],
  ["subject", "Subject"],
  ["date", "Date"],
];

/** One message as a person reads it: From, To, (Cc, Reply-To,) Subject, Date, then the text. */
export function messageAsText(m: ReadableMessage): string {
  const lines: string[] = [];
  for (const [key, label] of SHOWN) {
    const v = m.headers[key];
    if (v !== undefined) lines.push(`${label}: ${v}`);
  }
  return `${lines.join("\n")}\n\n${(m.text ?? "(no text part)").trimEnd()}\n`;
}

/** Messages separated by a rule line, newest first as listed. */
export function outboxAsText(messages: ReadableMessage[], transport: string): string {
  if (messages.length === 0) {
    return transport === "smtp"
      ? "No messages: mail goes to the SMTP relay (SVC_SMTP_URL is set).\n"
      : "No messages in the outbox.\n";
  }
  return messages.map(messageAsText).join(`\n${"-".repeat(72)}\n\n`);
}
