/**
 * A small SMTP client over a real socket, for tests that check exact replies:
 * one command at a time, the full (multi-line) reply back, DATA with dot
 * stuffing, STARTTLS with Deno.startTls.
 */
export type Reply = { code: number; text: string; lines: string[] };

export class SmtpClient {
  #conn: Deno.Conn | Deno.TlsConn;
  #buf = "";
  readonly #dec = new TextDecoder();
  readonly #enc = new TextEncoder();

  private constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** Connects and reads the greeting. */
  static async connect(port: number, hostname = "127.0.0.1"): Promise<[SmtpClient, Reply]> {
    const c = new SmtpClient(await Deno.connect({ hostname, port }));
    return [c, await c.read()];
  }

  async #fill(): Promise<boolean> {
    const chunk = new Uint8Array(65536);
    const n = await this.#conn.read(chunk);
    if (n === null) return false;
    this.#buf += this.#dec.decode(chunk.subarray(0, n));
    return true;
  }

  /** Reads one reply (all its lines); code 0 when the server closed the connection. */
  async read(timeoutMs = 30_000): Promise<Reply> {
    const lines: string[] = [];
    const until = Date.now() + timeoutMs;
    for (;;) {
      const at = this.#buf.indexOf("\r\n");
      if (at >= 0) {
        const line = this.#buf.slice(0, at);
        this.#buf = this.#buf.slice(at + 2);
        lines.push(line);
        if (/^\d{3}(?: |$)/.test(line)) {
          return {
            code: Number(line.slice(0, 3)),
            text: lines.map((l) => l.slice(4)).join("\n"),
            lines,
          };
        }
        continue;
      }
      if (Date.now() > until) throw new Error(`no SMTP reply within ${timeoutMs} ms`);
      let more: boolean;
      try {
        more = await this.#fill();
      } catch {
        more = false;
      }
      if (!more) return { code: 0, text: "connection closed", lines };
    }
  }

  async write(text: string | Uint8Array): Promise<void> {
    const bytes = typeof text === "string" ? this.#enc.encode(text) : text;
    for (let off = 0; off < bytes.length;) off += await this.#conn.write(bytes.subarray(off));
  }

  async cmd(line: string, timeoutMs?: number): Promise<Reply> {
    await this.write(`${line}\r\n`);
    return await this.read(timeoutMs);
  }

  /** DATA, then the message (dot-stuffed) and the final dot; the reply to the message. */
  async data(message: string | Uint8Array, timeoutMs?: number): Promise<Reply> {
    const go = await this.cmd("DATA");
    if (go.code !== 354) return go;
    const text = typeof message === "string" ? message : this.#dec.decode(message);
    const body = text.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
    await this.write(`${body}${body.endsWith("\r\n") ? "" : "\r\n"}.\r\n`);
    return await this.read(timeoutMs);
  }

  /** EHLO, MAIL, RCPT (each), DATA: the replies in order. */
  async send(from: string, to: string[], message: string, timeoutMs?: number): Promise<Reply[]> {
    const out = [await this.cmd("EHLO client.test"), await this.cmd(`MAIL FROM:<${from}>`)];
    for (const t of to) out.push(await this.cmd(`RCPT TO:<${t}>`));
    out.push(await this.data(message, timeoutMs));
    return out;
  }

  async starttls(caCert: string): Promise<Reply> {
    const r = await this.cmd("STARTTLS");
    if (r.code !== 220) return r;
    this.#conn = await Deno.startTls(this.#conn as Deno.TcpConn, {
      hostname: "localhost",
      caCerts: [caCert],
    });
    return r;
  }

  close() {
    try {
      this.#conn.close();
    } catch { /* closed already */ }
  }
}

/** A message with the given headers and body, CRLF line ends. */
export function message(headers: Record<string, string>, body = "Hello.\n"): string {
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join("\r\n");
  return `${head}\r\n\r\n${body.replace(/\r?\n/g, "\r\n")}`;
}
