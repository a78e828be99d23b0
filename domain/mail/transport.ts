/**
 * Long file: the SMTP, worker and outbox transports share one message type,
 * the SMTPUTF8 rule and the worker protocol; kept together so that how a
 * message leaves (one copy per recipient) is decided in one place.
 *
 * Where messages go. A transport receives the message's parts and builds the
 * raw RFC 822 bytes itself (compose.ts), so that building and DKIM signing can
 * happen where the sending happens.
 * - `WorkerSmtpTransport` (SVC_SMTP_URL set, SVC_SMTP_WORKERS >= 1, the
 *   default): delivery workers (Web Workers) build, sign and send, each with
 *   its own SMTP pool (smtp_pool.ts). MIME building, RSA signing and SMTP
 *   stream machinery then run beside the HTTP thread instead of on it.
 * - `SmtpTransport`: the same in the calling thread (SVC_SMTP_WORKERS=0, and
 *   inside each worker). An SMTP pool to SVC_SMTP_URL (smtp_pool.ts), connections
 *   reused for any number of messages. A message is sent when the relay answered
 *   250 to DATA; a 4xx/5xx or a connection failure is a `TransportError` with
 *   the server's reply.
 * - `OutboxTransport`: no SMTP configured; the message is kept in KV and listed
 *   at GET /admin/api/v1/outbox, so the service runs with nothing else installed
 *   and nothing leaves the machine. It keeps a message with UTF-8 header fields
 *   as a relay that offers SMTPUTF8 would receive it.
 *
 * SMTPUTF8 (RFC 6531): a message whose envelope or header fields hold UTF-8
 * (an address with a non-ASCII local part, written as UTF-8 under RFC 6532;
 * domains are always sent as A-labels, see domain/kernel/address.ts) may only go to a
 * relay that offers SMTPUTF8, with SMTPUTF8 on its MAIL FROM. nodemailer adds
 * that keyword only for a non-ASCII *envelope* address, and when the relay does
 * not offer the extension it sends the UTF-8 all the same. So such a message
 * carries a flag in its envelope (nodemailer copies extra envelope keys onto
 * the connection's envelope), and the SMTP connection, which knows what the
 * relay offered in its EHLO reply, either adds SMTPUTF8 to MAIL FROM or refuses
 * the message before MAIL FROM: a permanent `TransportError` (send_failed)
 * naming the missing extension, the connection kept for the next message.
 */
import { Buffer } from "node:buffer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type { Config } from "../kernel/config.ts";
import { type Clock, isoTime } from "../kernel/clock.ts";
import type { Logger } from "../kernel/log.ts";
import { putOutbox } from "./outbox_store.ts";
import { buildMessage, type ComposeInput } from "./compose.ts";
import { trackHtml, type TrackingOptions } from "./tracking.ts";
import { SmtpPool } from "./smtp_pool.ts";

export type OutgoingMessage = {
  /** Log id (UUIDv7); also the outbox id. */
  id: string;
  messageId: string;
  /** Envelope recipients: to, cc and bcc. */
  recipients: string[];
  /**
   * The VERP Return-Path (MAIL FROM) of each recipient's copy, in the order of
   * `recipients`: every recipient gets a copy of its own, so that a report
   * coming back can only be about the one recipient its address names.
   */
  returnPaths: string[];
  headerFrom: string;
  subject: string;
  /** The parts; the transport builds (and signs) the raw message. */
  message: ComposeInput;
  /**
   * Open and click tracking to apply to the HTML part before building, here
   * rather than on the HTTP thread (a delivery worker does it beside it).
   */
  tracking?: TrackingOptions | null;
};

/** The raw message: the HTML part tracked when asked, then built and signed. */
export function rawMessage(msg: OutgoingMessage): Uint8Array {
  return builtMessage(msg).raw;
}

