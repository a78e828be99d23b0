/**
 * Follow-up sequences (owned by an account) and enrollments (one address in one
 * sequence, through one site). An enrollment is the truth about its progress:
 * which step is next, when it is due, and what happened to each step. Step jobs
 * only carry `{enrollment_id, step}` and do nothing unless the enrollment still
 * expects that step, which makes every delivery of a job idempotent.
 */
import { keys } from "../kernel/kv/keys.ts";
import {
  commit,
  deleteKeyGroups,
  eachByIndex,
  listByIndex,
  recordsOf,
  sweepPrefix,
} from "../kernel/kv/kv.ts";
import { blobKeys, blobOf, type Packed } from "../kernel/kv/blob.ts";

export type SequenceStep = {
  delay_seconds: number;
  /** Template id or slug (owned by the account, or a starter template). */
  template: string;
  /** Subject; null = the template's subject. */
  subject: string | null;
  enabled: boolean;
};

export type Sequence = {
  id: string;
  account_id: string;
  /** The ID callers pass to POST /sequences/enroll; unique per account. */
  key: string;
  name: string;
  enabled: boolean;
  steps: SequenceStep[];
  created_at: string;
  updated_at: string;
};

export type EnrollmentState =
  /** Steps are due or scheduled. */
  | "active"
  /** A step came due while the sequence was off; resumes when it is on. */
  | "waiting"
  | "completed"
  | "stopped";

export type StopReason = "suppressed" | "unsubscribed" | "manual" | "sequence_deleted";

export type StepOutcome = {
  index: number;
  /**
   * sending: claimed, hand-off to the mail engine under way (a crash leaves it so);
   * sent / failed: the outcome; skipped: the step was off when due;
   * deferred: the monthly limit was reached, the step waits for next month;
   * retrying: the relay failed temporarily, the step waits for `retry_at`.
   */
  state: "sending" | "sent" | "failed" | "skipped" | "deferred" | "retrying";
  at: string;
  /** Email log id chosen at the claim; finds the outcome after a crash. */
  attempt_id: string | null;
  message_id: string | null;
  error: string | null;
  /** Hand-offs to the relay tried so far (absent on records older than retries). */
  attempts?: number;
  /** When the next attempt runs (ISO 8601), while `retrying`. */
  retry_at?: string | null;
};

export type TemplateData = Record<string, string | number | boolean>;

export type Enrollment = {
  id: string;
  site_id: string;
  account_id: string;
  sequence_id: string;
  sequence_key: string;
  /** Lowercase address. */
  email: string;
  data: Packed<TemplateData>;
  state: EnrollmentState;
  stop_reason: StopReason | null;
  /** Index of the next step to process (steps.length when done). */
  next_step: number;
  /** When the next step is due (ms), null when none is scheduled. */
  next_due_at: number | null;
  /** One entry per step processed (or being processed), in step order. */
  steps: StepOutcome[];
  created_at: string;
  updated_at: string;
  /** Enrolled with a svc_test_ key: its steps go to the outbox, events carry test: true. */
  sandbox?: true;
};

// --- sequences ----------------------------------------------------------------

/** Creates a sequence; ConflictError when the account already uses its key. */
export async function createSequence(kv: Deno.Kv, s: Sequence): Promise<Sequence> {
  await commit(
    kv.atomic()
      .check({ key: keys.sequence(s.id), versionstamp: null })
      .check({ key: keys.sequenceByKey(s.account_id, s.key), versionstamp: null })
      .set(keys.sequence(s.id), s)
      .set(keys.sequenceByKey(s.account_id, s.key), s.id)
      .set(keys.sequenceByAccount(s.account_id, s.id), s.id),
    `sequence key ${s.key} is taken`,
  );
  return s;
}

export async function getSequenceEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<Sequence>> {
  return await kv.get<Sequence>(keys.sequence(id));
}

export async function getSequence(kv: Deno.Kv, id: string): Promise<Sequence | null> {
  return (await kv.get<Sequence>(keys.sequence(id))).value;
}

export async function getSequenceByKey(
  kv: Deno.Kv,
  accountId: string,
  key: string,
): Promise<Sequence | null> {
  const id = (await kv.get<string>(keys.sequenceByKey(accountId, key))).value;
  return id ? await getSequence(kv, id) : null;
}

/** Adds "replace sequence (unchanged since `versionstamp`) by `next`" to `op`. */
export function replaceSequenceMutations(
  op: Deno.AtomicOperation,
  versionstamp: string,
  next: Sequence,
): Deno.AtomicOperation {
  return op.check({ key: keys.sequence(next.id), versionstamp }).set(keys.sequence(next.id), next);
}

export function listSequencesOfAccount(kv: Deno.Kv, accountId: string): Promise<Sequence[]> {
  return listByIndex<Sequence>(kv, keys.sequencesByAccount(accountId), keys.sequence);
}

