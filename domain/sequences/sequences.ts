/**
 * Follow-up sequences: the operator's definitions, enrollment through
 * POST /sequences/enroll, and the views the operator API shows.
 *
 * Rules (spec, POST /sequences/enroll and the state table):
 * - an address (lowercase) is active in a sequence at most once; enrolling it
 *   again while active answers `exists`; after it completed or stopped it can
 *   be enrolled again;
 * - the first step goes after its own delay from enrollment, each later step
 *   after its own delay from the moment the previous step was processed;
 * - a step that is off when due is skipped; when the sequence is off, the due
 *   step waits and every waiting enrollment resumes when it is turned on;
 * - before each step: an address that is suppressed, or unsubscribed from the
 *   enrollment's site, stops the enrollment.
 * The step machinery itself is in steps.ts.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { ApiError, ConflictError, type FieldIssue, invalidPayload } from "../kernel/errors.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { schedule } from "../kernel/jobs.ts";
import { charLength, emailKey, str } from "../kernel/validation.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import { packJson, unpackJson } from "../kernel/kv/blob.ts";
import type { Site } from "../sites/schema.ts";
import * as store from "./store.ts";
import type { Enrollment, Sequence, TemplateData } from "./store.ts";
import { templateExists } from "./mail.ts";
import { sequenceResumeJob, sequenceStepJob } from "./steps.ts";

export const MAX_STEPS = 50;
/** Longest delay of one step: 365 days. */
export const MAX_DELAY_SECONDS = 365 * 24 * 60 * 60;

const Step = z.object({
  delay_seconds: z.number().int("must be a whole number of seconds").min(0).max(
    MAX_DELAY_SECONDS,
  ),
  template: str(120, 1),
  subject: str(500).nullable().optional(),
  enabled: z.boolean().default(true),
});

const Steps = z.array(Step).max(MAX_STEPS);

export const SequenceCreate = z.object({
  key: str(80, 1),
  name: str(200, 1),
  enabled: z.boolean().default(true),
  steps: Steps.default([]),
});

export const SequencePatch = z.object({
  name: str(200, 1).optional(),
  enabled: z.boolean().optional(),
  steps: Steps.optional(),
});

const dataValue = z.union([
  z.string(),
  z.number().refine(Number.isFinite, "must be a finite number"),
  z.boolean(),
], { message: "must be a string, number or boolean" });

/** Template variables: keys up to 64 characters, values string, number or boolean. */
export const TemplateDataSchema = z.record(z.string(), dataValue).superRefine((obj, ctx) => {
  for (const k of Object.keys(obj)) {
    const n = charLength(k);
    if (n > 64) {
      ctx.addIssue({
        code: "custom",
        path: [k],
        message: `key must be at most 64 characters (got ${n})`,
      });
    }
  }
});

export const EnrollBody = z.object({
  sequence: str(80, 1),
  email: emailKey(),
  data: TemplateDataSchema.nullish(),
});

type StepInput = z.output<typeof Step>;

/** 400 invalid_payload naming each step whose template the account cannot use. */
async function checkTemplates(ctx: Ctx, accountId: string, steps: StepInput[]) {
  const details: FieldIssue[] = [];
  for (const [i, s] of steps.entries()) {
    if (!(await templateExists(ctx, accountId, s.template))) {
      details.push({
        field: `steps.${i}.template`,
        message: "no template of the account and no starter template has this id or slug",
      });
    }
  }
  if (details.length) throw invalidPayload(details);
}

const toSteps = (steps: StepInput[]) =>
  steps.map((s) => ({
    delay_seconds: s.delay_seconds,
    template: s.template,
    subject: s.subject ?? null,
    enabled: s.enabled,
  }));