/** rawMessage, and whether the message needs SMTPUTF8 (UTF-8 in its envelope or headers). */
export function builtMessage(msg: OutgoingMessage): { raw: Uint8Array; smtpUtf8: boolean } {
  const m = msg.tracking
    ? { ...msg.message, html: trackHtml(msg.message.html, msg.tracking) }
    : msg.message;
  const { raw, utf8Headers } = buildMessage(m);
  const smtpUtf8 = utf8Headers || msg.returnPaths.some((r) => !ASCII.test(r)) ||
    msg.recipients.some((r) => !ASCII.test(r));
  return { raw, smtpUtf8 };
}

// deno-lint-ignore no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** The failure text when the relay cannot take a message that needs SMTPUTF8. */
export const SMTPUTF8_MISSING = "the mail server does not offer SMTPUTF8, which this message " +
  "needs for its internationalized (non-ASCII) address";

/** Envelope key that marks a message needing SMTPUTF8 (read by the patch below). */
const SMTPUTF8_FLAG = "svcSmtpUtf8";

/**
 * The SMTPUTF8 check on nodemailer's SMTP connection (see the top of this
 * file): `_setEnvelope` is where the connection writes MAIL FROM, right after
 * its EHLO reply told which extensions the relay offers.
 */
const smtpUtf8Patched: boolean = (() => {
  type Conn = {
    _supportedExtensions?: string[];
    _sendCommand: (cmd: string, ...rest: unknown[]) => unknown;
  };
  type Callback = (err: Error | null, info?: unknown) => void;
  type SetEnvelope = (this: Conn, env: Record<string, unknown> | undefined, cb: Callback) => void;
  const proto = SMTPConnection.prototype as unknown as { _setEnvelope?: SetEnvelope };
  const original = proto._setEnvelope;
  if (typeof original !== "function") return false;
  proto._setEnvelope = function (env, callback) {
    if (env?.[SMTPUTF8_FLAG] !== true) return original.call(this, env, callback);
    if (!this._supportedExtensions?.includes("SMTPUTF8")) {
      // EENVELOPE: the pool resets the session and keeps the connection.
      const err = Object.assign(new Error(SMTPUTF8_MISSING), {
        code: "EENVELOPE",
        smtpUtf8Missing: true,
      });
      return callback(err);
    }
    // MAIL FROM goes out inside `original`; add the keyword when nodemailer did not
    // (an ASCII envelope with UTF-8 header fields needs it too, RFC 6531 3.4).
    const had = Object.hasOwn(this, "_sendCommand");
    const send = this._sendCommand;
    this._sendCommand = function (this: Conn, cmd: string, ...rest: unknown[]) {
      const line = cmd.startsWith("MAIL FROM:") && !/ SMTPUTF8(?: |$)/.test(cmd)
        ? `${cmd} SMTPUTF8`
        : cmd;
      return send.call(this, line, ...rest);
    };
    try {
      return original.call(this, env, callback);
    } finally {
      if (had) this._sendCommand = send;
      else delete (this as Partial<Conn>)._sendCommand;
    }
  };
  return true;
})();

