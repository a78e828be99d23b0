/**
 * Durable job records. A queue message carries only a job id; the record is the
 * truth (what, when, state). The due index lets a sweep find jobs whose queue
 * message was lost, whose runner died (lease expired), or where no queue exists.
 */
import { keys } from "./kv/keys.ts";
import { indexPointsAtRecord } from "./kv/invariants.ts";
import type { Invariant, Problem } from "./invariants.ts";

export type JobState = "pending" | "running";

export type Job = {
  id: string;
  kind: string;
  /** Small JSON payload: ids, never bodies. */
  payload: Record<string, unknown>;
  state: JobState;
  /** When the job should run (pending) or when its lease ends (running), ms. */
  due_at: number;
  /**
   * Claims since the job last made progress (1 on the first run; a handler's
   * reschedule sets it back to 0): what the dead-letter limit counts.
   */
  runs: number;
  created_at: number;
};

/** Adds a new job and its due-index entry to `op`. */
export function putJobMutations(op: Deno.AtomicOperation, job: Job): Deno.AtomicOperation {
  return op
    .check({ key: keys.job(job.id), versionstamp: null })
    .set(keys.job(job.id), job)
    .set(keys.jobDue(job.due_at, job.id), job.id);
}

export async function getJobEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<Job>> {
  return await kv.get<Job>(keys.job(id));
}

/** Ids of jobs due at or before `until`, oldest first. */
export async function dueJobIds(kv: Deno.Kv, until: number, limit: number): Promise<string[]> {
  const out: string[] = [];
  for await (
    const e of kv.list<string>({ start: keys.jobsDue(), end: keys.jobDue(until + 1, "") }, {
      limit,
    })
  ) out.push(e.value);
  return out;
}

/** Adds "replace job record `prev` (at `versionstamp`) by `next`" to `op`. */
export function replaceJobMutations(
  op: Deno.AtomicOperation,
  prev: Job,
  versionstamp: string,
  next: Job,
): Deno.AtomicOperation {
  return op
    .check({ key: keys.job(prev.id), versionstamp })
    .delete(keys.jobDue(prev.due_at, prev.id))
    .set(keys.job(next.id), next)
    .set(keys.jobDue(next.due_at, next.id), next.id);
}

/** Adds "job finished" (record and due entry removed) to `op`, guarded by the claim. */
export function finishJobMutations(
  op: Deno.AtomicOperation,
  job: Job,
  versionstamp: string,
): Deno.AtomicOperation {
  return op
    .check({ key: keys.job(job.id), versionstamp })
    .delete(keys.job(job.id))
    .delete(keys.jobDue(job.due_at, job.id));
}

export async function countJobs(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.jobs() })) n++;
  return n;
}

/** Adds "job gave up" at `now`: record moved to the dead-letter list, due entry removed. */
export function buryJobMutations(
  op: Deno.AtomicOperation,
  job: Job,
  versionstamp: string,
  error: string,
  now: number,
): Deno.AtomicOperation {
  return finishJobMutations(op, job, versionstamp)
    .set(keys.jobDead(job.id), { ...job, error, buried_at: now });
}

export async function listDeadJobs(kv: Deno.Kv, limit = 100): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of kv.list({ prefix: keys.jobsDead() }, { limit })) out.push(e.value);
  return out;
}

/** A job this late (pending past its time, or running past its lease) is stuck. */
export const STUCK_AFTER_MS = 10 * 60 * 1000;

/** The jobs' invariants for the doctor (domain/kernel/invariants.ts). */
export const jobInvariants: Invariant[] = [
  indexPointsAtRecord("jobs: due entries point at a job", keys.jobsDue(), keys.job),
  {
    name: "jobs: every job has its due entry",
    async find(kv) {
      const out: Problem[] = [];
      for await (const e of kv.list<Job>({ prefix: keys.jobs() })) {
        const job = e.value;
        const due = await kv.get(keys.jobDue(job.due_at, job.id));
        if (due.versionstamp) continue;
        out.push({
          subject: `job ${job.id} (${job.kind})`,
          detail: "no due-index entry: no sweep would ever run it",
          repair: async () =>
            (await kv.atomic().check(e).check(due).set(keys.jobDue(job.due_at, job.id), job.id)
              .commit()).ok,
        });
      }
      return out;
    },
  },
  {
    name: "jobs: none stuck past its time or lease",
    async find(kv, now) {
      const out: Problem[] = [];
      for await (const e of kv.list<Job>({ prefix: keys.jobs() })) {
        const job = e.value;
        if (job.due_at > now - STUCK_AFTER_MS) continue;
        const late = Math.round((now - job.due_at) / 1000);
        out.push({
          subject: `job ${job.id} (${job.kind})`,
          detail: job.state === "running"
            ? `lease ended ${late} s ago and no runner took it over`
            : `due ${late} s ago and not run (is a job runner running?)`,
          // Made due now: the next sweep of any running instance takes it.
          // A running job's lease has long ended, so no runner owns it.
          repair: async () => {
            const next: Job = { ...job, state: "pending", due_at: now };
            return (await replaceJobMutations(kv.atomic(), job, e.versionstamp, next).commit()).ok;
          },
        });
      }
      return out;
    },
  },
];

export async function countDeadJobs(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.jobsDead() })) n++;
  return n;
}

/**
 * Adds "a job is due now" to `op`: a sum on the wake key, which the job
 * runners of this process watch (job_runner.ts), instead of a KV queue message.
 */
export function wakeRunnersMutation(op: Deno.AtomicOperation): Deno.AtomicOperation {
  return op.sum(keys.jobsWake(), 1n);
}

/** Changes of the wake key (one read each, coalesced), for a job runner. */
export function watchRunnersWake(kv: Deno.Kv): ReadableStream<unknown> {
  return kv.watch([keys.jobsWake()]);
}
