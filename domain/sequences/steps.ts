/**
 * Sends the steps of sequence enrollments. One job per due step
 * (`sequenceStepJob`) carries `{enrollment_id, step}`; the enrollment record
 * decides what happens:
 *
 * 1. the job is stale (enrollment ended, or already past that step): nothing;
 * 2. the sequence is off: the enrollment waits (resumed by sequenceResumeJob
 *    when it is turned on; the wait commits only if the sequence did not change
 *    meanwhile, so a concurrent turn-on cannot miss it);
 * 3. the address is suppressed or unsubscribed from the site: stopped;
 * 4. the step is off: skipped, the next one is scheduled;
 * 5. otherwise the step is claimed (`sending`, with the email log id chosen for
 *    this attempt) in one atomic operation, handed to the mail engine, and the
 *    outcome and the next step's job are committed in another. A temporary
 *    relay failure (no reply, refused connection, 4xx) keeps the step: it is
 *    `retrying` and its job runs again on the schedule of kept mail
 *    (RETRY_DELAYS_MS, domain/mail/retry_schedule.ts, read through ./mail.ts
 *    so that the job worker starts without the mail stack); each attempt is a new
 *    claim and a new send, and `email.failed` comes only from the last one.
 *
 * At-least-once job delivery never sends a step twice: a second delivery finds
 * the step claimed or done. A crash between claim and outcome leaves `sending`;
 * the next run asks the email log what became of that attempt and resends only
 * when the attempt never reached the mail engine.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime, nextUtcMonthStart } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { defineJob, type JobRun, schedule } from "../kernel/jobs.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { ConflictError } from "../kernel/errors.ts";
import { readRecipientBlocks } from "../suppressions/suppressions.ts";
import {
  type Enrollment,
  getEnrollmentEntry,
  getSequenceEntry,
  replaceEnrollmentMutations,
  type Sequence,
  type StepOutcome,
  waitingEnrollmentIds,
} from "./store.ts";
// The hand-off to the mail engine (./mail.ts) is imported when a step sends:
// the job worker thread then loads the mail stack only if sequences run.
const sequenceMail = () => import("./mail.ts");

const StepPayload = z.object({ enrollment_id: z.string(), step: z.number().int().min(0) });
const ResumePayload = z.object({ sequence_id: z.string() });

/** A claim younger than this may still be sending in another runner: wait, do not judge. */
export const SENDING_STALE_MS = 5 * 60 * 1000;

/** The enrollment with `outcome` recorded for its step (replacing an earlier entry). */
function withOutcome(e: Enrollment, outcome: StepOutcome): Enrollment {
  const steps = e.steps.filter((s) => s.index !== outcome.index);
  steps.push(outcome);
  steps.sort((a, b) => a.index - b.index);
  return { ...e, steps };
}

type Advanced = { next: Enrollment; jobs: (op: Deno.AtomicOperation) => void };

/**
 * Moves past step `done` at `now`: the next step is due after its own delay,
 * or the enrollment is completed. `jobs` adds the next step's job to an op.
 */
function advance(ctx: Ctx, e: Enrollment, seq: Sequence, done: number, now: number): Advanced {
  const nextIndex = done + 1;
  if (nextIndex >= seq.steps.length) {
    return {
      next: { ...e, state: "completed", next_step: nextIndex, next_due_at: null },
      jobs: () => {},
    };
  }
  const due = now + seq.steps[nextIndex].delay_seconds * 1000;
  return {
    next: { ...e, state: "active", next_step: nextIndex, next_due_at: due },
    jobs: (op) =>
      schedule(ctx, op, {
        job: sequenceStepJob,
        payload: { enrollment_id: e.id, step: nextIndex },
        runAt: due,
      }),
  };
}

const outcome = (
  index: number,
  state: StepOutcome["state"],
  now: number,
  extra: Partial<StepOutcome> = {},
): StepOutcome => ({
  index,
  state,
  at: isoTime(now),
  attempt_id: null,
  message_id: null,
  error: null,
  ...extra,
});