export type TransportResult = {
  response: string;
  accepted: string[];
  rejected: string[];
  /** Why each rejected recipient's copy was refused (when others went out). */
  refused?: { to: string; error: string }[];
};

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
  readonly #pool: SmtpPool;

  constructor(url: string, poolSize: number) {
    const u = new URL(url);
    const secure = u.protocol === "smtps:";
    // Connections reused for any number of messages; a dead one gives its message one
    // more try on a fresh one, no more: the caller is waiting for the answer (smtp_pool.ts).
    this.#pool = new SmtpPool({
      host: u.hostname.replace(/^\[|\]$/g, ""),
      port: Number(u.port || (secure ? 465 : 587)),
      secure,
      auth: u.username
        ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
        : undefined,
      size: poolSize,
    });
  }

  /**
   * One copy per recipient, each with its own MAIL FROM (its VERP), all of the
   * same bytes: the Return-Path is not part of the message, so it is built and
   * DKIM-signed once. Sent when at least one copy was; the refused ones are
   * listed with the relay's reply. None: the first copy's failure.
   */
  async send(msg: OutgoingMessage): Promise<TransportResult> {
    const { raw, smtpUtf8 } = builtMessage(msg);
    // Without the connection check, a message that needs SMTPUTF8 is not sent at all.
    if (smtpUtf8 && !smtpUtf8Patched) throw new TransportError(SMTPUTF8_MISSING, true);
    const data = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const copies = await Promise.allSettled(
      msg.recipients.map((to, i) => this.#sendCopy(msg.returnPaths[i], to, smtpUtf8, data)),
    );
    const accepted: string[] = [];
    const refused: { to: string; error: string }[] = [];
    let firstError: TransportError | null = null;
    let response = "";
    for (const [i, c] of copies.entries()) {
      if (c.status === "fulfilled") {
        accepted.push(msg.recipients[i]);
        response ||= c.value;
      } else {
        firstError ??= c.reason as TransportError;
        refused.push({ to: msg.recipients[i], error: (c.reason as Error).message });
      }
    }
    if (accepted.length === 0) throw firstError ?? new TransportError("no recipients", true);
    return {
      response,
      accepted,
      rejected: refused.map((r) => r.to),
      ...(refused.length && { refused }),
    };
  }

  /** One recipient's copy; the relay's reply, or a TransportError. */
  async #sendCopy(from: string, to: string, smtpUtf8: boolean, data: Buffer): Promise<string> {
    try {
      const info = await this.#pool.send(
        {
          from,
          to: [to],
          ...(smtpUtf8 && { [SMTPUTF8_FLAG]: true }),
          // DSNs come back to the VERP Return-Path (domain/inbound): every outcome,
          // headers only, the VERP's local part as ENVID (sent only if the relay offers DSN).
          dsn: {
            id: from.slice(0, from.lastIndexOf("@")),
            return: "headers",
            notify: ["success", "delay", "failure"],
          },
        },
        data,
      );
      if ((info.accepted ?? []).length === 0) {
        throw new TransportError(info.response || "the recipient was refused", true);
      }
      return info.response ?? "";
    } catch (e) {
      if (e instanceof TransportError) throw e;
      if ((e as { smtpUtf8Missing?: boolean }).smtpUtf8Missing) {
        throw new TransportError(SMTPUTF8_MISSING, true);
      }
      const code = (e as SmtpErr).responseCode;
      throw new TransportError(failureText(e), code ? code >= 500 : null);
    }
  }

  close(): Promise<void> {
    this.#pool.close();
    return Promise.resolve();
  }
}

/**
 * Messages between the HTTP thread and a delivery worker (smtp_worker.ts).
 * Both sides post what they have in one turn of their event loop together
 * (`batch`, and an array of replies): each postMessage wakes the other
 * thread, and one commit often releases many sends at once.
 */
export type WorkerRequest =
  | { type: "init"; url: string; poolSize: number }
  | { type: "send"; batch: { id: number; msg: OutgoingMessage }[] };
export type WorkerReply =
  | { id: number; ok: true; result: TransportResult }
  | { id: number; ok: false; error: string; permanent: boolean | null };

type Pending = {
  resolve: (r: TransportResult) => void;
  reject: (e: Error) => void;
};

/** One delivery worker; restarted when it dies, failing what it held. */
class DeliveryWorker {
  #worker!: Worker;
  readonly #pending = new Map<number, Pending>();
  /** Sends of this turn, posted together at its end. */
  #outbox: { id: number; msg: OutgoingMessage }[] = [];
  #next = 1;
  #closed = false;

  constructor(readonly url: string, readonly poolSize: number, readonly log: Logger) {
    this.#start();
  }

  get load(): number {
    return this.#pending.size;
  }

