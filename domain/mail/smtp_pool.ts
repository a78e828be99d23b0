/**
 * A pool of SMTP connections (nodemailer's `SMTPConnection`) that sends
 * messages already built into bytes. nodemailer's own pool wraps every message
 * in its Mailer and MIME machinery (plugins, a MimeNode around the raw bytes, a
 * read stream), which cost 0.26 ms of CPU per message against 0.09 ms for the
 * connection's `send` alone (docs/performance.md, Phase 3); the message here is
 * built and signed before (compose.ts), so that machinery did nothing useful.
 *
 * Behaviour kept from nodemailer's pool as the service used it: up to `size`
 * connections, each reused for any number of messages; a message the relay
 * refuses (envelope or data, not 421) resets the session and keeps the
 * connection; any other failure closes the connection; a message that fails on
 * a reused connection before a byte of it was sent (the relay dropped the idle
 * connection) gets one more try on a fresh one, no more (maxRequeues 1).
 */
import type { Buffer } from "node:buffer";
import SMTPConnection from "nodemailer/lib/smtp-connection";

type Conn = SMTPConnection;
type Slot = { conn: Conn; sent: number; dead: boolean };
type SmtpErr = Error & { code?: string; responseCode?: number };

export type PoolOptions = {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  size: number;
};

export type SendInfo = { accepted: string[]; rejected: string[]; response: string };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** nodemailer's errors.isTransientError: the connection, not the message, failed. */
function transient(e: SmtpErr): boolean {
  return e.responseCode === 421 || e.code === "ECONNECTION" || e.code === "ESOCKET" ||
    e.code === "ETIMEDOUT";
}

export class SmtpPool {
  readonly #idle: Slot[] = [];
  readonly #waiting: (() => void)[] = [];
  #open = 0;
  #closed = false;

  constructor(readonly opts: PoolOptions) {}

  /** Sends `raw` with `envelope` ({from, to, dsn, ...}); rejects with nodemailer's error. */
  async send(envelope: Record<string, unknown>, raw: Buffer): Promise<SendInfo> {
    for (let tries = 1;; tries++) {
      const slot = await this.#take();
      // The connection pipes its message into its dot-stuffing stream once the
      // relay took the envelope (DATA answered 354). A pipeable source that
      // hands over the bytes at that moment, instead of a PassThrough stream
      // around them: about 20 µs less CPU per message (performance.md, Phase 4),
      // and it tells whether a byte of the message went out.
      const message = {
        started: false,
        pipe(dest: NodeJS.WritableStream) {
          this.started = true;
          dest.end(raw);
          return dest;
        },
      };
      try {
        const info = await new Promise<SendInfo>((resolve, reject) =>
          slot.conn.send(
            envelope as never,
            message as never, // SMTPConnection#send pipes anything with pipe()
            (err, info) => err ? reject(err) : resolve(info as unknown as SendInfo),
          )
        );
        slot.sent++;
        this.#give(slot);
        return info;
      } catch (err) {
        const e = err as SmtpErr;
        const refused = (e.code === "EENVELOPE" || e.code === "EMESSAGE") &&
          e.responseCode !== 421 && !slot.dead;
        if (refused) {
          // The relay refused this message; the session is reset and the connection kept.
          slot.conn.reset((resetErr) => resetErr ? this.#drop(slot) : this.#give(slot));
          throw e;
        }
        const reused = slot.sent > 0;
        this.#drop(slot);
        if (tries === 1 && reused && transient(e) && !message.started) continue;
        throw e;
      }
    }
  }

  close(): void {
    this.#closed = true;
    for (const s of this.#idle.splice(0)) this.#quit(s);
    for (const w of this.#waiting.splice(0)) w();
  }

  /** An idle live connection, a new one while fewer than `size` are open, or the next freed. */
  async #take(): Promise<Slot> {
    for (;;) {
      if (this.#closed) throw new Error("the mail transport is closed");
      const idle = this.#idle.pop();
      if (idle) {
        if (!idle.dead) return idle;
        this.#drop(idle);
        continue;
      }
      if (this.#open < this.opts.size) return await this.#connect();
      await new Promise<void>((r) => this.#waiting.push(r));
    }
  }

  async #connect(): Promise<Slot> {
    this.#open++;
    const conn = new SMTPConnection({
      host: this.opts.host,
      port: this.opts.port,
      secure: this.opts.secure,
      ...TIMEOUTS,
    });
    const slot: Slot = { conn, sent: 0, dead: false };
    // An idle connection the relay closes, or that fails, is dropped when next taken.
    conn.on("error", () => (slot.dead = true));
    conn.on("end", () => (slot.dead = true));
    try {
      // A refused or failed connection is an 'error' event (or an early end), not the callback's.
      await new Promise<void>((resolve, reject) => {
        const failed = (err?: Error) => reject(err ?? new Error("Connection closed unexpectedly"));
        conn.once("error", failed);
        conn.once("end", failed);
        conn.connect((err?: Error) => {
          conn.off("error", failed);
          conn.off("end", failed);
          return err ? reject(err) : resolve();
        });
      });
      const auth = this.opts.auth;
      if (auth) {
        await new Promise<void>((resolve, reject) =>
          conn.login(auth, (err) => err ? reject(err) : resolve())
        );
      }
      return slot;
    } catch (e) {
      this.#drop(slot);
      throw e;
    }
  }

  #give(slot: Slot): void {
    if (this.#closed || slot.dead) {
      this.#drop(slot);
      return;
    }
    this.#idle.push(slot);
    this.#waiting.shift()?.();
  }

  #drop(slot: Slot): void {
    this.#open--;
    this.#quit(slot);
    this.#waiting.shift()?.();
  }

  #quit(slot: Slot): void {
    slot.dead = true;
    try {
      slot.conn.close();
    } catch { /* already closed */ }
  }
}
