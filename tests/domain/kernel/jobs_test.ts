import assert from "node:assert/strict";
import { z } from "zod";
import { createCtx, type Ctx } from "../../../domain/kernel/context.ts";
import { testConfig } from "../../../domain/kernel/config.ts";
import { createLogger } from "../../../domain/kernel/log.ts";
import { ManualClock, systemClock } from "../../../domain/kernel/clock.ts";
import { defineJob, type JobKind, type JobRun, schedule } from "../../../domain/kernel/jobs.ts";
import { getJobEntry, listDeadJobs, watchRunnersWake } from "../../../domain/kernel/jobs_store.ts";
import { commit } from "../../../domain/kernel/kv/kv.ts";
import { JobRunner, jobShare, WAKE_CONCURRENCY } from "../../../domain/kernel/job_runner.ts";
import { eventually } from "../../helpers/service.ts";

/**
 * Every test runs under both triggers (SVC_JOB_TRIGGER): `queue` (KV queue
 * messages plus the safety-net sweep) and `sweep` (the due-index sweep alone,
 * as on KV Connect). Tests that drive the runner by hand with a manual clock
 * never start the queue listener, so they are the same test under both.
 */
const TRIGGERS = ["queue", "sweep"] as const;
type Trigger = typeof TRIGGERS[number];

async function makeCtx(trigger: Trigger, clock = systemClock): Promise<Ctx> {
  return createCtx(
    testConfig({ SVC_JOB_TRIGGER: trigger }),
    await Deno.openKv(":memory:"),
    { clock, log: createLogger("silent") },
  );
}

/** Any object payload: these tests are about the runner, not about payloads. */
const AnyPayload = z.record(z.string(), z.unknown());

function testJob(
  kind: string,
  handler: (ctx: Ctx, run: JobRun) => Promise<void>,
  leaseMs?: number,
): JobKind {
  return defineJob(kind, AnyPayload, handler, { leaseMs });
}

async function scheduleJob(
  ctx: Ctx,
  kind: JobKind,
  runAt: number,
  payload: Record<string, unknown> = {},
) {
  const op = ctx.kv.atomic();
  const j = schedule(ctx, op, { job: kind, payload, runAt });
  await commit(op, "schedule");
  return j;
}

