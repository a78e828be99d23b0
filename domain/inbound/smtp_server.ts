/**
 * What both SMTP listeners (inbound and submission) share, on smtp-server:
 * limits (connections in all and per client address, idle time, message
 * size, memory held by messages being received), STARTTLS when a certificate
 * is configured, replies with enhanced status codes, and a listener that
 * never lets an error escape: every handler answers through its callback, and
 * server and socket errors are logged.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions } from "smtp-server";
import { Buffer } from "node:buffer";
import type { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "../kernel/log.ts";
import type { RequestScope } from "../kernel/context.ts";
import { addressKey } from "../kernel/net/client.ts";
import { UnparseableMail } from "./parse.ts";

/** Where and how a listener (inbound or submission) listens. */
export type ListenerOptions = {
  port: number;
  host: string;
  tls: Tls;
  limits?: Partial<ListenerLimits>;
};

export type ListenerLimits = {
  /** Open connections in all; more get 421. */
  maxClients: number;
  /** Open connections per client address (IPv6: per /64); more get 421. */
  maxPerAddress: number;
  /** A connection with nothing received for this long is closed. */
  idleMs: number;
  /** Largest message (SIZE); above it 552. */
  maxMessageBytes: number;
  /** Bytes of messages being received held in memory at once; above it 452. */
  memoryBudget: number;
  /** How long close() lets transactions in progress finish. */
  closeMs: number;
};

/** 25 MB, the limit most providers apply (Gmail, Office 365). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export const DEFAULT_LIMITS: ListenerLimits = {
  maxClients: 200,
  maxPerAddress: 20,
  idleMs: 60_000,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  memoryBudget: 512 * 1024 * 1024,
  closeMs: 10_000,
};

export type Tls = { key: string; cert: string } | null;

export type RunningListener = {
  port: number;
  close(): Promise<void>;
};

/** An error an smtp-server callback turns into this reply (text after the code). */
export function reply(code: number, text: string): Error & { responseCode: number } {
  // One line of printable ASCII: reply text may quote what a peer sent.
  const clean = text.replace(/[^\x20-\x7e]+/g, " ").slice(0, 400);
  return Object.assign(new Error(clean), { responseCode: code });
}

/**
 * The reply to a message whose handling failed: a permanent 554 5.6.0 for one
 * the parser can never read (a retry would fail the same way, for days), else
 * 451 4.3.0 (a store that failed may work on the next try). Logged either way.
 */
export function failureReply(log: Logger, what: string, e: unknown): Error {
  if (e instanceof UnparseableMail) {
    log.warn(`${what}: message cannot be parsed, refused for good`, { error: e.message });
    return reply(554, "5.6.0 The message cannot be parsed and will not be accepted");
  }
  log.error(`${what}: message not taken`, { error: e });
  return reply(451, "4.3.0 Temporary failure, try again later");
}

/** Bytes of messages being received, across the connections of one listener. */
export class MemoryBudget {
  #used = 0;
  constructor(readonly limit: number) {}
  take(n: number): boolean {
    if (this.#used + n > this.limit) return false;
    this.#used += n;
    return true;
  }
  give(n: number) {
    this.#used = Math.max(0, this.#used - n);
  }
  get used(): number {
    return this.#used;
  }
}

export type Received = {
  /** The message; null when it was too large or did not fit the memory budget. */
  raw: Uint8Array | null;
  tooLarge: boolean;
  overBudget: boolean;
  /** Gives its bytes back to the budget (call when done with `raw`). */
  release(): void;
};

/** Reads a DATA stream into memory within the size limit and the budget. */
export function receive(
  stream: SMTPServerDataStream,
  maxBytes: number,
  budget: MemoryBudget,
): Promise<Received> {
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let held = 0;
    let seen = 0;
    let dropped: "size" | "budget" | null = null;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      budget.give(held);
      held = 0;
    };
    const drop = (why: "size" | "budget") => {
      dropped = why;
      chunks = [];
      release();
    };
    stream.on("data", (c: Buffer) => {
      seen += c.length;
      if (dropped) return;
      if (seen > maxBytes) return drop("size");
      if (!budget.take(c.length)) return drop("budget");
      held += c.length;
      chunks.push(c);
    });
    // The client went away mid-message (smtp-server destroys the stream with an error).
    stream.on("error", () => {
      drop("size");
      resolve({ raw: null, tooLarge: false, overBudget: false, release });
    });
    stream.on("end", () => {
      const tooLarge = stream.sizeExceeded || dropped === "size";
      if (dropped || tooLarge) {
        release();
        return resolve({ raw: null, tooLarge, overBudget: dropped === "budget", release });
      }
      const b = Buffer.concat(chunks);
      chunks = [];
      resolve({
        raw: new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
        tooLarge: false,
        overBudget: false,
        release,
      });
    });
  });
}

