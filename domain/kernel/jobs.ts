/**
 * Delayed and retried work. A job kind is declared once, in its capability,
 * with `defineJob(kind, payloadSchema, handler)`, and listed in
 * workers/handlers.ts. `schedule()` writes a durable job record and its
 * trigger, both inside the caller's own atomic operation, so a job exists
 * exactly when the state change that needs it exists; its payload is typed by
 * the kind's schema. The trigger, with a local KV file: for a job due now, a
 * sum on the wake key that this process's job runners watch (`ctx.wakeJobs`;
 * a KV queue message costs two more SQLite transactions, and Deno's queue
 * delivered too few a second for webhook fan-out, docs/performance.md); for a
 * later job, or from a process that runs no jobs, a queue message carrying its
 * id. Nothing else calls `kv.enqueue`.
 *
 * The runner (job_runner.ts) parses the stored payload with the kind's schema
 * before the handler sees it: a payload that does not match is dead-lettered
 * with a log line. A handler receives a claimed job (`JobRun`) and ends it
 * inside its own atomic operation with `finish(op)` or `reschedule(op, at)`, so
 * its result and the end of the job commit together: a second delivery of the
 * same queue message finds no pending job and does nothing.
 */
import type { z } from "zod";
import type { Ctx } from "./context.ts";
import { uuidv7 } from "./ids.ts";
import {
  finishJobMutations,
  type Job,
  putJobMutations,
  replaceJobMutations,
  wakeRunnersMutation,
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

/**
 * A payload schema: an object of small JSON values (ids, never bodies), without
 * transforms, so that what a handler reschedules parses again.
 */
export type PayloadSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** One kind of job: its name in KV, its payload's schema and its handler. */
export type JobKind<S extends PayloadSchema = PayloadSchema> = {
  readonly kind: string;
  readonly schema: S;
  /**
   * How long a claim lasts before another runner may take the job over (after
   * a crash mid-run, the job waits this long); default: the runner's. Keep it
   * above the handler's longest run.
   */
  readonly leaseMs?: number;
  // Method syntax: a kind with a narrower payload still fits a list of kinds.
  handler(ctx: Ctx, run: JobRun<z.output<S>>): Promise<void>;
};

/** Declares a job kind (see the top of this file). `kind` is stored: never rename it. */
export function defineJob<S extends PayloadSchema>(
  kind: string,
  schema: S,
  handler: (ctx: Ctx, run: JobRun<z.output<S>>) => Promise<void>,
  opts: { leaseMs?: number } = {},
): JobKind<S> {
  return { kind, schema, handler, leaseMs: opts.leaseMs };
}

export type ScheduleSpec<S extends PayloadSchema> = {
  job: JobKind<S>;
  payload: NoInfer<z.input<S>>;
  /** When to run, ms since epoch (by ctx.clock). */
  runAt: number;
};

/** Adds a new job to `op`; returns it. Commit `op` to make it real. */
export function schedule<S extends PayloadSchema>(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  spec: ScheduleSpec<S>,
): Job {
  const now = ctx.clock.now();
  const job: Job = {
    id: uuidv7(),
    kind: spec.job.kind,
    payload: spec.payload,
    state: "pending",
    due_at: spec.runAt,
    runs: 0,
    created_at: now,
  };
  putJobMutations(op, job);
  trigger(ctx, op, job.id, job.due_at, now);
  return job;
}

/** A job's trigger (see the top of this file); none without a queue (the sweep finds it). */
function trigger(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  jobId: string,
  dueAt: number,
  now: number,
): void {
  if (!ctx.useQueue) return;
  const delay = queueDelay(dueAt, now);
  if (delay === 0 && ctx.wakeJobs) wakeRunnersMutation(op);
  else op.enqueue({ jobId } satisfies JobMessage, { delay });
}

/** A claimed job, handed to its handler with its parsed payload. */
export class JobRun<P extends Record<string, unknown> = Record<string, unknown>> {
  constructor(
    private readonly ctx: Ctx,
    /** The job as claimed (state running, due_at = end of lease). */
    readonly job: Job,
    /** Versionstamp of the claimed record: the guard for finishing it. */
    readonly versionstamp: string,
    /** The payload as the kind's schema parsed it. */
    readonly payload: P,
  ) {}

  /**
   * Whether the handler added its job's end (finish or reschedule) to an op
   * of its own. The op's commit either succeeded or threw (commit() throws on
   * a failed check), so a handler that returns normally after that has ended
   * its job: the runner then skips its fallback finish and the read before it.
   */
  endedByHandler = false;

  /** Adds "this job is done" to `op`. */
  finish(op: Deno.AtomicOperation): Deno.AtomicOperation {
    this.endedByHandler = true;
    return finishJobMutations(op, this.job, this.versionstamp);
  }

  /**
   * Adds "run this job again at `at`" (optionally with a new payload) to `op`.
   * The handler made progress, so the failure count starts again.
   */
  reschedule(
    op: Deno.AtomicOperation,
    at: number,
    payload: P = this.payload,
  ): Deno.AtomicOperation {
    return this.#replace(op, { ...this.job, state: "pending", due_at: at, payload, runs: 0 });
  }

  /** Adds "try again at `at` after a failure" to `op`; the failure count is kept. */
  retryAfterFailure(op: Deno.AtomicOperation, at: number): Deno.AtomicOperation {
    return this.#replace(op, { ...this.job, state: "pending", due_at: at });
  }

  #replace(op: Deno.AtomicOperation, next: Job): Deno.AtomicOperation {
    this.endedByHandler = true;
    const at = next.due_at;
    replaceJobMutations(op, this.job, this.versionstamp, next);
    trigger(this.ctx, op, next.id, at, this.ctx.clock.now());
    return op;
  }
}