for (const trigger of TRIGGERS) {
  Deno.test(`[${trigger}] a scheduled job runs once through its trigger and its record is removed`, async () => {
    const ctx = await makeCtx(trigger);
    const runs: string[] = [];
    const echo = testJob("echo", (_c, run) => Promise.resolve(void runs.push(run.job.id)));
    const runner = new JobRunner(ctx, [echo]);
    runner.start();
    try {
      const job = await scheduleJob(ctx, echo, Date.now());
      await eventually(() => runs.length === 1);
      await runner.idle();
      assert.deepEqual(runs, [job.id]);
      assert.equal((await getJobEntry(ctx.kv, job.id)).value, null);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a delayed job waits for its time`, async () => {
    const ctx = await makeCtx(trigger);
    const at: number[] = [];
    const echo = testJob("echo", () => Promise.resolve(void at.push(Date.now())));
    const runner = new JobRunner(ctx, [echo]);
    runner.start();
    try {
      const t0 = Date.now();
      await scheduleJob(ctx, echo, t0 + 400);
      await eventually(() => at.length === 1);
      assert.ok(at[0] - t0 >= 380, `ran after ${at[0] - t0} ms`);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] running the same job twice (duplicate message) calls the handler once`, async () => {
    const ctx = await makeCtx(trigger);
    let calls = 0;
    const slow = testJob("slow", async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 50));
    });
    const runner = new JobRunner(ctx, [slow]);
    try {
      const job = await scheduleJob(ctx, slow, Date.now());
      await Promise.all([runner.runJob(job.id), runner.runJob(job.id), runner.runJob(job.id)]);
      await runner.runJob(job.id);
      assert.equal(calls, 1);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a job whose runner died is taken over after its lease`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    let calls = 0;
    const never = testJob("work", () => new Promise(() => {})); // the "crashed" runner
    const dead = new JobRunner(ctx, [never], { leaseMs: 30_000 });
    const work = testJob("work", () => Promise.resolve(void calls++));
    const alive = new JobRunner(ctx, [work], { leaseMs: 30_000 });
    try {
      const job = await scheduleJob(ctx, work, clock.now());
      void dead.runJob(job.id); // claims, then hangs forever
      await eventually(async () => (await getJobEntry(ctx.kv, job.id)).value?.state === "running");
      assert.equal(await alive.sweep(), 0, "lease still held");
      clock.advance(30_001);
      assert.equal(await alive.sweep(), 1);
      await alive.idle();
      assert.equal(calls, 1);
      assert.equal((await getJobEntry(ctx.kv, job.id)).value, null);
    } finally {
      await alive.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a failing handler is retried with backoff, then buried`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    let calls = 0;
    const boom = testJob("boom", () => {
      calls++;
      return Promise.reject(new Error("boom"));
    });
    const runner = new JobRunner(ctx, [boom], { maxRuns: 3 });
    try {
      const job = await scheduleJob(ctx, boom, clock.now());
      await runner.sweep();
      await runner.idle();
      assert.equal(calls, 1);
      assert.equal(await runner.sweep(), 0, "backing off");
      clock.advance(1_000);
      await runner.sweep();
      await runner.idle();
      clock.advance(2_000);
      await runner.sweep();
      await runner.idle();
      assert.equal(calls, 3);
      assert.equal((await getJobEntry(ctx.kv, job.id)).value, null);
      const dead = await listDeadJobs(ctx.kv);
      assert.equal(dead.length, 1);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a handler can reschedule its job; the result and the new time commit together`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    const seen: number[] = [];
    const step = defineJob("step", z.object({ n: z.number() }), async (c, run) => {
      const n = run.payload.n;
      seen.push(n);
      const op = c.kv.atomic();
      if (n < 3) run.reschedule(op, c.clock.now() + 86_400_000, { n: n + 1 });
      else run.finish(op);
      await commit(op, "step");
    });
    const runner = new JobRunner(ctx, [step]);
    try {
      const op = ctx.kv.atomic();
      schedule(ctx, op, { job: step, payload: { n: 1 }, runAt: clock.now() });
      await commit(op, "schedule");
      for (let i = 0; i < 3; i++) {
        await runner.sweep();
        await runner.idle();
        clock.advance(86_400_000);
      }
      await runner.sweep();
      assert.deepEqual(seen, [1, 2, 3]);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a slow job does not hold back the other due jobs of a sweep`, async () => {
    const ctx = await makeCtx(trigger);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const ran: string[] = [];
    const slow = testJob("slow", () => released);
    const fast = testJob(
      "fast",
      (_c, run) => Promise.resolve(void ran.push(String(run.payload.n))),
    );
    const runner = new JobRunner(ctx, [slow, fast]);
    try {
      await scheduleJob(ctx, slow, Date.now());
      await scheduleJob(ctx, fast, Date.now(), { n: 1 });
      const first = await Promise.race([
        runner.sweep().then(() => "returned"),
        new Promise((r) => setTimeout(() => r("blocked"), 500)),
      ]);
      assert.equal(first, "returned");
      await eventually(() => ran.includes("1"));
      // A job that falls due while the slow one still runs is started by the next sweep.
      await scheduleJob(ctx, fast, Date.now(), { n: 2 });
      assert.equal(await runner.sweep(), 1, "the running slow job is not started twice");
      await eventually(() => ran.includes("2"));
    } finally {
      release();
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a job that made progress by rescheduling still gets its retries when it fails`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    let calls = 0;
    const steps = testJob("steps", async (c, run) => {
      calls++;
      if (calls === 6) throw new Error("one bad moment");
      const op = c.kv.atomic();
      if (calls < 8) run.reschedule(op, c.clock.now() + 1_000);
      else run.finish(op);
      await commit(op, "step");
    });
    const runner = new JobRunner(ctx, [steps], { maxRuns: 3 });
    try {
      const job = await scheduleJob(ctx, steps, clock.now());
      for (let i = 0; i < 10 && calls < 8; i++) {
        await runner.sweep();
        await runner.idle();
        clock.advance(1_000);
      }
      assert.equal(calls, 8);
      assert.equal((await getJobEntry(ctx.kv, job.id)).value, null);
      assert.deepEqual(await listDeadJobs(ctx.kv), []);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a handler's own lease decides when a crashed run is taken over`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    let calls = 0;
    const dead = new JobRunner(ctx, [testJob("work", () => new Promise(() => {}), 15_000)]);
    const work = testJob("work", () => Promise.resolve(void calls++), 15_000);
    const alive = new JobRunner(ctx, [work]);
    try {
      const job = await scheduleJob(ctx, work, clock.now());
      void dead.runJob(job.id);
      await eventually(async () => (await getJobEntry(ctx.kv, job.id)).value?.state === "running");
      clock.advance(14_999);
      await alive.sweep();
      await alive.idle();
      assert.equal(calls, 0, "lease still held");
      clock.advance(2);
      await alive.sweep();
      await alive.idle();
      assert.equal(calls, 1);
    } finally {
      await alive.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a payload its kind's schema refuses is dead-lettered with the reason, never handled`, async () => {
    const ctx = await makeCtx(trigger);
    const handled: unknown[] = [];
    const typed = defineJob(
      "typed",
      z.object({ id: z.string() }),
      (_c, run) => Promise.resolve(void handled.push(run.payload)),
    );
    const runner = new JobRunner(ctx, [typed]);
    try {
      const op = ctx.kv.atomic();
      // A record written by an older version, or by hand: the types cannot stop it.
      const bad = schedule(ctx, op, {
        job: typed as unknown as JobKind,
        payload: { id: 42 },
        runAt: Date.now(),
      });
      const good = schedule(ctx, op, { job: typed, payload: { id: "a" }, runAt: Date.now() });
      await commit(op, "schedule");
      await runner.runJob(bad.id);
      await runner.runJob(good.id);
      assert.deepEqual(handled, [{ id: "a" }]);
      assert.equal((await getJobEntry(ctx.kv, bad.id)).value, null);
      const dead = await listDeadJobs(ctx.kv) as { id: string; error: string }[];
      assert.deepEqual(dead.map((d) => d.id), [bad.id]);
      assert.match(dead[0].error, /^invalid payload for typed: /);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] a job of a kind no runner knows is dead-lettered`, async () => {
    const ctx = await makeCtx(trigger);
    const runner = new JobRunner(ctx, []);
    try {
      const j = await scheduleJob(ctx, testJob("gone", () => Promise.resolve()), Date.now());
      await runner.runJob(j.id);
      const dead = await listDeadJobs(ctx.kv) as { id: string; error: string }[];
      assert.deepEqual(dead.map((d) => [d.id, d.error]), [[j.id, "no handler for gone"]]);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });

  Deno.test(`[${trigger}] schedule() takes only the payload its kind declares`, () => {
    const typed = defineJob("typed", z.object({ id: z.string() }), () => Promise.resolve());
    // Compile-time checks (deno check runs over tests/); never executed.
    const _typed = (ctx: Ctx, op: Deno.AtomicOperation) => {
      schedule(ctx, op, { job: typed, payload: { id: "a" }, runAt: 0 });
      // @ts-expect-error: id must be a string
      schedule(ctx, op, { job: typed, payload: { id: 1 }, runAt: 0 });
      // @ts-expect-error: id is required
      schedule(ctx, op, { job: typed, payload: {}, runAt: 0 });
    };
    assert.equal(typed.kind, "typed");
  });

  Deno.test(`[${trigger}] a sweep called while another is under way still starts what is due when it is called`, async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ctx = await makeCtx(trigger, clock);
    let calls = 0;
    const work = testJob("work", () => Promise.resolve(void calls++));
    const runner = new JobRunner(ctx, [work]);
    try {
      await scheduleJob(ctx, work, clock.now() + 60_000);
      // A sweep that read the due index before the clock moved is still running...
      const early = runner.sweep();
      clock.advance(60_000);
      // ...and this one, called after the move, must not return before sweeping itself.
      await runner.sweep();
      await runner.idle();
      await early;
      assert.equal(calls, 1);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  });
}

Deno.test("a job due now is triggered by the wake key, with no queue message; a later one by a message", async () => {
  const ctx = await makeCtx("queue");
  const messages: unknown[] = [];
  const listening = ctx.kv.listenQueue((m) => void messages.push(m));
  const wakes = watchRunnersWake(ctx.kv).getReader();
  try {
    await wakes.read(); // the key as it is now
    const echo = testJob("echo", () => Promise.resolve());
    await scheduleJob(ctx, echo, Date.now());
    await wakes.read(); // changed by that commit
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(messages, [], "no queue message for a job due now");
    const later = await scheduleJob(ctx, echo, Date.now() + 100);
    await eventually(() => messages.length === 1, 3000);
    assert.deepEqual(messages, [{ jobId: later.id }]);
  } finally {
    await wakes.cancel();
    await ctx.close();
    await listening;
  }
});

Deno.test("without a runner in the process (wakeJobs false) a job due now gets a queue message", async () => {
  const ctx = createCtx(testConfig({ SVC_JOB_TRIGGER: "queue" }), await Deno.openKv(":memory:"), {
    log: createLogger("silent"),
    wakeJobs: false,
  });
  const messages: unknown[] = [];
  const listening = ctx.kv.listenQueue((m) => void messages.push(m));
  try {
    const j = await scheduleJob(ctx, testJob("echo", () => Promise.resolve()), Date.now());
    await eventually(() => messages.length === 1, 3000);
    assert.deepEqual(messages, [{ jobId: j.id }]);
  } finally {
    await ctx.close();
    await listening;
  }
});

Deno.test("the wake key starts due jobs at once, many at a time, with the periodic sweep far away", async () => {
  const ctx = await makeCtx("queue");
  let running = 0;
  let most = 0;
  let done = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow = testJob("slow", async () => {
    most = Math.max(most, ++running);
    await gate;
    running--;
    done++;
  });
  const runner = new JobRunner(ctx, [slow], { sweepEveryMs: 60_000 });
  runner.start();
  try {
    await runner.idle();
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) await scheduleJob(ctx, slow, Date.now());
    await eventually(() => most >= WAKE_CONCURRENCY, 3000);
    assert.ok(performance.now() - t0 < 2000, "started by the wake key, not a sweep");
    assert.equal(most, WAKE_CONCURRENCY, "at most WAKE_CONCURRENCY at once");
    release();
    // The rest start as places free up, without waiting for the periodic sweep.
    await eventually(() => done === 100, 5000);
  } finally {
    release();
    await runner.stop();
    await ctx.close();
  }
});

Deno.test("runners sharing the wake key each start only their share; the periodic sweep takes any job", async () => {
  const ctx = await makeCtx("queue");
  const ran = new Map<string, string>();
  const mine = (who: string) =>
    testJob("shared", (_c, run) => Promise.resolve(void ran.set(run.job.id, who)));
  const a = new JobRunner(ctx, [mine("a")], {
    sweepEveryMs: 60_000,
    wakeShare: { index: 0, count: 2 },
  });
  a.start();
  try {
    await a.idle();
    const jobs = [];
    for (let i = 0; i < 20; i++) jobs.push(await scheduleJob(ctx, mine("a"), Date.now()));
    const share0 = jobs.filter((j) => jobShare(j.id, 2) === 0);
    assert.ok(share0.length > 0 && share0.length < 20, `${share0.length} of 20 in share 0`);
    await eventually(() => ran.size === share0.length, 3000);
    await a.idle();
    assert.deepEqual([...ran.keys()].sort(), share0.map((j) => j.id).sort(), "only its share");
    // The other share's runner is gone: a sweep (as the periodic one does) takes the rest.
    await a.sweep(0);
    await a.idle();
    assert.equal(ran.size, 20);
  } finally {
    await a.stop();
    await ctx.close();
  }
});
