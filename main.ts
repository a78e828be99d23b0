/**
 * Composition root: read configuration, make the context (which opens KV and
 * starts the mail delivery workers), build the app, start the HTTP server(s),
 * the job runner and the crons. Nothing else starts anything.
 */
import { baseUrlWarning, type Config, ConfigError, loadConfig } from "./domain/kernel/config.ts";
import { presenceApplies } from "./domain/kernel/presence.ts";
import { type Ctx, openCtx } from "./domain/kernel/context.ts";
import { eagerMail } from "./domain/mail/lazy_services.ts";
import { buildApp } from "./routes/app.ts";
import { JobRunner } from "./domain/kernel/job_runner.ts";
import { jobs } from "./workers/handlers.ts";
import { startDomainChecks } from "./workers/domain_check.ts";
import { startWebhookHealth } from "./workers/webhook_health.ts";
import { startRetentionSweeps } from "./workers/retention.ts";
import { type JobPool, startJobPool } from "./workers/job_pool.ts";
import { type Handler, listen, type Listening } from "./domain/kernel/net/http_server.ts";
import {
  type HttpProcesses,
  startHttpProcesses,
  stopWithParent,
} from "./domain/kernel/net/http_processes.ts";
import { type SmtpListeners, startSmtpListeners } from "./workers/smtp_listener.ts";
import { relayView } from "./domain/sending_domains/relay.ts";
import { storageProblem } from "./domain/kernel/errors.ts";
import { migrate, SchemaError } from "./domain/ops/migrations.ts";

/** How long a shutdown waits for running jobs before leaving them for the next start. */
export const JOB_STOP_GRACE_MS = 5_000;

export type Running = {
  ctx: Ctx;
  /** Port the API listens on. */
  port: number;
  /** Port of the plain-HTTP redirect listener, when there is one. */
  redirectPort?: number;
  /** Process ids of the extra HTTP processes (SVC_HTTP_PROCESSES above 1). */
  httpPids?: number[];
  shutdown(): Promise<void>;
};

/**
 * Files this process creates are the owner's alone (umask 077): the KV file and
 * SQLite's -wal and -shm beside it hold submissions, outbox mail and sealed
 * secrets, and SQLite creates them with 0644 under the usual umask 022, also
 * in a data folder that someone else created 0755. False where the umask
 * cannot be set (Windows, or no --allow-sys).
 */