export function sequenceView(s: Sequence) {
  return {
    id: s.id,
    account_id: s.account_id,
    key: s.key,
    name: s.name,
    enabled: s.enabled,
    steps: s.steps.map((st, index) => ({ index, ...st })),
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export async function newSequence(
  ctx: Ctx,
  accountId: string,
  input: z.output<typeof SequenceCreate>,
): Promise<Sequence> {
  await checkTemplates(ctx, accountId, input.steps);
  const now = ctx.clock.now();
  const s: Sequence = {
    id: uuidv7(now),
    account_id: accountId,
    key: input.key,
    name: input.name,
    enabled: input.enabled,
    steps: toSteps(input.steps),
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  try {
    return await store.createSequence(ctx.kv, s);
  } catch (e) {
    if (e instanceof ConflictError) {
      throw new ApiError("conflict", 409, {
        message: `The account already has a sequence with key ${s.key}.`,
      });
    }
    throw e;
  }
}

/** The sequence with this id, or null. */
export function readSequence(ctx: Ctx, id: string): Promise<Sequence | null> {
  return store.getSequence(ctx.kv, id);
}

/** The sequences of an account, oldest first. */
export function listSequencesOfAccount(ctx: Ctx, accountId: string): Promise<Sequence[]> {
  return store.listSequencesOfAccount(ctx.kv, accountId);
}

/**
 * Changes name, on/off and steps. Turning a sequence on also schedules the job
 * that resumes its waiting enrollments, in the same atomic operation. Steps
 * are matched to enrollments by position: an enrollment continues with the
 * step at its next index of the new list.
 */
export async function patchSequence(
  ctx: Ctx,
  id: string,
  input: z.output<typeof SequencePatch>,
): Promise<Sequence | null> {
  const first = (await store.getSequenceEntry(ctx.kv, id)).value;
  if (!first) return null;
  if (input.steps) await checkTemplates(ctx, first.account_id, input.steps);
  return await retryOnConflict(async () => {
    const entry = await store.getSequenceEntry(ctx.kv, id);
    const prev = entry.value;
    if (!prev || !entry.versionstamp) return null;
    const now = ctx.clock.now();
    const next: Sequence = {
      ...prev,
      ...(input.name !== undefined && { name: input.name }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.steps !== undefined && { steps: toSteps(input.steps) }),
      updated_at: isoTime(now),
    };
    const op = store.replaceSequenceMutations(ctx.kv.atomic(), entry.versionstamp, next);
    if (next.enabled && !prev.enabled) {
      schedule(ctx, op, { job: sequenceResumeJob, payload: { sequence_id: id }, runAt: now });
    }
    await commit(op, `sequence ${id} changed concurrently`);
    return next;
  });
}

export type EnrollResult = { ok: true; result: "enrolled" } | {
  ok: false;
  result: "exists" | "no_steps";
};

/** POST /sequences/enroll for the key's site. Throws 404 sequence_not_found. */
export async function enroll(
  ctx: Ctx,
  site: Site,
  input: z.output<typeof EnrollBody>,
): Promise<EnrollResult> {
  const notFound = () => new ApiError("sequence_not_found", 404);
  if (!site.account_id) throw notFound();
  const seq = await store.getSequenceByKey(ctx.kv, site.account_id, input.sequence);
  if (!seq) throw notFound();
  if (seq.steps.length === 0) return { ok: false, result: "no_steps" };
  const now = ctx.clock.now();
  const data: TemplateData = input.data ?? {};
  const e: Enrollment = {
    id: uuidv7(now),
    site_id: site.id,
    account_id: site.account_id,
    sequence_id: seq.id,
    sequence_key: seq.key,
    email: input.email,
    data: await packJson(ctx.kv, data),
    state: "active",
    stop_reason: null,
    next_step: 0,
    next_due_at: now + seq.steps[0].delay_seconds * 1000,
    steps: [],
    created_at: isoTime(now),
    updated_at: isoTime(now),
    ...(site.sandbox && { sandbox: true as const }),
  };
  const op = store.createEnrollmentMutations(ctx.kv.atomic(), e);
  schedule(ctx, op, {
    job: sequenceStepJob,
    payload: { enrollment_id: e.id, step: 0 },
    runAt: e.next_due_at!,
  });
  // The only check that can fail is the active guard: the address is in it already.
  const r = await op.commit();
  return r.ok ? { ok: true, result: "enrolled" } : { ok: false, result: "exists" };
}

export async function enrollmentView(ctx: Ctx, e: Enrollment) {
  return {
    id: e.id,
    site_id: e.site_id,
    sequence_id: e.sequence_id,
    sequence: e.sequence_key,
    email: e.email,
    state: e.state,
    stop_reason: e.stop_reason,
    next_step: e.next_step,
    next_due_at: e.next_due_at === null ? null : isoTime(e.next_due_at),
    steps: e.steps,
    data: await unpackJson(ctx.kv, e.data),
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

/** The enrollment with this id, or null. */
export function readEnrollment(ctx: Ctx, id: string): Promise<Enrollment | null> {
  return store.getEnrollment(ctx.kv, id);
}

/** The enrollments of a site, newest first, at most `limit`. */
export function listEnrollmentsOfSite(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number },
): Promise<Enrollment[]> {
  return store.listEnrollmentsOfSite(ctx.kv, siteId, opts.limit);
}

/** Stops an enrollment by hand; later steps are not sent. null when unknown. */
export async function stopEnrollment(ctx: Ctx, id: string): Promise<Enrollment | null> {
  return await retryOnConflict(async () => {
    const entry = await store.getEnrollmentEntry(ctx.kv, id);
    const prev = entry.value;
    if (!prev || !entry.versionstamp) return null;
    if (prev.state === "completed" || prev.state === "stopped") return prev;
    const next: Enrollment = {
      ...prev,
      state: "stopped",
      stop_reason: "manual",
      next_due_at: null,
      updated_at: isoTime(ctx.clock.now()),
    };
    await commit(
      store.replaceEnrollmentMutations(ctx.kv.atomic(), entry.versionstamp, next),
      `enrollment ${id} changed concurrently`,
    );
    return next;
  });
}
