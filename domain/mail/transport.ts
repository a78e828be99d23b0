/**
 * Where composed messages go.
 * - `SmtpTransport`: nodemailer's SMTP pool to SVC_SMTP_URL (SVC_SMTP_POOL_SIZE
 *   connections, reused for any number of messages). A message is "sent" when
 *   the relay answered 250 to DATA; a 4xx/5xx or a connection failure is a
 *   `TransportError` carrying the server's reply.
 * - `OutboxTransport`: no SMTP configured; the message is kept in KV and listed
 *   at GET /admin/api/v1/outbox, so the service runs with nothing else
 *   installed and nothing leaves the machine.
 */
import { Buffer } from "node:buffer";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config.ts";
import { isoTime } from "../clock.ts";
import type { Clock } from "../clock.ts";
import { putOutbox } from "../store/outbox.ts";

export type OutgoingMessage = {
  /** Log id (UUIDv7); also the outbox id. */
  id: string;
  messageId: string;
  /** VERP Return-Path (MAIL FROM). */
  envelopeFrom: string;
  /** Envelope recipients: to, cc and bcc. */
  recipients: string[];
  headerFrom: string;
  subject: string;
  raw: Uint8Array;
};

export type TransportResult = { response: string; accepted: string[]; rejected: string[] };

export class TransportError extends Error {
  constructor(message: string, readonly permanent: boolean | null = null) {
    super(message);
    this.name = "TransportError";
  }
}

export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  send(msg: OutgoingMessage): Promise<TransportResult>;
  close(): Promise<void>;
}

type SmtpErr = Error & { response?: string; responseCode?: number; code?: string };

/** The reply text of a failed send: the server's reply when there is one. */
export function failureText(e: unknown): string {
  const err = e as SmtpErr;
  const text = (err?.response || err?.message || String(e)).replace(/\s+/g, " ").trim();
  return text.slice(0, 300) || "the mail server did not accept the message";
}

export class SmtpTransport implements MailTransport {
  readonly kind = "smtp";
  readonly #pool: Transporter;

  constructor(url: string, poolSize: number) {
    const u = new URL(url);
    const secure = u.protocol === "smtps:";
    this.#pool = nodemailer.createTransport({
      pool: true,
      host: u.hostname.replace(/^\[|\]$/g, ""),
      port: Number(u.port || (secure ? 465 : 587)),
      secure,
      auth: u.username
        ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
        : undefined,
      maxConnections: poolSize,
      maxMessages: Infinity,
      // A dead connection gives its message one more try on a fresh one, no more:
      // the caller is waiting for the answer.
      maxRequeues: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
  }

  async send(msg: OutgoingMessage): Promise<TransportResult> {
    try {
      const info = await this.#pool.sendMail({
        envelope: { from: msg.envelopeFrom, to: msg.recipients },
        raw: Buffer.from(msg.raw.buffer, msg.raw.byteOffset, msg.raw.byteLength),
      });
      const accepted = (info.accepted ?? []).map(String);
      if (accepted.length === 0) {
        throw new TransportError(info.response || "every recipient was refused", true);
      }
      return {
        response: info.response ?? "",
        accepted,
        rejected: (info.rejected ?? []).map(String),
      };
    } catch (e) {
      if (e instanceof TransportError) throw e;
      const code = (e as SmtpErr).responseCode;
      throw new TransportError(failureText(e), code ? code >= 500 : null);
    }
  }

  close(): Promise<void> {
    this.#pool.close();
    return Promise.resolve();
  }
}

export class OutboxTransport implements MailTransport {
  readonly kind = "outbox";
  constructor(readonly kv: Deno.Kv, readonly clock: Clock) {}

  async send(msg: OutgoingMessage): Promise<TransportResult> {
    await putOutbox(this.kv, {
      id: msg.id,
      message_id: msg.messageId,
      envelope_from: msg.envelopeFrom,
      from: msg.headerFrom,
      to: msg.recipients.map((r) => r.toLowerCase()),
      subject: msg.subject,
      created_at: isoTime(this.clock.now()),
    }, msg.raw);
    return { response: "250 kept in the outbox", accepted: msg.recipients, rejected: [] };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export function transportFromConfig(config: Config, kv: Deno.Kv, clock: Clock): MailTransport {
  return config.SVC_SMTP_URL
    ? new SmtpTransport(config.SVC_SMTP_URL, config.SVC_SMTP_POOL_SIZE)
    : new OutboxTransport(kv, clock);
}