export type ServerSpec = {
  /** For logs: "inbound" or "submission". */
  role: string;
  /** Host name in the greeting and Received lines. */
  name: string;
  host: string;
  port: number;
  tls: Tls;
  limits: ListenerLimits;
  log: Logger;
  /** The context's scope: each session's handlers run in a scope of its own. */
  scope: AsyncLocalStorage<RequestScope>;
  /** smtp-server handlers and options of this listener. */
  options: SMTPServerOptions;
};

/** Starts an smtp-server with the shared limits; rejects when the port cannot be bound. */
export async function startServer(spec: ServerSpec): Promise<RunningListener> {
  const { limits, log } = spec;
  const options = inSessionScope(spec);
  const perAddress = new Map<string, number>();
  const counted = new Set<string>();
  const onConnect = options.onConnect;
  const onClose = options.onClose;
  const server = new SMTPServer({
    banner: "ESMTP",
    name: spec.name,
    logger: false,
    disableReverseLookup: true,
    hideENHANCEDSTATUSCODES: true,
    size: limits.maxMessageBytes,
    maxClients: limits.maxClients,
    socketTimeout: limits.idleMs,
    closeTimeout: limits.closeMs,
    maxRecipients: 150,
    maxCommandLength: 4096,
    ...(spec.tls ? { key: spec.tls.key, cert: spec.tls.cert } : {}),
    ...options,
    disabledCommands: [
      ...(spec.tls ? [] : ["STARTTLS"]),
      ...(spec.options.disabledCommands ?? []),
    ],
    onConnect: inScope(spec, 0, (session, callback) => {
      const who = addressKey(session.remoteAddress) ?? session.remoteAddress;
      const n = perAddress.get(who) ?? 0;
      if (n >= limits.maxPerAddress) {
        return callback(reply(421, "4.7.0 Too many connections from your address, try later"));
      }
      perAddress.set(who, n + 1);
      counted.add(session.id);
      if (onConnect) return onConnect(session, callback);
      callback();
    }),
    onClose: inScope(spec, 0, (session, callback) => {
      if (counted.delete(session.id)) {
        const who = addressKey(session.remoteAddress) ?? session.remoteAddress;
        const n = (perAddress.get(who) ?? 1) - 1;
        if (n <= 0) perAddress.delete(who);
        else perAddress.set(who, n);
      }
      onClose?.(session, callback);
    }),
  });
  // A listener error must never end the process: log it (socket errors of
  // clients that went away, TLS handshakes that failed, ...).
  server.on("error", (e: Error & { code?: string }) => {
    spec.scope.run({ smtp_session: `${spec.role}-listener` }, () => {
      log.debug(`smtp ${spec.role}: connection error`, { error: e.message, code: e.code });
    });
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (e: Error & { code?: string }) => {
      reject(
        e.code === "EADDRINUSE"
          ? new Deno.errors.AddrInUse(
            `the SMTP ${spec.role} port ${spec.port} is in use (SVC_SMTP_${spec.role.toUpperCase()}_PORT; 0 turns it off)`,
          )
          : e,
      );
    };
    server.server.once("error", failed);
    server.listen(spec.port, spec.host, () => {
      server.server.off("error", failed);
      resolve();
    });
  });
  const port = (server.server.address() as { port: number }).port;
  log.info(`smtp ${spec.role} listening`, { host: spec.host, port, starttls: !!spec.tls });
  let closing: Promise<void> | null = null;
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}

type Handler = (...args: never[]) => unknown;

/**
 * A handler that runs in the session's own scope (`<role>-<session id>`), so
 * its log lines name the session and never the scope that happened to be
 * current when the socket's callback fired (an HTTP request's).
 */
function inScope<F extends Handler>(spec: ServerSpec, sessionAt: number, f: F): F {
  return ((...args: unknown[]) => {
    const id = (args[sessionAt] as { id?: string } | undefined)?.id ?? "unknown";
    return spec.scope.run({ smtp_session: `${spec.role}-${id}` }, () => f(...(args as never[])));
  }) as unknown as F;
}

/** The listener's session handlers (session is their second argument), each in its session's scope. */
function inSessionScope(spec: ServerSpec): SMTPServerOptions {
  const o: SMTPServerOptions = { ...spec.options };
  if (o.onAuth) o.onAuth = inScope(spec, 1, o.onAuth);
  if (o.onMailFrom) o.onMailFrom = inScope(spec, 1, o.onMailFrom);
  if (o.onRcptTo) o.onRcptTo = inScope(spec, 1, o.onRcptTo);
  if (o.onData) o.onData = inScope(spec, 1, o.onData);
  return o;
}

/** Whether a peer address is the machine itself. */
export function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/i, "");
  return a === "::1" || /^127\./.test(a);
}
