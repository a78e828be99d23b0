/**
 * Composition root: read configuration, open KV, build the app, start the HTTP
 * server(s), the job runner and the crons. Nothing else starts anything.
 */
import { dirname } from "node:path";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import type { Ctx } from "./domain/context.ts";
import { systemClock } from "./domain/clock.ts";
import { createLogger } from "./domain/log.ts";
import { buildApp } from "./app.ts";
import { JobRunner } from "./workers/job_runner.ts";
import { jobHandlers } from "./workers/handlers.ts";
import { closeMailServices } from "./domain/mail/services.ts";
import { withGroupCommit } from "./domain/store/group_commit.ts";
import { closeEgressClient } from "./domain/net/outbound_http.ts";

export type Running = {
  ctx: Ctx;
  /** Port the API listens on. */
  port: number;
  shutdown(): Promise<void>;
};

/** Opens the KV store behind a group committer (see domain/store/group_commit.ts). */
export async function openKv(path: string): Promise<Deno.Kv> {
  if (path !== ":memory:" && !path.includes("://")) {
    await Deno.mkdir(dirname(path), { recursive: true });
  }
  return withGroupCommit(await Deno.openKv(path));
}

export async function start(config: Config): Promise<Running> {
  const log = createLogger(config.SVC_LOG_LEVEL);
  const kv = await openKv(config.SVC_KV_PATH);
  const ctx: Ctx = {
    kv,
    config,
    clock: systemClock,
    log,
    useQueue: !config.SVC_KV_PATH.includes("://"),
  };
  const app = buildApp(ctx);
  const runner = new JobRunner(ctx, jobHandlers());
  runner.start();

  const servers: Deno.HttpServer[] = [];
  const tls = config.SVC_TLS_CERT && config.SVC_TLS_KEY
    ? {
      cert: await Deno.readTextFile(config.SVC_TLS_CERT),
      key: await Deno.readTextFile(config.SVC_TLS_KEY),
    }
    : null;
  const main = Deno.serve({
    port: config.SVC_PORT,
    hostname: config.SVC_HOST,
    ...(tls ?? {}),
    onListen: () => {},
  }, app.fetch);
  servers.push(main);
  const port = main.addr.port;
  log.info("listening", { url: `${tls ? "https" : "http"}://${config.SVC_HOST}:${port}` });

  if (tls && config.SVC_HTTP_REDIRECT_PORT !== undefined) {
    const redirect = Deno.serve({
      port: config.SVC_HTTP_REDIRECT_PORT,
      hostname: config.SVC_HOST,
      onListen: () => {},
    }, (req) => {
      const u = new URL(req.url);
      u.protocol = "https:";
      u.port = port === 443 ? "" : String(port);
      // 308 keeps the method and body of a POST; 301 for plain reads.
      const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
      return new Response(null, { status, headers: { location: u.toString() } });
    });
    servers.push(redirect);
    log.info("redirecting plain HTTP to HTTPS", { port: redirect.addr.port });
  }

  return {
    ctx,
    port,
    async shutdown() {
      await Promise.all(servers.map((s) => s.shutdown()));
      await runner.stop();
      await closeMailServices(ctx);
      closeEgressClient(ctx);
      kv.close();
    },
  };
}

if (import.meta.main) {
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
  const running = await start(config);
  console.log(`Service ready on port ${running.port}.`);
  const stop = async () => {
    await running.shutdown();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
