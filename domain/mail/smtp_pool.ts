/**
 * A pool of SMTP connections (nodemailer's `SMTPConnection`) that sends
 * messages already built into bytes. nodemailer's own pool wraps every message
 * in its Mailer and MIME machinery (plugins, a MimeNode around the raw bytes, a
 * read stream), which cost 0.26 ms of CPU per message against 0.09 ms for the
 * connection's `send` alone (docs/performance.md, "The delivery worker"); the message here is
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

type Corkable = { cork(): void; uncork(): void };

/** What smtp_pool.ts relies on of nodemailer's DataStream (smtp-connection/data-stream.js). */
type DataStreamLike = NodeJS.WritableStream & {
  inByteCount?: unknown;
  outByteCount?: unknown;
  lastByte?: unknown;
  push?: (chunk: Uint8Array) => boolean;
};

/**
 * Hands the message to the connection's DataStream, which dot-stuffs it, turns
 * bare CR and LF into CRLF and ends it with the end-of-data line. Its
 * transform looks at every byte in JavaScript (about 7 % of a delivery
 * worker's busy time); a built message almost never has anything for it to
 * change, and then the bytes go to its output as they are, counted as the
 * transform counts them, and its flush writes the end-of-data line after the
 * same last byte. Anything else (a dot at a line start, a bare CR or LF, a
 * stream that is not the DataStream as known) goes through the transform.
 */
export function writeData(dest: NodeJS.WritableStream, raw: Uint8Array): void {
  const d = dest as DataStreamLike;
  if (
    d.lastByte === false && typeof d.inByteCount === "number" &&
    typeof d.outByteCount === "number" && typeof d.push === "function" &&
    passesUnchanged(raw, false)
  ) {
    d.inByteCount += raw.length;
    d.outByteCount += raw.length;
    d.lastByte = raw[raw.length - 1];
    d.push(raw);
    dest.end();
    return;
  }
  dest.end(raw);
}

/**
 * Whether nodemailer's DataStream, after the byte `prev` (false at the start),
 * would pass `chunk` through unchanged: every CR is followed by LF (or ends the
 * chunk), every LF follows a CR, and no line starts with a dot.
 */
export function passesUnchanged(chunk: Uint8Array, prev: number | false): boolean {
  const n = chunk.length;
  if (n === 0) return false;
  const first = chunk[0];
  if (prev === 13 ? first !== 10 : first === 10) return false;
  if (first === 46 && (prev === 10 || prev === false)) return false;
  for (let i = chunk.indexOf(13); i >= 0; i = chunk.indexOf(13, i + 1)) {
    if (i + 1 < n && chunk[i + 1] !== 10) return false;
  }
  for (let j = chunk.indexOf(10); j >= 0; j = chunk.indexOf(10, j + 1)) {
    if (j > 0 && chunk[j - 1] !== 13) return false;
    if (j + 1 < n && chunk[j + 1] === 46) return false;
  }
  return true;
}

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
      // around them: about 20 µs less CPU per message (measured with the bench's CPU profile),
      // and it tells whether a byte of the message went out.
      const socket = (slot.conn as unknown as { _socket?: Corkable })._socket;
      const message = {
        started: false,
        pipe(dest: NodeJS.WritableStream) {
          this.started = true;
          // The data and the end-of-data line leave in one write (they are written
          // synchronously inside writeData), not two: two socket writes per mail, not three.
          socket?.cork();
          try {
            writeData(dest, raw);
          } finally {
            socket?.uncork();
          }
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
