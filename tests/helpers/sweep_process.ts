/**
 * A second (or third) process for multi-instance job tests: opens the KV file
 * given as its argument with the sweep trigger (SVC_JOB_TRIGGER=sweep), runs a
 * JobRunner with one kind, "count", whose handler writes one record per run
 * under ["test_runs", jobId, runId], and stops when stdin closes. Prints
 * "ready" once the runner started.
 */
import { z } from "zod";
import { createCtx } from "../../domain/kernel/context.ts";
import { testConfig } from "../../domain/kernel/config.ts";
import { createLogger } from "../../domain/kernel/log.ts";
import { defineJob } from "../../domain/kernel/jobs.ts";
import { JobRunner } from "../../domain/kernel/job_runner.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";

export const countJob = defineJob(
  "count",
  z.object({ n: z.number() }),
  async (ctx, run) => {
    // Long enough that both processes' sweeps see the same due jobs at once.
    await new Promise((r) => setTimeout(r, 5));
    await run.finish(
      ctx.kv.atomic().set(["test_runs", run.job.id, crypto.randomUUID()], Deno.pid),
    ).commit();
  },
);

if (import.meta.main) {
  const path = Deno.args[0];
  const config = testConfig({ SVC_KV_PATH: path, SVC_JOB_TRIGGER: "sweep" });
  const ctx = createCtx(config, await openKv(path), { log: createLogger("error") });
  const runner = new JobRunner(ctx, [countJob], { sweepEveryMs: 50 });
  runner.start();
  console.log("ready");
  // Runs until the parent closes stdin.
  for await (const _ of Deno.stdin.readable) { /* drain */ }
  await runner.stop();
  await ctx.close();
}
