/**
 * The webhook fan-out's capacity alone: the drain rate of a backlog with no
 * submissions running (docs/performance.md, "Fan-out and inbound capacity"). On a KV file, this
 * process makes 20 sites' worth of webhooks (10 each unless told; all events,
 * posting to the bench's receiver in its own process) and emits EVENTS
 * form.submitted events with no job runner running, so their fan-out jobs
 * wait; then it starts one job worker thread, as `main.ts` does
 * (workers/job_pool.ts), and times it until the receiver has every delivery.
 * Prints deliveries/s and the CPU per delivery by thread of this process (the
 * job worker, Deno KV's SQLite thread, V8's helpers; "main" only waits then),
 * and the CPU per event of emitting them.
 *
 *   deno run -A bench/fanout_drain.ts [events=1500] [rounds=1] [webhooks per site=10]
 */
import { testConfig } from "../domain/kernel/config.ts";
import { openCtx } from "../domain/kernel/context.ts";
import { lazyMail } from "../domain/mail/lazy_services.ts";
import { newWebhook } from "../domain/webhooks/webhooks.ts";
import { emitEvent } from "../domain/webhooks/events.ts";
import { uuidv7 } from "../domain/kernel/ids.ts";
import { startJobPool } from "../workers/job_pool.ts";
import { perOperation, threadSeconds } from "./lib/threads.ts";
import { spawnDeno } from "./lib/spawn.ts";

const EVENTS = Number(Deno.args[0] ?? 1500);
const ROUNDS = Number(Deno.args[1] ?? 1);
const SITES = 20;
const HOOKS = Number(Deno.args[2] ?? 10);

/** This process's threads only (the receiver is a child process, "p2 ..."). */
function ownThreads(by: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(by).filter(([k]) => !/^p\d+ /.test(k)));
}

/** "total (thread ms, ...)", largest first. */
function summary(by: Record<string, number>): string {
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  const named = Object.entries(by).sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(3)}`).join(", ");
  return `${total.toFixed(3)} (${named})`;
}

const peers = await spawnDeno(new URL("./lib/forms_sinks.ts", import.meta.url).pathname, {
  ready: /smtp (\d+) http (\d+)/,
});
const hooks = `http://127.0.0.1:${peers.match[2]}`;
const received = async () => (await (await fetch(`${hooks}/stats`)).json()).webhooks as number;

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const dir = await Deno.makeTempDir({ prefix: "fanout-drain-" });
    const config = {
      ...testConfig({ SVC_KV_PATH: `${dir}/svc.kv` }),
      SVC_LOG_LEVEL: "error" as const,
      SVC_JOB_WORKERS: 1,
    };
    // The HTTP thread's context: it schedules jobs but runs none (as in main.ts
    // with job workers), so nothing starts until the pool does.
    const ctx = await openCtx(config, { wakeJobs: false, mail: lazyMail });
    try {
      const sites = Array.from({ length: SITES }, () => uuidv7());
      for (const site of sites) {
        for (let w = 0; w < HOOKS; w++) {
          await newWebhook(ctx, site, {
            url: `${hooks}/hook/${w}`,
            events: ["all"],
            paused: false,
            standard_webhooks: false,
          });
        }
      }
      let next = 0;
      const e0 = await threadSeconds(Deno.pid);
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (next < EVENTS) {
          const i = next++;
          await emitEvent(ctx, sites[i % SITES], "form.submitted", {
            form: "contact",
            submission_id: uuidv7(),
            fields: { name: "Ann Example", email: `ann${i}@example.org`, message: "Hello." },
          });
        }
      }));
      const emitted = ownThreads(perOperation(e0, await threadSeconds(Deno.pid), EVENTS));
      const want = (await received()) + EVENTS * HOOKS;
      const th0 = await threadSeconds(Deno.pid);
      const t0 = performance.now();
      const pool = await startJobPool(config, 1, ctx.log);
      let got = await received();
      while (got < want && performance.now() - t0 < 120_000) {
        await new Promise((r) => setTimeout(r, 20));
        got = await received();
      }
      const seconds = (performance.now() - t0) / 1000;
      const th1 = await threadSeconds(Deno.pid);
      await pool.stop();
      const delivered = got - (want - EVENTS * HOOKS);
      const by = ownThreads(perOperation(th0, th1, delivered));
      console.log(
        `fan-out drain: ${delivered} deliveries (${EVENTS} events x ${HOOKS} webhooks, ` +
          `${SITES} sites) in ${seconds.toFixed(2)} s: ${Math.round(delivered / seconds)}/s, ` +
          `CPU ${summary(by)} ms per delivery; emitting the events before: ${
            summary(emitted)
          } ms per event; load average ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
      );
    } finally {
      await ctx.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  }
} finally {
  await peers.stop();
}