export function restrictNewFiles(): boolean {
  try {
    Deno.umask(0o077);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers plain HTTP with a redirect to the same path over HTTPS: 301 for GET
 * and HEAD, 308 (method and body kept) otherwise. The target host is the public
 * one from SVC_BASE_URL when that is an https URL, so a forged Host header
 * cannot redirect elsewhere; otherwise the request's host with the TLS port.
 */
export function redirectToHttps(
  tlsPort: number,
  baseUrl: string,
): (req: Request) => Response {
  const base = new URL(baseUrl);
  return (req) => {
    const u = new URL(req.url);
    const target = new URL(u.pathname + u.search, "https://placeholder");
    if (base.protocol === "https:") {
      target.host = base.host;
    } else {
      target.hostname = u.hostname;
      target.port = tlsPort === 443 ? "" : String(tlsPort);
    }
    const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
    return new Response(null, { status, headers: { location: target.toString() } });
  };
}

/**
 * The start-up lines about the relay's DKIM key: the DNS record relay-mode
 * signatures verify against (also at GET /admin/api/v1/relay), and a warning
 * when the key was generated on this start.
 */
export function relayStartupLines(config: Config): { info: string; warning: string | null } {
  const relay = relayView(config);
  const r = relay.dkim.dns_record;
  return {
    info: `Relay mail (From ${relay.from}) is DKIM-signed; publish this DNS record:\n\n` +
      `  ${r.name}. ${r.type} "${r.value}"\n`,
    warning: config.relayDkim.source === "generated"
      ? `Warning: generated a DKIM key for relay mail in ${config.dataDir}/relay_dkim_key ` +
        "(sealed with the encryption key). Publish its DNS record before sending, or set " +
        "SVC_RELAY_DKIM_KEY to manage the key yourself."
      : null,
  };
}

async function readTls(config: Config) {
  return config.SVC_TLS_CERT && config.SVC_TLS_KEY
    ? {
      cert: await Deno.readTextFile(config.SVC_TLS_CERT),
      key: await Deno.readTextFile(config.SVC_TLS_KEY),
    }
    : null;
}

/**
 * Header timeouts, body timeouts and the per-address connection cap of the
 * listeners (domain/kernel/net/http_server.ts); with several HTTP processes the
 * cap is per process.
 */
function listenLimits(config: Config, ctx: Ctx) {
  return {
    hostname: config.SVC_HOST,
    headerTimeoutMs: config.SVC_HEADER_TIMEOUT_MS,
    bodyTimeoutMs: config.SVC_BODY_TIMEOUT_MS,
    maxConnsPerIp: config.SVC_MAX_CONNS_PER_IP,
    trustedProxies: config.SVC_TRUSTED_PROXIES,
    reusePort: config.SVC_HTTP_PROCESSES > 1,
    log: ctx.log,
  };
}

/** The app's handler; with several HTTP processes each answer names its process (1 is the first). */
function appHandler(config: Config, app: ReturnType<typeof buildApp>, process: number): Handler {
  if (config.SVC_HTTP_PROCESSES === 1) return (req, info) => app.fetch(req, info);
  const mark = (res: Response) => {
    try {
      res.headers.set("x-svc-process", String(process));
    } catch { /* immutable headers */ }
    return res;
  };
  return async (req, info) => mark(await app.fetch(req, info));
}

/**
 * An extra HTTP process (`main.ts --http-only N`, started by the first one when
 * SVC_HTTP_PROCESSES is above 1): the app on SVC_PORT with SO_REUSEPORT, the
 * same KV file, no jobs, crons or SMTP listeners. Migrations ran in the first.
 */
export async function startHttpOnly(config: Config, process: number): Promise<Running> {
  const tls = await readTls(config);
  // No job runs here: jobs due now go to the first process's runners by queue message.
  const ctx = await openCtx(config, { wakeJobs: false, mail: eagerMail });
  try {
    // Seen by every other instance before serving (domain/kernel/presence.ts).
    if (presenceApplies(config.SVC_KV_PATH)) await ctx.presence.join();
    const server = listen(
      { ...listenLimits(config, ctx), port: config.SVC_PORT, tls },
      appHandler(config, buildApp(ctx), process),
    );
    return {
      ctx,
      port: server.addr.port,
      shutdown: async () => {
        await server.shutdown();
        await ctx.close();
      },
    };
  } catch (e) {
    await ctx.close();
    throw e;
  }
}

export async function start(config: Config): Promise<Running> {
  const tls = await readTls(config);
  const ctx = await openCtx(config, { mail: eagerMail });
  const log = ctx.log;
  // Forward-only schema migrations, before anything reads or writes records.
  try {
    await migrate(ctx.kv, log, undefined, { encryptionKey: ctx.config.encryptionKey });
  } catch (e) {
    await ctx.close();
    throw e;
  }
  // Registers this instance now; it serves HTTP once every other instance on
  // the database has seen it (domain/kernel/presence.ts), meanwhile the rest starts.
  const joined = presenceApplies(config.SVC_KV_PATH) ? ctx.presence.join() : Promise.resolve();
  const app = buildApp(ctx);
  // Background jobs run in worker threads with their own KV handles, or here
  // when there are none (or the KV is in memory and cannot be shared).
  const workerCount = config.SVC_KV_PATH === ":memory:" ? 0 : config.SVC_JOB_WORKERS;
  let pool: JobPool | null = null;
  let runner: JobRunner | null = null;
  const servers: Listening[] = [];
  let smtp: SmtpListeners | null = null;
  let extra: HttpProcesses | null = null;
  // Crons end with the abort in shutdown() (a process may start() more than once in tests).
  const crons = new AbortController();
  // SIGTERM: requests in flight finish while the job runners get
  // JOB_STOP_GRACE_MS for theirs (the rest run again at the next start), so
  // the process ends within 10 s.
  const shutdown = async () => {
    crons.abort();
    await Promise.all([
      extra?.stop(),
      ...servers.map((s) => s.shutdown()),
      smtp?.close(),
      pool?.stop(JOB_STOP_GRACE_MS),
      runner?.stop(JOB_STOP_GRACE_MS),
    ]);
    await ctx.close();
  };
  try {
    if (workerCount > 0) {
      pool = await startJobPool(config, workerCount, log, ctx.metrics);
    } else {
      runner = new JobRunner(ctx, jobs);
      runner.start();
    }
  } catch (e) {
    await shutdown();
    throw e;
  }
  startDomainChecks(ctx, crons.signal);
  startWebhookHealth(ctx, crons.signal);
  startRetentionSweeps(ctx, crons.signal);

  const limits = listenLimits(config, ctx);
  try {
    await joined;
    // Deno's TLS (rustls) speaks TLS 1.2 and 1.3 only: older versions are refused.
    const main = listen(
      { ...limits, port: config.SVC_PORT, tls },
      appHandler(config, app, 1),
    );
    servers.push(main);
    const port = main.addr.port;
    log.info("listening", { url: `${tls ? "https" : "http"}://${config.SVC_HOST}:${port}` });

    let redirectPort: number | undefined;
    if (tls && config.SVC_HTTP_REDIRECT_PORT !== undefined) {
      const redirect = listen(
        { ...limits, reusePort: false, port: config.SVC_HTTP_REDIRECT_PORT },
        redirectToHttps(port, config.SVC_BASE_URL),
      );
      servers.push(redirect);
      redirectPort = redirect.addr.port;
      log.info("redirecting plain HTTP to HTTPS", { port: redirectPort });
    }
    // SMTP in: inbound domains, bounces and complaints; submission (workers/smtp_listener.ts).
    smtp = await startSmtpListeners(ctx);
    // Extra HTTP processes on the same port and KV file (SVC_HTTP_PROCESSES).
    if (config.SVC_HTTP_PROCESSES > 1) {
      extra = await startHttpProcesses(config.SVC_HTTP_PROCESSES - 1, port, log);
    }
    return { ctx, port, redirectPort, httpPids: extra?.pids, shutdown };
  } catch (e) {
    // A port in use must not leave the other listener, the runner or the context open.
    await shutdown();
    throw e;
  }
}

/** `main.ts --http-only N`: an extra HTTP process, started by the first (see startHttpOnly). */
async function runHttpOnly(process: number) {
  const running = await startHttpOnly(await loadConfig(), process);
  console.log(`HTTP process ${process} ready on port ${running.port}.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.shutdown();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  stopWithParent(stop);
}

if (import.meta.main && Deno.args[0] === "--http-only") {
  restrictNewFiles();
  await runHttpOnly(Number(Deno.args[1] ?? 2));
} else if (import.meta.main) {
  // Here, not in start(): the umask is the process's, and tests call start().
  if (!restrictNewFiles()) {
    console.warn(
      "Warning: could not set the umask to 077 (needs --allow-sys); the KV files are " +
        "chmod 0600 when opened, but files SQLite creates later may be readable by others.",
    );
  }
  let config: Config;
  try {
    config = await loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      Deno.exit(1);
    }
    throw e;
  }
  if (config.generated.adminToken) {
    console.log(
      `\nOperator token (generated, saved in ${config.dataDir}/admin_token):\n\n  ${config.adminToken}\n\n` +
        "Use it as 'Authorization: Bearer <token>' on /admin/api/v1.\n",
    );
  }
  if (config.generated.encryptionKey) {
    console.warn(
      `Warning: generated an encryption key in ${config.dataDir}/encryption_key. ` +
        "Back it up: stored secrets cannot be read without it. Set SVC_ENCRYPTION_KEY to manage it yourself.",
    );
  }
  const baseUrl = baseUrlWarning(Deno.env.toObject(), config);
  if (baseUrl) console.warn(baseUrl);
  const relay = relayStartupLines(config);
  if (relay.warning) console.warn(relay.warning);
  console.log(relay.info);
  let running: Running;
  try {
    running = await start(config);
  } catch (e) {
    if (e instanceof Deno.errors.AddrInUse) {
      // The SMTP listeners name their own variable; the HTTP ones are named here.
      const hint = /SVC_SMTP_/.test(e.message)
        ? ""
        : " Set SVC_PORT (or SVC_HTTP_REDIRECT_PORT) to a free port.";
      console.error(`Start failed: ${e.message}.${hint}`);
      Deno.exit(1);
    }
    if (e instanceof SchemaError || e instanceof Deno.errors.NotCapable) {
      console.error(`Start failed: ${e.message}`);
      Deno.exit(1);
    }
    if (
      e instanceof Error && (storageProblem(e) || /unable to open database file/.test(e.message))
    ) {
      console.error(
        `Start failed: cannot open the KV database ${config.SVC_KV_PATH} for writing ` +
          `(${e.message}). Check that its folder exists and is writable (not on a read-only ` +
          "file system) and that the disk has free space.",
      );
      Deno.exit(1);
    }
    throw e;
  }
  console.log(`Service ready on port ${running.port}.`);
  const stop = async () => {
    await running.shutdown();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
