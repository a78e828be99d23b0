/**
 * Delayed and retried work. `schedule()` writes a durable job record and (with a
 * local KV file) a queue message carrying its id, both inside the caller's own
 * atomic operation, so a job exists exactly when the state change that needs it
 * exists. Workers never call `kv.enqueue` themselves.
 *
 * A handler receives a claimed job (`JobRun`) and ends it inside its own atomic
 * operation with `finish(op)` or `reschedule(op, at)`, so its result and the end
 * of the job commit together: a second delivery of the same queue message finds
 * no pending job and does nothing.
 */
import type { Ctx } from "./context.ts";
import { uuidv7 } from "./ids.ts";
import {
  finishJobMutations,
  type Job,
  putJobMutations,
  replaceJobMutations,
} from "./jobs_store.ts";

/** Deno KV refuses queue delays over 30 days; longer waits are chained. */
export const MAX_QUEUE_DELAY_MS = 29 * 24 * 60 * 60 * 1000;

export type JobMessage = { jobId: string };

export function isJobMessage(m: unknown): m is JobMessage {
  return typeof m === "object" && m !== null && typeof (m as JobMessage).jobId === "string";
}

export function queueDelay(dueAt: number, now: number): number {
  return Math.min(MAX_QUEUE_DELAY_MS, Math.max(0, Math.round(dueAt - now)));
}

export type ScheduleSpec = {
  kind: string;
  payload: Record<string, unknown>;
  /** When to run, ms since epoch (by ctx.clock). */
  runAt: number;
};

/** Adds a new job to `op`; returns it. Commit `op` to make it real. */
export function schedule(ctx: Ctx, op: Deno.AtomicOperation, spec: ScheduleSpec): Job {
  const now = ctx.clock.now();
  const job: Job = {
    id: uuidv7(),
    kind: spec.kind,
    payload: spec.payload,
    state: "pending",
    due_at: spec.runAt,
    runs: 0,
    created_at: now,
  };
  putJobMutations(op, job);
  if (ctx.useQueue) {
    op.enqueue({ jobId: job.id } satisfies JobMessage, { delay: queueDelay(job.due_at, now) });
  }
  return job;
}

/** A claimed job, handed to its handler. */
export class JobRun {
  constructor(
    private readonly ctx: Ctx,
    /** The job as claimed (state running, due_at = end of lease). */
    readonly job: Job,
    /** Versionstamp of the claimed record: the guard for finishing it. */
    readonly versionstamp: string,
  ) {}

  get payload(): Record<string, unknown> {
    return this.job.payload;
  }

  /** Adds "this job is done" to `op`. */
  finish(op: Deno.AtomicOperation): Deno.AtomicOperation {
    return finishJobMutations(op, this.job, this.versionstamp);
  }

  /**
   * Adds "run this job again at `at`" (optionally with a new payload) to `op`.
   * The handler made progress, so the failure count starts again.
   */
  reschedule(
    op: Deno.AtomicOperation,
    at: number,
    payload: Record<string, unknown> = this.job.payload,
  ): Deno.AtomicOperation {
    return this.#replace(op, { ...this.job, state: "pending", due_at: at, payload, runs: 0 });
  }

  /** Adds "try again at `at` after a failure" to `op`; the failure count is kept. */
  retryAfterFailure(op: Deno.AtomicOperation, at: number): Deno.AtomicOperation {
    return this.#replace(op, { ...this.job, state: "pending", due_at: at });
  }

  #replace(op: Deno.AtomicOperation, next: Job): Deno.AtomicOperation {
    const at = next.due_at;
    replaceJobMutations(op, this.job, this.versionstamp, next);
    if (this.ctx.useQueue) {
      op.enqueue({ jobId: next.id } satisfies JobMessage, {
        delay: queueDelay(at, this.ctx.clock.now()),
      });
    }
    return op;
  }
}

export type JobHandler = (ctx: Ctx, run: JobRun) => Promise<void>;
