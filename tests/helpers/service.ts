/**
 * Starts the service in-process for a test: fresh in-memory KV, the real app and
 * job runner, and an optional manual clock. `api()` and `admin()` call the app
 * through `app.request()` (no socket); `listen()` also serves it on a loopback
 * port for tests that need real HTTP.
 */
import { type Config, testConfig } from "../../domain/kernel/config.ts";
import { type Ctx, openCtx } from "../../domain/kernel/context.ts";
import { eagerMail } from "../../domain/mail/lazy_services.ts";
import type { Clock } from "../../domain/kernel/clock.ts";
import { createLogger, type Level, type Logger } from "../../domain/kernel/log.ts";
import { buildApp } from "../../routes/app.ts";
import { JobRunner, type RunnerOptions } from "../../domain/kernel/job_runner.ts";
import { jobs } from "../../workers/handlers.ts";
import type { ConnInfo } from "../../domain/kernel/net/client.ts";

export type Answer<T = Record<string, unknown>> = {
  status: number;
  body: T;
  headers: Headers;
  text: string;
};

export type CallOptions = {
  /** API key, sent as x-service-api-key (add others with `headers`). */
  key?: string;
  /** JSON body (serialised) ... */
  body?: unknown;
  /** ... or a raw body, sent as is. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /**
   * The client's address, passed as the connection's remote address (what
   * the listener gives the app). Unset: no address, so no per-address limit
   * applies.
   */
  ip?: string;
};

export type AdminOptions = {
  /** The client's address (see CallOptions.ip). */
  ip?: string;
  /** Another bearer token than the configured one. */
  token?: string;
};

export type TestService = {
  ctx: Ctx;
  app: ReturnType<typeof buildApp>;
  runner: JobRunner;
  api(method: string, path: string, opts?: CallOptions): Promise<Answer>;
  admin(method: string, path: string, body?: unknown, opts?: AdminOptions): Promise<Answer>;
  /** Serves the app on 127.0.0.1:<random port>; returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
};

export type ServiceOptions = {
  clock?: Clock;
  config?: Partial<Config>;
  /** Start the job runner's queue listener and sweep (default true). */
  runJobs?: boolean;
  runner?: RunnerOptions;
  logLevel?: Level;
  /** A logger of the test's own (to see what the service logs). */
  log?: Logger;
  /** A KV file to share with other processes (default: a fresh in-memory KV). */
  kvPath?: string;
};

async function toAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  return { status: res.status, body, headers: res.headers, text };
}

export async function startTestService(opts: ServiceOptions = {}): Promise<TestService> {
  const config = testConfig({ ...opts.config, SVC_KV_PATH: opts.kvPath ?? ":memory:" });
  const ctx = await openCtx(config, {
    mail: eagerMail,
    clock: opts.clock,
    log: opts.log ??
      createLogger(opts.logLevel ?? (Deno.env.get("TEST_LOG") as Level) ?? "error"),
  });
  const app = buildApp(ctx);
  const runner = new JobRunner(ctx, jobs, { sweepEveryMs: 200, ...opts.runner });
  if (opts.runJobs ?? true) runner.start();
  let server: Deno.HttpServer<Deno.NetAddr> | null = null;

  const call = async (
    method: string,
    path: string,
    o: CallOptions,
    auth: Record<string, string>,
  ) => {
    const headers: Record<string, string> = { ...auth };
    let body: BodyInit | undefined;
    if (o.raw !== undefined) body = o.raw as BodyInit;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, o.headers);
    const env: ConnInfo | undefined = o.ip === undefined
      ? undefined
      : { remoteAddr: { transport: "tcp", hostname: o.ip, port: 40000 } };
    return toAnswer(await app.request(path, { method, headers, body }, env));
  };

  return {
    ctx,
    app,
    runner,
    api: (method, path, o = {}) =>
      call(
        method,
        path.startsWith("/") ? path : `/api/v1/${path}`,
        o,
        o.key ? { "x-service-api-key": o.key } : {},
      ),
    admin: (method, path, body, a = {}) =>
      call(method, `/admin/api/v1${path}`, body === undefined ? { ip: a.ip } : { body, ip: a.ip }, {
        authorization: `Bearer ${a.token ?? config.adminToken}`,
      }),
    listen() {
      server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
      return Promise.resolve(`http://127.0.0.1:${server.addr.port}`);
    },
    async close() {
      if (server) await server.shutdown();
      await runner.stop();
      await ctx.close();
      // Let listenQueue observe the close before the sanitizers look.
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

export type Seeded = {
  accountId: string;
  siteId: string;
  key: string;
  keyId: string;
  domain: string;
};

let seedCounter = 0;

/** Creates an account, a site on it and an API key. */
export async function seedSite(
  svc: TestService,
  opts: {
    account?: Record<string, unknown>;
    site?: Record<string, unknown>;
    /** Put the site on no account. */
    noAccount?: boolean;
    accountId?: string;
  } = {},
): Promise<Seeded> {
  let accountId: string | null = opts.accountId ?? null;
  if (!accountId && !opts.noAccount) {
    const a = await svc.admin("POST", "/accounts", { name: "Acme", ...opts.account });
    if (a.status !== 201) throw new Error(`seed account: ${a.status} ${a.text}`);
    accountId = a.body.id as string;
  }
  const domain = `site${++seedCounter}-${crypto.randomUUID().slice(0, 8)}.example.com`;
  const s = await svc.admin("POST", "/sites", {
    account_id: accountId,
    name: "Example Site",
    domain,
    default_notify_email: "owner@example.com",
    ...opts.site,
  });
  if (s.status !== 201) throw new Error(`seed site: ${s.status} ${s.text}`);
  const k = await svc.admin("POST", `/sites/${s.body.id}/api-keys`);
  if (k.status !== 201) throw new Error(`seed key: ${k.status} ${k.text}`);
  return {
    accountId: accountId ?? "",
    siteId: s.body.id as string,
    key: k.body.api_key as string,
    keyId: k.body.id as string,
    domain: s.body.domain as string,
  };
}

/** Waits until `check()` returns a truthy value, polling; fails after `ms`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms = 5000,
  every = 20,
): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * For "nothing (more) happened" claims: polls `check()` for `ms` and fails as
 * soon as it is false. The wait is the claim's window, said once here; a late
 * arrival fails the test when it comes, with `what` in the message.
 */
export async function stillTrueFor(
  ms: number,
  check: () => boolean | Promise<boolean>,
  what = "the condition",
  every = 20,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (!(await check())) throw new Error(`${what}: no longer true after ${Date.now() - start} ms`);
    if (Date.now() - start >= ms) return;
    await new Promise((r) => setTimeout(r, every));
  }
}