/** Commits `next` over the enrollment read at `versionstamp`, plus `more`. */
async function save(
  ctx: Ctx,
  versionstamp: string,
  next: Enrollment,
  more?: (op: Deno.AtomicOperation) => void,
): Promise<string> {
  const op = replaceEnrollmentMutations(ctx.kv.atomic(), versionstamp, {
    ...next,
    updated_at: isoTime(ctx.clock.now()),
  });
  more?.(op);
  const r = await commit(op, `enrollment ${next.id} changed concurrently`);
  return r.versionstamp;
}

type StepRun = JobRun<z.output<typeof StepPayload>>;

/** The job of one step of one enrollment; payload `{enrollment_id, step}`. */
export const sequenceStepJob = defineJob("sequence_step", StepPayload, async (ctx, run) => {
  // A lost race (the operator stopped the enrollment, the sequence changed)
  // is re-read and judged again.
  const { enrollment_id: id, step } = run.payload;
  await retryOnConflict(() => stepOnce(ctx, run, id, step), 10);
});

async function stepOnce(ctx: Ctx, run: StepRun, id: string, step: number): Promise<void> {
  const { kv } = ctx;
  const entry = await getEnrollmentEntry(kv, id);
  let e = entry.value;
  let vs = entry.versionstamp;
  if (!e || !vs || e.state !== "active" || e.next_step !== step) return; // stale job
  const now = ctx.clock.now();
  const seqEntry = await getSequenceEntry(kv, e.sequence_id);
  const seq = seqEntry.value;
  if (!seq || !seqEntry.versionstamp) {
    await save(ctx, vs, { ...e, state: "stopped", stop_reason: "sequence_deleted" });
    return;
  }
  if (!seq.enabled) {
    // Guarded by the sequence's versionstamp: if it is being turned on right
    // now, this fails and the retry sees it on.
    await save(ctx, vs, { ...e, state: "waiting" }, (op) => op.check(seqEntry));
    return;
  }
  if (step >= seq.steps.length) {
    await save(ctx, vs, { ...e, state: "completed", next_due_at: null });
    return;
  }
  const block = (await readRecipientBlocks(ctx, e.site_id, [e.email])).get(e.email);
  if (block) {
    await save(ctx, vs, {
      ...e,
      state: "stopped",
      stop_reason: block === "suppressed" ? "suppressed" : "unsubscribed",
      next_due_at: null,
    });
    return;
  }
  const s = seq.steps[step];
  if (!s.enabled) {
    const a = advance(ctx, withOutcome(e, outcome(step, "skipped", now)), seq, step, now);
    await save(ctx, vs, a.next, a.jobs);
    return;
  }

  const claimed = e.steps.find((o) => o.index === step && o.state === "sending");
  if (claimed) {
    const age = now - Date.parse(claimed.at);
    if (age < SENDING_STALE_MS) {
      // Another runner may still be handing it over: look again once it cannot be.
      const op = kv.atomic();
      run.reschedule(op, Date.parse(claimed.at) + SENDING_STALE_MS);
      await commit(op, "reschedule step job");
      return;
    }
    const was = claimed.attempt_id
      ? await (await sequenceMail()).attemptOutcome(ctx, claimed.attempt_id)
      : "unknown";
    if (was !== "absent") {
      const attempts = claimed.attempts ?? 1;
      // It reached the mail engine: record what happened, never send it again.
      const o = was === "unknown"
        ? outcome(step, "failed", now, {
          attempt_id: claimed.attempt_id,
          attempts,
          error: "interrupted while handing the email to the mail server; " +
            "not sent again so that the address never gets it twice",
        })
        : outcome(step, "sent", now, {
          attempt_id: claimed.attempt_id,
          attempts,
          message_id: was.message_id,
        });
      const a = advance(ctx, withOutcome(e, o), seq, step, now);
      await save(ctx, vs, a.next, a.jobs);
      return;
    }
    // Never reached the mail engine: claim it again below and send.
  }

  // A stale claim sent again here never reached the relay: it keeps its number.
  const prev = e.steps.find((o) => o.index === step);
  const attempts = claimed ? (claimed.attempts ?? 1) : (prev?.attempts ?? 0) + 1;
  // Claim: from here on, no other delivery of this job will send this step.
  const attemptId = uuidv7(now);
  e = withOutcome(e, outcome(step, "sending", now, { attempt_id: attemptId, attempts }));
  vs = await save(ctx, vs, e);

  const mail = await sequenceMail();
  const result = await mail.sendStep(ctx, {
    enrollment: e,
    sequence: seq,
    step: s,
    index: step,
    attemptId,
    nextMonth: nextUtcMonthStart(now),
    lastAttempt: attempts >= mail.MAX_ATTEMPTS,
  });
  const after = ctx.clock.now();
  // Mark: the outcome and the next step's job commit together. Not tied to this
  // job's lease, so a slow send is still recorded; the job ends after.
  const done = (o: Partial<StepOutcome> & Pick<StepOutcome, "state">) =>
    withOutcome(e!, outcome(step, o.state, after, { attempt_id: attemptId, attempts, ...o }));
  let a: Advanced;
  switch (result.kind) {
    case "sent":
      a = advance(ctx, done({ state: "sent", message_id: result.message_id }), seq, step, after);
      break;
    case "failed":
      a = advance(ctx, done({ state: "failed", error: result.error }), seq, step, after);
      break;
    case "retry": {
      // The relay failed for now: the step waits for its next attempt (the
      // last attempt's failure came back as "failed").
      const at = after + mail.RETRY_DELAYS_MS[attempts - 1];
      a = {
        next: {
          ...done({ state: "retrying", error: result.error, retry_at: isoTime(at) }),
          next_due_at: at,
        },
        jobs: (op) =>
          schedule(ctx, op, {
            job: sequenceStepJob,
            payload: { enrollment_id: id, step },
            runAt: at,
          }),
      };
      break;
    }
    case "later":
      // The monthly limit (waits for the 1st of next month, UTC), the send
      // rate or a disabled site: the step is not lost, it waits. Nothing was
      // handed to the relay, so the attempt does not count.
      a = {
        next: {
          ...done({ state: "deferred", error: result.reason, attempts: attempts - 1 }),
          next_due_at: result.at,
        },
        jobs: (op) =>
          schedule(ctx, op, {
            job: sequenceStepJob,
            payload: { enrollment_id: id, step },
            runAt: result.at,
          }),
      };
      break;
    case "blocked":
      // Suppressed or unsubscribed between our check and the send.
      a = {
        next: {
          ...done({ state: "failed", error: result.reason }),
          state: "stopped",
          stop_reason: result.reason === "all_recipients_suppressed"
            ? "suppressed"
            : "unsubscribed",
          next_due_at: null,
        },
        jobs: () => {},
      };
      break;
  }
  try {
    await save(ctx, vs, a.next, a.jobs);
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    // Changed since the claim (stopped by hand): keep that change, add the outcome.
    const o = a.next.steps.find((x) => x.index === step)!;
    await retryOnConflict(async () => {
      const cur = await getEnrollmentEntry(kv, id);
      if (!cur.value || !cur.versionstamp) return;
      await save(ctx, cur.versionstamp, withOutcome(cur.value, o));
    });
  }
}

