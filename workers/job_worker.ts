/**
 * Entry point of a job worker thread. It runs the job runner (webhook
 * deliveries, sequence steps, ...) on its own context and KV handle to the
 * same database, exactly as another process would, so that background work
 * does not compete with HTTP requests for the main thread. Started and stopped
 * by workers/job_pool.ts; messages: {type: "start", config, index, count} -> {type: "started"},
 * {type: "stop"} -> {type: "stopped"}; and every second {type: "metrics", data}
 * (what it counted, domain/kernel/metrics.ts).
 */
/// <reference lib="deno.worker" />
import type { Config } from "../domain/kernel/config.ts";
import { type Ctx, openCtx } from "../domain/kernel/context.ts";
import { lazyMail } from "../domain/mail/lazy_services.ts";
import { JobRunner } from "../domain/kernel/job_runner.ts";
import { jobs } from "./handlers.ts";

type Msg =
  | { type: "start"; config: Config; index?: number; count?: number }
  | { type: "stop"; graceMs?: number };

let ctx: Ctx | null = null;
let runner: JobRunner | null = null;
let metricsTimer: ReturnType<typeof setInterval> | undefined;

/** What this thread counted since the last call, to the pool for GET /metrics. */
function sendMetrics() {
  if (ctx) self.postMessage({ type: "metrics", data: ctx.metrics.drain() });
}

self.onmessage = async (e: MessageEvent<Msg>) => {
  if (e.data.type === "start") {
    // This thread is off the HTTP thread already: mail from jobs (sequence
    // steps) is built and sent here, without delivery workers of its own. The
    // mail stack loads with the first such mail (lazyMail): a thread that only
    // delivers webhooks never holds it.
    ctx = await openCtx({ ...e.data.config, SVC_SMTP_WORKERS: 0 }, { mail: lazyMail });
    // Several workers share the wake key's jobs by id instead of racing for each.
    const { index = 0, count = 1 } = e.data;
    runner = new JobRunner(ctx, jobs, { wakeShare: { index, count } });
    runner.start();
    metricsTimer = setInterval(sendMetrics, 1000);
    self.postMessage({ type: "started" });
  } else if (e.data.type === "stop") {
    await runner?.stop(e.data.graceMs);
    clearInterval(metricsTimer);
    sendMetrics();
    await ctx?.close();
    self.postMessage({ type: "stopped" });
  }
};
