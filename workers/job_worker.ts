/**
 * Entry point of a job worker thread. It runs the job runner (webhook
 * deliveries, sequence steps, ...) on its own KV handle to the same database,
 * exactly as another process would, so that background work does not compete
 * with HTTP requests for the main thread. Started and stopped by
 * workers/job_pool.ts; messages: {type: "start", config} -> {type: "started"},
 * {type: "stop"} -> {type: "stopped"}.
 */
/// <reference lib="deno.worker" />
import type { Config } from "../domain/kernel/config.ts";
import type { Ctx } from "../domain/kernel/context.ts";
import { systemClock } from "../domain/kernel/clock.ts";
import { createLogger } from "../domain/kernel/log.ts";
import { withGroupCommit } from "../domain/kernel/kv/group_commit.ts";
import { closeMailServices } from "../domain/mail/services.ts";
import { closeEgressClient } from "../domain/kernel/net/outbound_http.ts";
import { JobRunner } from "../domain/kernel/job_runner.ts";
import { jobHandlers } from "./handlers.ts";

type Msg = { type: "start"; config: Config } | { type: "stop" };

let ctx: Ctx | null = null;
let runner: JobRunner | null = null;

self.onmessage = async (e: MessageEvent<Msg>) => {
  if (e.data.type === "start") {
    const config = e.data.config;
    ctx = {
      kv: withGroupCommit(await Deno.openKv(config.SVC_KV_PATH)),
      config,
      clock: systemClock,
      log: createLogger(config.SVC_LOG_LEVEL),
      useQueue: !config.SVC_KV_PATH.includes("://"),
    };
    runner = new JobRunner(ctx, jobHandlers());
    runner.start();
    self.postMessage({ type: "started" });
  } else if (e.data.type === "stop") {
    if (runner && ctx) {
      await runner.stop();
      closeEgressClient(ctx);
      await closeMailServices(ctx);
      ctx.kv.close();
    }
    self.postMessage({ type: "stopped" });
  }
};