// --- enrollments --------------------------------------------------------------

/**
 * Adds a new enrollment to `op`, guarded so that one address is active in a
 * sequence at most once (the commit fails when it already is).
 */
export function createEnrollmentMutations(
  op: Deno.AtomicOperation,
  e: Enrollment,
): Deno.AtomicOperation {
  return op
    .check({ key: keys.enrollment(e.id), versionstamp: null })
    .check({ key: keys.enrollmentActive(e.sequence_id, e.email), versionstamp: null })
    .set(keys.enrollment(e.id), e)
    .set(keys.enrollmentActive(e.sequence_id, e.email), e.id)
    .set(keys.enrollmentBySite(e.site_id, e.id), e.id);
}

export async function getEnrollmentEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<Enrollment>> {
  return await kv.get<Enrollment>(keys.enrollment(id));
}

export async function getEnrollment(kv: Deno.Kv, id: string): Promise<Enrollment | null> {
  return (await kv.get<Enrollment>(keys.enrollment(id))).value;
}

/**
 * Adds "replace enrollment `prev` (at `versionstamp`) by `next`" to `op`, with
 * the indexes that follow its state: the active guard goes when it ends, the
 * waiting index is there exactly while it waits.
 */
export function replaceEnrollmentMutations(
  op: Deno.AtomicOperation,
  versionstamp: string,
  next: Enrollment,
): Deno.AtomicOperation {
  op.check({ key: keys.enrollment(next.id), versionstamp }).set(keys.enrollment(next.id), next);
  if (next.state === "completed" || next.state === "stopped") {
    op.delete(keys.enrollmentActive(next.sequence_id, next.email));
  }
  if (next.state === "waiting") op.set(keys.enrollmentWaiting(next.sequence_id, next.id), next.id);
  else op.delete(keys.enrollmentWaiting(next.sequence_id, next.id));
  return op;
}

/** Enrollments of a site, newest first. */
export function listEnrollmentsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<Enrollment[]> {
  return listByIndex<Enrollment>(kv, keys.enrollmentsBySite(siteId), keys.enrollment, {
    reverse: true,
    limit,
  });
}

/** Ids of enrollments waiting for a sequence to be turned on, oldest first. */
export async function waitingEnrollmentIds(
  kv: Deno.Kv,
  sequenceId: string,
  limit: number,
): Promise<string[]> {
  const out: string[] = [];
  for await (
    const e of kv.list<string>({ prefix: keys.enrollmentsWaiting(sequenceId) }, { limit })
  ) out.push(e.value);
  return out;
}

/** Every key an enrollment owns: the record, its indexes, its data's blob. */
function enrollmentKeys(e: Enrollment): Deno.KvKey[] {
  const blob = blobOf(e.data);
  return [
    keys.enrollment(e.id),
    keys.enrollmentBySite(e.site_id, e.id),
    keys.enrollmentWaiting(e.sequence_id, e.id),
    ...(e.state === "active" || e.state === "waiting"
      ? [keys.enrollmentActive(e.sequence_id, e.email)]
      : []),
    ...(blob ? blobKeys(blob) : []),
  ];
}

/** Deletes enrollments with what they own, each in one operation. */
export async function deleteEnrollments(kv: Deno.Kv, es: Enrollment[]): Promise<void> {
  await deleteKeyGroups(kv, es.map(enrollmentKeys));
}

/** One batch of deleting a site's enrollments; returns how many went (0: done). */
export function sweepEnrollmentsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<number> {
  return sweepPrefix(kv, keys.enrollmentsBySite(siteId), limit, async (entries) => {
    const es = await recordsOf<Enrollment>(kv, entries, keys.enrollment);
    return es.map((e, i) => e ? enrollmentKeys(e) : [entries[i].key]);
  });
}

/** A site's enrollments of `email`, oldest first. */
export async function findEnrollmentsOf(
  kv: Deno.Kv,
  siteId: string,
  email: string,
): Promise<Enrollment[]> {
  const a = email.toLowerCase();
  const out: Enrollment[] = [];
  for await (
    const e of eachByIndex<Enrollment>(kv, keys.enrollmentsBySite(siteId), keys.enrollment)
  ) {
    if (e.email.toLowerCase() === a) out.push(e);
  }
  return out;
}

/** One batch of deleting a deleted account's sequences (their key index too); 0 when done. */
export function sweepSequencesOfAccount(
  kv: Deno.Kv,
  accountId: string,
  limit: number,
): Promise<number> {
  return sweepPrefix(kv, keys.sequencesByAccount(accountId), limit, async (entries) => {
    const ss = await recordsOf<Sequence>(kv, entries, keys.sequence);
    return ss.map((s, i) =>
      s
        ? [entries[i].key, keys.sequence(s.id), keys.sequenceByKey(accountId, s.key)]
        : [entries[i].key]
    );
  });
}
