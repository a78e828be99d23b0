/**
 * What GET /metrics answers: the counters and histograms kept in memory
 * (domain/kernel/metrics.ts: requests by route and status with latency,
 * job runs, webhook attempts, SMTP results; the job worker threads' included)
 * and gauges read at scrape time: jobs pending and dead (a count of the job
 * records, one KV listing per scrape, never per request) and this thread's
 * KV commits with their total time (the group committer's figures).
 */
import type { Ctx } from "../kernel/context.ts";
import { countDeadJobs, countJobs } from "../kernel/jobs_store.ts";
import { commitStats } from "../kernel/kv/commit_stats.ts";

export async function renderMetrics(ctx: Ctx): Promise<string> {
  const [pending, dead] = await Promise.all([countJobs(ctx.kv), countDeadJobs(ctx.kv)]);
  const kv = commitStats(ctx.kv);
  const gauges = [
    { name: "svc_jobs_pending", help: "Job records waiting or running", value: pending },
    { name: "svc_jobs_dead", help: "Jobs that failed every run (dead letters)", value: dead },
  ];
  if (kv) {
    gauges.push(
      { name: "svc_kv_commits", help: "KV commits of the HTTP thread", value: kv.commits },
      {
        name: "svc_kv_commit_seconds",
        help: "Total time of the HTTP thread's KV commits (divide by svc_kv_commits)",
        value: kv.commitMs / 1000,
      },
      {
        name: "svc_kv_committed_operations",
        help: "Atomic operations committed (several per commit when grouped)",
        value: kv.operations,
      },
    );
  }
  return ctx.metrics.render(gauges);
}
