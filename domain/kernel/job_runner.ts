/**
 * Runs jobs. Three triggers lead to the same `runJob(id)`:
 * - the wake key (local KV, `ctx.wakeJobs`): a commit that schedules a job due
 *   now sums it, and this runner watches it (in-process, no SQLite work of its
 *   own) and sweeps the due index at once, up to WAKE_CONCURRENCY jobs;
 * - KV queue messages (local KV): jobs due later (retries, sequence steps) and
 *   jobs of processes that run none; at least once, so a message may arrive
 *   twice or, after a crash, again about a minute later;
 * - a sweep of the due index every second: finds jobs whose trigger was lost,
 *   whose runner died (lease over), or every job when there is no queue (KV
 *   Connect). It leaves jobs alone for a grace period so the others win normally.
 * The claim (a versionstamp-checked write that sets a lease) makes sure one
 * runner at a time works on a job, in this process or another.
 */
import type { Ctx } from "./context.ts";
import { isJobMessage, type JobKind, JobRun, queueDelay } from "./jobs.ts";
import {
  buryJobMutations,
  dueJobIds,
  getJobEntry,
  type Job,
  replaceJobMutations,
  watchRunnersWake,
} from "./jobs_store.ts";
import { commit } from "./kv/kv.ts";
import { type Backoff, backoffMs } from "./backoff.ts";

/** Wait after a handler failure: 1 s, 2 s, 4 s ... up to 10 minutes. */
const FAILURE_BACKOFF: Backoff = {
  stepMs: 1_000,
  maxMs: 600_000,
  growth: "exponential",
  jitter: false,
};

/**
 * Jobs that wake-key sweeps may run at once in this runner (a fan-out job
 * posts up to 20 webhooks): enough to keep the receivers and the commits busy.
 */
export const WAKE_CONCURRENCY = 64;

export type RunnerOptions = {
  /** How long a claim lasts before another runner may take the job over. */
  leaseMs?: number;
  sweepEveryMs?: number;
  /** A pending job is swept only once it is this late (the queue should have run it). */
  sweepGraceMs?: number;
  /** Handler failures before a job is moved to the dead-letter list. */
  maxRuns?: number;
  /** Jobs started by sweeps that may run at once in this runner. */
  sweepConcurrency?: number;
  /**
   * This runner's share of wake-key sweeps when `count` runners of one process
   * watch the same key (SVC_JOB_WORKERS above 1): it starts only the jobs whose
   * id falls in share `index`, so the runners do not race for every job. The
   * periodic sweep still takes any job (after its grace), so a job whose
   * runner is gone is not left behind.
   */
  wakeShare?: { index: number; count: number };
};

/** Which of `count` shares a job id falls in (the random end of its UUIDv7). */
export function jobShare(jobId: string, count: number): number {
  return (parseInt(jobId.slice(-6), 16) || 0) % count;
}

export class JobRunner {
  readonly #kinds: Map<string, JobKind>;
  readonly #opts: Required<Omit<RunnerOptions, "wakeShare">>;
  readonly #wakeShare: { index: number; count: number } | undefined;
  readonly #inflight = new Set<Promise<void>>();
  /** Job ids this runner is working on that a sweep started. */
  readonly #swept = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The wake key's watch (cancelled by stop()). */
  #wakeWatch: ReadableStreamDefaultReader<unknown> | null = null;
  /** A wake sweep is running; `#wakeAgain`: one more was asked for meanwhile. */
  #waking = false;
  #wakeAgain = false;
  /** The last sweep filled every free place: sweep again when a swept job ends. */
  #backlog = false;
  /** The sweep in progress, if any (stop() waits for it before the KV handle closes). */
  #sweeping: Promise<number> | null = null;
  #stopped = false;

