/**
 * A real SMTP server (smtp-server) on 127.0.0.1, port 0, that records what
 * arrives: envelope and raw bytes, parsed with mailparser on demand. It can be
 * told to refuse messages with a given reply (e.g. "550 5.7.1 spam").
 */
import { SMTPServer } from "smtp-server";
// @ts-types="npm:@types/mailparser@3.9.0"
import { type ParsedMail, simpleParser } from "mailparser";
import { Buffer } from "node:buffer";

export type Received = {
  /** MAIL FROM carried SMTPUTF8 (RFC 6531). */
  smtpUtf8: boolean;
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  parse(): Promise<ParsedMail>;
};

export type TestSmtp = {
  url: string;
  port: number;
  messages: Received[];
  /**
   * Refuse DATA with this code and text (null = accept); with `times`, only
   * that many messages, then accept again.
   */
  reject: { code: number; message: string; times?: number } | null;
  /** Waits until `n` messages arrived. */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
};

/**
 * `hideSmtpUtf8`: a server that does not offer SMTPUTF8 in its EHLO reply.
 * `port`: listen there (a relay coming back where it was down); default 0.
 */
export async function startSmtp(
  opts: { hideSmtpUtf8?: boolean; port?: number } = {},
): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: "",
    port: 0,
    messages: [],
    reject: null,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (state.messages.length < n) {
        if (Date.now() > until) throw new Error(`only ${state.messages.length} of ${n} messages`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return state.messages;
    },
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    hideSMTPUTF8: opts.hideSmtpUtf8 ?? false,
    logger: false,
    size: 40 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.reject) {
          const err = new Error(state.reject.message) as Error & { responseCode: number };
          err.responseCode = state.reject.code;
          if (state.reject.times !== undefined && --state.reject.times <= 0) state.reject = null;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const env = session.envelope;
        state.messages.push({
          smtpUtf8: (env as { smtpUtf8?: boolean }).smtpUtf8 === true,
          mailFrom: env.mailFrom ? env.mailFrom.address : "",
          rcptTo: env.rcptTo.map((r) => r.address),
          raw,
          parse: () => simpleParser(raw),
        });
        callback();
      });
    },
  });
  // A client that vanishes mid-session (a service killed with -9 in the fault
  // tests) resets its socket; smtp-server re-emits that as 'error', which an
  // EventEmitter without a listener throws as an uncaught error.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", () => resolve()));
  const addr = server.server.address() as { port: number };
  state.port = addr.port;
  state.url = `smtp://127.0.0.1:${addr.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