  #start() {
    this.#worker = new Worker(new URL("../../workers/smtp_worker.ts", import.meta.url), {
      type: "module",
    });
    this.#worker.onmessage = (e: MessageEvent<WorkerReply[]>) => {
      for (const r of e.data) {
        const p = this.#pending.get(r.id);
        if (!p) continue;
        this.#pending.delete(r.id);
        if (r.ok) p.resolve(r.result);
        else p.reject(new TransportError(r.error, r.permanent));
      }
    };
    this.#worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.log.error("mail delivery worker failed; restarting it", { error: e.message });
      const failed = [...this.#pending.values()];
      this.#pending.clear();
      this.#outbox = []; // failed above: never posted to the new worker
      for (const p of failed) p.reject(new TransportError("the mail delivery worker failed"));
      this.#worker.terminate();
      if (!this.#closed) this.#start();
    };
    this.#worker.postMessage(
      { type: "init", url: this.url, poolSize: this.poolSize } satisfies WorkerRequest,
    );
  }

  send(msg: OutgoingMessage): Promise<TransportResult> {
    if (this.#closed) return Promise.reject(new TransportError("the mail transport is closed"));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#outbox.push({ id, msg }) === 1) queueMicrotask(() => this.#flush());
    });
  }

  #flush() {
    // Only sends still waiting: a worker that failed meanwhile failed the others.
    const batch = this.#outbox.filter((s) => this.#pending.has(s.id));
    this.#outbox = [];
    if (batch.length && !this.#closed) {
      this.#worker.postMessage({ type: "send", batch } satisfies WorkerRequest);
    }
  }

  close() {
    this.#closed = true;
    this.#outbox = [];
    this.#worker.terminate();
    for (const p of this.#pending.values()) {
      p.reject(new TransportError("the mail transport is closed"));
    }
    this.#pending.clear();
  }
}

/**
 * Starts its delivery workers when constructed: createCtx makes it when the
 * service starts (through mail/services.ts), and ctx.close() stops them.
 */
export class WorkerSmtpTransport implements MailTransport {
  readonly kind = "smtp";
  readonly #workers: DeliveryWorker[];

  constructor(url: string, poolSize: number, workers: number, log: Logger) {
    // The connection pool is split between the workers.
    const each = Math.max(1, Math.ceil(poolSize / workers));
    this.#workers = Array.from({ length: workers }, () => new DeliveryWorker(url, each, log));
  }

  send(msg: OutgoingMessage): Promise<TransportResult> {
    let w = this.#workers[0];
    for (const x of this.#workers) if (x.load < w.load) w = x;
    return w.send(msg);
  }

  close(): Promise<void> {
    for (const w of this.#workers) w.close();
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
      envelope_from: msg.returnPaths[0],
      // Each recipient's copy with its own envelope sender, as SMTP sends them.
      envelopes: msg.recipients.map((to, i) => ({
        from: msg.returnPaths[i],
        to: to.toLowerCase(),
      })),
      from: msg.headerFrom,
      to: msg.recipients.map((r) => r.toLowerCase()),
      subject: msg.subject,
      created_at: isoTime(this.clock.now()),
    }, rawMessage(msg));
    return { response: "250 kept in the outbox", accepted: msg.recipients, rejected: [] };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export function transportFromConfig(
  config: Config,
  kv: Deno.Kv,
  clock: Clock,
  log: Logger,
): MailTransport {
  if (!config.SVC_SMTP_URL) return new OutboxTransport(kv, clock);
  if (config.SVC_SMTP_WORKERS === 0) {
    return new SmtpTransport(config.SVC_SMTP_URL, config.SVC_SMTP_POOL_SIZE);
  }
  return new WorkerSmtpTransport(
    config.SVC_SMTP_URL,
    config.SVC_SMTP_POOL_SIZE,
    config.SVC_SMTP_WORKERS,
    log,
  );
}