/**
 * The job that resumes the waiting enrollments of a sequence that was turned
 * on, 50 per run; payload `{sequence_id}`.
 */
export const sequenceResumeJob = defineJob("sequence_resume", ResumePayload, resumeWaiting);

async function resumeWaiting(
  ctx: Ctx,
  run: JobRun<z.output<typeof ResumePayload>>,
): Promise<void> {
  const id = run.payload.sequence_id;
  const seq = (await getSequenceEntry(ctx.kv, id)).value;
  if (!seq || !seq.enabled) return;
  const ids = await waitingEnrollmentIds(ctx.kv, id, 50);
  for (const eid of ids) {
    await retryOnConflict(async () => {
      const entry = await getEnrollmentEntry(ctx.kv, eid);
      const e = entry.value;
      if (!e || !entry.versionstamp || e.state !== "waiting") return;
      const now = ctx.clock.now();
      await save(ctx, entry.versionstamp, { ...e, state: "active", next_due_at: now }, (op) => {
        schedule(ctx, op, {
          job: sequenceStepJob,
          payload: { enrollment_id: e.id, step: e.next_step },
          runAt: now,
        });
      });
    });
  }
  if (ids.length === 50) {
    const op = ctx.kv.atomic();
    run.reschedule(op, ctx.clock.now());
    await commit(op, "resume more enrollments");
  }
}
