/**
 * The HTTP listener with the limits Deno.serve lacks: slow clients and
 * connection floods.
 *
 * - Header timeout: a connection may go at most `headerTimeoutMs` without a
 *   request in progress. A new connection must deliver its first request's
 *   headers within it (slowloris), and a kept-alive one that sends nothing for
 *   that long is closed.
 * - Body timeout: each request carries `bodyDeadline` (its arrival plus
 *   `bodyTimeoutMs`) to the body reader (routes/body.ts answers 408).
 * - Connection cap: at most `maxConnsPerIp` open connections per client address
 *   (IPv6: per /64); the next one is closed as soon as it is accepted.
 *
 * How. Deno.serve (Deno 2.9) has no timeout of any kind and no hook at accept
 * time, so the listener accepts TCP (or TLS) connections itself and hands each
 * to Deno's own HTTP server with `serveHttpOnConnection`, the function Deno.serve
 * is built on: same parser, same speed, and a per-connection abort signal that
 * closes it. A connection counts as busy from the handler's call until the
 * response is sent (`info.completed`); a sweep every `headerTimeoutMs / 4` (at
 * most 1 s) closes those idle for too long, so a request costs two counter
 * updates and no timer.
 *
 * Alternatives measured on this machine (2 shared cores, GET /healthz, 32
 * keep-alive clients, requests per second relative to Deno.serve): node:http's
 * createServer, which has headersTimeout and requestTimeout in Deno, about 50 %;
 * a TCP proxy in JS in front of Deno.serve about 35 %; this listener 100 %
 * within noise with keep-alive and about 95 % with a new connection per request.
 *
 * TLS: Deno starts the handshake of an accepted TLS connection in a task of its
 * own that keeps the socket until the client completes the handshake or leaves;
 * closing the connection does not end it. So over TLS a client that connects
 * and sends nothing cannot be timed out or turned away: its connection counts
 * against its address while it waits, and one over the cap is closed but its
 * socket stays until the client goes. After the handshake everything above
 * applies. Facing untrusted networks, terminate TLS in a proxy with a handshake
 * timeout.
 *
 * `serveHttpOnConnection` is not public API (it is reached through
 * `Deno[Deno.internal]`). A Deno without it gets plain Deno.serve with a warning
 * at start: bodies still time out, but the header timeout and the connection
 * cap are off, and tests/net_limits_test.ts fails on such a Deno.
 */
import type { Logger } from "../log.ts";
import { addressKey, type ConnInfo, forwardedClient } from "./client.ts";
import { inRanges, type IpRange } from "../ip.ts";

export type Handler = (req: Request, info: ConnInfo) => Response | Promise<Response>;

export type ListenOptions = {
  hostname: string;
  port: number;
  tls?: { cert: string; key: string } | null;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  maxConnsPerIp: number;
  /** SVC_TRUSTED_PROXIES: peers whose X-Forwarded-For names the client, and who are not capped. */
  trustedProxies?: readonly IpRange[];
  log: Logger;
  /**
   * SO_REUSEPORT (Linux): several processes listen on one port and the kernel
   * spreads new connections over them (SVC_HTTP_PROCESSES, main.ts).
   */
  reusePort?: boolean;
  /** Tests: serve as on a Deno without serveHttpOnConnection. */
  withoutGuard?: boolean;
};

export type Listening = {
  addr: Deno.NetAddr;
  /** False when this Deno lacks serveHttpOnConnection (plain Deno.serve, see above). */
  guarded: boolean;
  /** Stops accepting, lets requests in progress finish, then closes every connection. */
  shutdown(): Promise<void>;
};

type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: (
    req: Request,
    info: Deno.ServeHandlerInfo<Deno.NetAddr>,
  ) => Response | Promise<Response>,
  onError: (error: unknown) => Response | Promise<Response>,
  onListen: () => void,
) => { finished: Promise<void>; shutdown(): Promise<void> };

function serveOnConnection(): ServeOnConnection | null {
  const sym = (Deno as unknown as { internal?: symbol }).internal;
  if (typeof sym !== "symbol") return null;
  const internals = (Deno as unknown as Record<symbol, Record<string, unknown> | undefined>)[sym];
  const f = internals?.serveHttpOnConnection;
  return typeof f === "function" ? f as ServeOnConnection : null;
}