  constructor(
    private readonly ctx: Ctx,
    kinds: readonly JobKind[],
    opts: RunnerOptions = {},
  ) {
    this.#kinds = new Map(kinds.map((k) => [k.kind, k]));
    const { wakeShare, ...rest } = opts;
    this.#wakeShare = wakeShare && wakeShare.count > 1 ? wakeShare : undefined;
    this.#opts = {
      leaseMs: 60_000,
      sweepEveryMs: 1_000,
      sweepGraceMs: 2_000,
      maxRuns: 8,
      sweepConcurrency: 16,
      ...rest,
    };
  }

  /** Starts watching the wake key, listening to the queue and sweeping; the first sweep runs at once. */
  start(): void {
    if (this.ctx.useQueue && this.ctx.wakeJobs) this.#watchWake();
    if (this.ctx.useQueue) {
      // listenQueue ends when the KV handle is closed.
      this.ctx.kv.listenQueue((msg: unknown) => {
        if (!isJobMessage(msg)) {
          this.ctx.log.warn("ignored a queue message that is not a job", { msg });
          return;
        }
        // Stopping: the KV handle is about to close. The job record stays due,
        // so the next sweep (here or in another process) runs it.
        if (this.#stopped) return;
        return this.#track(this.runJob(msg.jobId));
      }).catch((e) => {
        if (!this.#stopped) this.ctx.log.error("queue listener stopped", { error: e });
      });
    }
    const tick = async () => {
      if (this.#stopped) return;
      try {
        await this.sweep(this.ctx.useQueue ? this.#opts.sweepGraceMs : 0);
      } catch (e) {
        if (!this.#stopped) this.ctx.log.error("job sweep failed", { error: e });
      }
      if (!this.#stopped) this.#timer = setTimeout(tick, this.#opts.sweepEveryMs);
    };
    // At start nothing of ours is in flight: take over overdue work at once.
    this.sweep(0).catch((e) => {
      if (!this.#stopped) this.ctx.log.error("start-up sweep failed", { error: e });
    })
      .finally(() => {
        if (!this.#stopped) this.#timer = setTimeout(tick, this.#opts.sweepEveryMs);
      });
  }

  /**
   * Stops the sweep timer and waits for running jobs, at most `graceMs` when
   * given (a shutdown must end within its deadline). Close the KV handle
   * afterwards. A job still running then loses its handle: its commit fails,
   * its claim's lease ends, and the next start (or another instance) runs it
   * again, as after a crash.
   */
  async stop(graceMs?: number): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#wakeWatch?.cancel().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = graceMs === undefined
      ? null
      : new Promise<"late">((r) => (timer = setTimeout(() => r("late"), graceMs)));
    const done = (async () => {
      await this.#sweeping?.catch(() => {});
      await this.idle();
    })();
    const late = deadline ? await Promise.race([done, deadline]) === "late" : (await done, false);
    clearTimeout(timer);
    if (late) {
      this.ctx.log.warn("stopping with jobs still running; they run again after their lease", {
        running: this.#inflight.size,
      });
    }
  }

  /** Resolves when no job is running (for tests). */
  async idle(): Promise<void> {
    while (this.#inflight.size) await Promise.allSettled([...this.#inflight]);
  }

  /**
   * Starts every job due by now (minus `graceMs`), up to the concurrency cap;
   * returns how many were started. It does not wait for them: a slow handler
   * (a webhook receiver that takes 10 s) must not hold back the jobs due after
   * it, which matters most where the sweep is the only trigger.
   */
  async sweep(
    graceMs = 0,
    concurrency = this.#opts.sweepConcurrency,
    share?: { index: number; count: number },
  ): Promise<number> {
    // A sweep already under way may have read the due index before what the
    // caller just did (committed a job, moved a test's clock): wait for it and
    // sweep again, so that every job due when this call began is started by
    // the time it returns.
    while (this.#sweeping) await this.#sweeping.catch(() => {});
    if (this.#stopped) return 0;
    this.#sweeping = this.#sweepOnce(graceMs, concurrency, share);
    try {
      return await this.#sweeping;
    } finally {
      this.#sweeping = null;
    }
  }

  async #sweepOnce(
    graceMs: number,
    concurrency: number,
    share?: { index: number; count: number },
  ): Promise<number> {
    const room = concurrency - this.#swept.size;
    if (room <= 0) {
      this.#backlog = true;
      return 0;
    }
    const ids = await dueJobIds(this.ctx.kv, this.ctx.clock.now() - graceMs, room);
    this.#backlog = ids.length >= room;
    let started = 0;
    for (const id of ids) {
      if (this.#swept.has(id)) continue;
      if (share && jobShare(id, share.count) !== share.index) continue;
      this.#swept.add(id);
      started++;
      this.#track(
        this.runJob(id).finally(() => {
          this.#swept.delete(id);
          if (this.#backlog && this.ctx.wakeJobs) this.#wake();
        }),
      );
    }
    return started;
  }

  /** Sweeps at every change of the wake key (see the top of this file). */
  #watchWake(): void {
    const reader = watchRunnersWake(this.ctx.kv).getReader();
    this.#wakeWatch = reader;
    (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done || this.#stopped) return;
        this.#wake();
      }
    })().catch((e) => {
      if (!this.#stopped) this.ctx.log.error("job wake watch stopped", { error: e });
    });
  }

  /** A sweep of what is due now, or one more after the one running (never two at once). */
  #wake(): void {
    if (this.#stopped) return;
    if (this.#waking) {
      this.#wakeAgain = true;
      return;
    }
    this.#waking = true;
    (async () => {
      do {
        this.#wakeAgain = false;
        await this.sweep(
          0,
          Math.max(WAKE_CONCURRENCY, this.#opts.sweepConcurrency),
          this.#wakeShare,
        );
      } while (this.#wakeAgain && !this.#stopped);
    })().catch((e) => {
      if (!this.#stopped) this.ctx.log.error("job wake sweep failed", { error: e });
    }).finally(() => (this.#waking = false));
  }

  #track(p: Promise<void>): Promise<void> {
    const t = p.catch((e) => this.ctx.log.error("job run failed", { error: e }))
      .finally(() => this.#inflight.delete(t));
    this.#inflight.add(t);
    return t;
  }

  /** Claims the job if it is due and free, runs its handler, ends it. */
  async runJob(jobId: string): Promise<void> {
    const { kv, clock, log } = this.ctx;
    const entry = await getJobEntry(kv, jobId);
    const job = entry.value;
    if (!job || !entry.versionstamp) return; // finished already
    const now = clock.now();
    if (job.state === "pending" && job.due_at > now + 50) {
      // Early: a chained long delay, or a duplicate message. The due index
      // still holds it; with a queue, wait for the rest of the delay.
      if (this.ctx.useQueue && job.due_at - now > this.#opts.sweepGraceMs) {
        await kv.enqueue({ jobId }, { delay: queueDelay(job.due_at, now) });
      }
      return;
    }
    if (job.state === "running" && job.due_at > now) return; // another runner holds it
    const kind = this.#kinds.get(job.kind);
    const claimed: Job = {
      ...job,
      state: "running",
      due_at: now + (kind?.leaseMs ?? this.#opts.leaseMs),
      runs: job.runs + 1,
    };
    const claim = await replaceJobMutations(kv.atomic(), job, entry.versionstamp, claimed).commit();
    if (!claim.ok) return; // someone else claimed it first
    const counted = (outcome: "ok" | "failed" | "buried") =>
      this.ctx.metrics.inc("svc_job_runs_total", { kind: job.kind, outcome });
    const bury = async (error: string) => {
      counted("buried");
      log.error("job moved to the dead-letter list", { kind: job.kind, jobId, error });
      await commit(
        buryJobMutations(kv.atomic(), claimed, claim.versionstamp, error, clock.now()),
        "bury job",
      );
    };
    if (!kind) return await bury(`no handler for ${job.kind}`);
    // The queue boundary: what was stored may predate a change of the schema,
    // or have been written by hand; the handler only ever sees a valid payload.
    const parsed = kind.schema.safeParse(job.payload);
    if (!parsed.success) {
      return await bury(`invalid payload for ${job.kind}: ${parsed.error.message}`);
    }
    const run = new JobRun(this.ctx, claimed, claim.versionstamp, parsed.data);
    try {
      await kind.handler(this.ctx, run);
      // Most handlers end their job themselves (finish or reschedule, committed
      // with their result: run.endedByHandler): nothing more to do. Should such
      // a commit have failed and the handler gone on regardless, the job runs
      // again when its lease ends, as after a crash. A handler that did not end
      // its job is done with it: finished here, after a read (a check bound to
      // fail would fail the group commit's whole batch, which then bisects it).
      counted("ok");
      if (run.endedByHandler) return;
      const now = await getJobEntry(kv, jobId);
      const ended = now.versionstamp === claim.versionstamp
        ? await run.finish(kv.atomic()).commit()
        : { ok: false };
      if (!ended.ok) log.debug("job ended by its handler", { kind: job.kind, jobId });
    } catch (e) {
      log.error("job handler failed", { kind: job.kind, jobId, runs: claimed.runs, error: e });
      counted(claimed.runs >= this.#opts.maxRuns ? "buried" : "failed");
      const op = kv.atomic();
      if (claimed.runs >= this.#opts.maxRuns) {
        buryJobMutations(op, claimed, claim.versionstamp, String(e), clock.now());
      } else {
        run.retryAfterFailure(op, clock.now() + backoffMs(claimed.runs, FAILURE_BACKOFF));
      }
      const r = await op.commit();
      // Not ours any more: the handler ended the job before it threw, or the
      // lease ran out and another runner took it over. Either way it goes on.
      if (!r.ok) log.warn("a failed job was no longer this runner's", { kind: job.kind, jobId });
    }
  }
}