type Tracked = {
  conn: Deno.Conn;
  /** Requests in progress. */
  busy: number;
  /** When `busy` last dropped to 0 (or the connection was accepted). */
  idleSince: number;
  closed: boolean;
  /** The handler asked for `Connection: close`: close once the answer is sent. */
  closeWhenIdle: boolean;
  abort: AbortController;
  server?: { finished: Promise<void>; shutdown(): Promise<void> };
};

/** Time an answer with `Connection: close` gets to reach the client before the close. */
const CLOSE_GRACE_MS = 200;

type PerAddress = { open: number; loggedAt: number };

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch { /* already gone */ }
}

/** The request announced a body (chunked, or a length above 0) that nobody read. */
function unreadBody(req: Request): boolean {
  if (req.body === null || req.bodyUsed) return false;
  if (req.headers.has("transfer-encoding")) return true;
  return Number(req.headers.get("content-length") ?? "0") > 0;
}

export function listen(opts: ListenOptions, handler: Handler): Listening {
  const { log, headerTimeoutMs, bodyTimeoutMs, maxConnsPerIp } = opts;
  const trusted = opts.trustedProxies ?? [];
  const info = (req: Request, remoteAddr: Deno.NetAddr): ConnInfo => ({
    remoteAddr,
    bodyDeadline: Date.now() + bodyTimeoutMs,
    ...(trusted.length && {
      clientHost: forwardedClient(remoteAddr.hostname, req.headers.get("x-forwarded-for"), trusted),
    }),
  });
  const onError = (error: unknown) => {
    log.error("unhandled error in the HTTP handler", { error });
    return new Response("Internal Server Error", { status: 500 });
  };
  const serveOn = opts.withoutGuard ? null : serveOnConnection();
  if (!serveOn) {
    log.warn(
      "this Deno has no serveHttpOnConnection: serving with Deno.serve, so " +
        "SVC_HEADER_TIMEOUT_MS and SVC_MAX_CONNS_PER_IP do not apply",
      { deno: Deno.version.deno },
    );
    const server = Deno.serve(
      {
        hostname: opts.hostname,
        port: opts.port,
        ...(opts.reusePort && { reusePort: true }),
        ...(opts.tls ?? {}),
        onListen: () => {},
        onError,
      },
      (req, i) => handler(req, info(req, i.remoteAddr)),
    );
    return { addr: server.addr, guarded: false, shutdown: () => server.shutdown() };
  }

  // Deno's TLS (rustls) speaks TLS 1.2 and 1.3 only; h2 and http/1.1 as Deno.serve offers them.
  const listener: Deno.Listener<Deno.Conn, Deno.NetAddr> = opts.tls
    ? Deno.listenTls({
      hostname: opts.hostname,
      port: opts.port,
      cert: opts.tls.cert,
      key: opts.tls.key,
      alpnProtocols: ["h2", "http/1.1"],
      ...(opts.reusePort && { reusePort: true }),
    })
    : Deno.listen({
      hostname: opts.hostname,
      port: opts.port,
      ...(opts.reusePort && { reusePort: true }),
    });
  const conns = new Set<Tracked>();
  const perAddress = new Map<string, PerAddress>();
  let stopping = false;
  /** Connections between accept and serving (TLS handshakes). */
  const admitting = new Set<Promise<void>>();

  const close = (t: Tracked) => {
    if (t.closed) return;
    t.closed = true;
    try {
      t.abort.abort();
    } catch (error) {
      // The client hung up between the last check and now: Deno already closed
      // the socket, and aborting the serve closes it again (BadResource).
      if (!(error instanceof Deno.errors.BadResource)) throw error;
    }
  };
  const sweep = setInterval(() => {
    const before = Date.now() - headerTimeoutMs;
    for (const t of conns) {
      if (t.busy === 0 && t.idleSince <= before && t.server) close(t);
    }
  }, Math.max(10, Math.min(1000, Math.floor(headerTimeoutMs / 4))));

  const admit = async (conn: Deno.Conn) => {
    const peer = (conn.remoteAddr as Deno.NetAddr).hostname;
    // A trusted proxy carries every client's connections: the cap is for clients.
    const isProxy = trusted.length > 0 && inRanges(peer, trusted);
    const key = addressKey(peer) ?? "";
    let a = perAddress.get(key);
    if (!a) perAddress.set(key, a = { open: 0, loggedAt: -Infinity });
    if (a.open >= maxConnsPerIp && !isProxy) {
      closeQuietly(conn);
      const now = Date.now();
      if (now - a.loggedAt >= 60_000) {
        a.loggedAt = now;
        log.warn("too many open connections: refusing more from this address", {
          ip: key,
          open: a.open,
          limit: maxConnsPerIp,
        });
      }
      return;
    }
    a.open++;
    const entry = a;
    const t: Tracked = {
      conn,
      busy: 0,
      idleSince: Date.now(),
      closed: false,
      closeWhenIdle: false,
      abort: new AbortController(),
    };
    const release = () => {
      conns.delete(t);
      if (--entry.open === 0 && perAddress.get(key) === entry) perAddress.delete(key);
    };
    conns.add(t);
    if (opts.tls) {
      // Deno cannot close a socket whose TLS handshake is pending (the handshake
      // task holds it until the client sends or leaves), so a stalled handshake
      // is not timed out; it counts against its address until it ends.
      try {
        await (conn as Deno.TlsConn).handshake();
      } catch {
        release();
        closeQuietly(conn);
        return;
      }
      if (stopping || Date.now() - t.idleSince >= headerTimeoutMs) {
        release();
        closeQuietly(conn);
        return;
      }
      t.idleSince = Date.now();
    }
    const done = () => {
      if (--t.busy > 0) return;
      // Asked to close: closed after a short grace (`completed` means the answer
      // was handed on, not flushed; closing at once loses it), not at the next
      // sweep: until then Deno goes on reading the client's unread body, a
      // chunked upload at whatever speed the client manages.
      t.idleSince = t.closeWhenIdle ? Date.now() - headerTimeoutMs + CLOSE_GRACE_MS : Date.now();
      if (t.closeWhenIdle) {
        setTimeout(() => {
          if (t.busy === 0) close(t);
        }, CLOSE_GRACE_MS);
      }
    };
    // A handler that answers with `Connection: close` (routes/body.ts after a
    // body timeout or past the size limit) gets it: Deno's server would
    // otherwise keep the connection. So does a request whose body was left
    // unread (answered before it, say 401): keeping the connection would mean
    // draining whatever the client goes on sending.
    const closeIfAsked = (req: Request) => (res: Response) => {
      if (res.headers.get("connection") === "close" || unreadBody(req)) t.closeWhenIdle = true;
      return res;
    };
    try {
      t.server = serveOn(
        conn,
        t.abort.signal,
        (req, i) => {
          t.busy++;
          i.completed.then(done, done);
          const res = handler(req, info(req, i.remoteAddr));
          if (req.method === "GET" || req.method === "HEAD") return res;
          const then = closeIfAsked(req);
          return res instanceof Promise ? res.then(then) : then(res);
        },
        onError,
        () => {},
      );
    } catch (error) {
      log.warn("could not serve a connection", { error });
      release();
      closeQuietly(conn);
      return;
    }
    // Once served to the end (the client hung up too) there is nothing left
    // to close: a grace timer or the sweep must not abort a closed socket.
    t.server.finished.catch(() => {}).finally(() => {
      t.closed = true;
      release();
    });
  };

  const accepting = (async () => {
    while (!stopping) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) break;
        // Out of file descriptors and the like: wait a little instead of spinning.
        log.warn("accepting a connection failed", { error });
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      if (stopping) {
        conn.close();
        break;
      }
      const p = admit(conn).catch((error) => log.error("serving a connection failed", { error }));
      admitting.add(p);
      p.finally(() => admitting.delete(p));
    }
  })();

  return {
    addr: listener.addr,
    guarded: true,
    async shutdown() {
      stopping = true;
      try {
        listener.close();
      } catch { /* already closed */ }
      await accepting;
      // Idle ones (a slow header among them) close now; the others once their
      // requests are answered. The sweep keeps watching until all are gone.
      for (const t of conns) {
        if (!t.server) closeQuietly(t.conn); // a pending TLS handshake: stop waiting for it
        else if (t.busy === 0) close(t);
      }
      await Promise.all(admitting);
      await Promise.all([...conns].map((t) => t.server?.shutdown().catch(() => {})));
      await Promise.all([...conns].map((t) => t.server?.finished.catch(() => {})));
      clearInterval(sweep);
    },
  };
}
