/**
 * Form submissions, the per-IP rate-limit block guard, the cross-site content
 * markers and the per-site abuse tallies. Fields are stored as the exact JSON
 * text that was received (re-serialised from the parsed body), packed inline or
 * as a blob when large.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, type EntryTree, type KeyTree, listByIndex, readMany } from "../kernel/kv/kv.ts";
import { blobOf, type BlobRef, type Packed } from "../kernel/kv/blob.ts";
import { type MonthlyUsage, usageOf, windowOf, type WindowState } from "../kernel/kv/counters.ts";
import type { Account } from "../accounts/accounts.ts";
import { utcMonth } from "../kernel/clock.ts";
import type { Classification, SpamReason } from "../spam/form_score.ts";

export type SubmissionVisitor = {
  ip: string | null;
  user_agent: string | null;
  referrer: string | null;
};

/** A file posted with the submission (static-site forms), its bytes in a blob. */
export type StoredFile = {
  /** The form field it came in. */
  field: string;
  /** Sanitised file name. */
  name: string;
  size: number;
  /** Read from the bytes, not the browser's word. */
  content_type: string;
  blob: BlobRef;
};

export type Submission = {
  id: string;
  site_id: string;
  account_id: string | null;
  /** Integer chosen by the caller. */
  form_id: number;
  form_name: string | null;
  /** The template label sent with the submission. */
  template: string | null;
  /** `JSON.stringify(fields)` as received. */
  fields: Packed<string>;
  visitor: SubmissionVisitor;
  spam_score: number;
  classification: Classification;
  /** Rules that added points, for the operator. */
  spam_reasons: SpamReason[];
  /** Addresses the notification went (or would have gone) to. */
  notify_to: string[];
  /** Counted toward the account's monthly form limit. */
  counted: boolean;
  /** Result of the notification; null until known (and for spam until released). */
  email_sent: boolean | null;
  created_at: string;
  /** Set when "not spam" released the held notification of a submission judged spam. */
  released?: ReleasedBy;
  /**
   * The notification's email log id, set when its send failed temporarily and
   * was kept for retries (mail/retry.ts): the record's view reads its state there.
   */
  notification_log_id?: string;
  /** The form endpoint a static site's page posted it to (POST /f/{id}). */
  endpoint_id?: string;
  /** Files posted with it (POST /f/{id}), in the order they came. */
  files?: StoredFile[];
};

/**
 * Every blob a submission refers to: its fields when packed as a blob, and its
 * files. Deleting a submission deletes these with it.
 */
export function submissionBlobs(s: Submission): BlobRef[] {
  const out: BlobRef[] = [];
  const fields = blobOf(s.fields);
  if (fields) out.push(fields);
  for (const f of s.files ?? []) out.push(f.blob);
  return out;
}

/** Who released a spam submission's held notification, and when (shown on the record). */
export type ReleasedBy = { at: string; by: string; channel: ReleaseChannel };

/** Adds a new submission and its site index to `op`. */
export function addSubmissionMutations(
  op: Deno.AtomicOperation,
  s: Submission,
): Deno.AtomicOperation {
  return op
    .check({ key: keys.submission(s.id), versionstamp: null })
    .set(keys.submission(s.id), s)
    .set(keys.submissionBySite(s.site_id, s.id), s.id);
}

export async function getSubmission(kv: Deno.Kv, id: string): Promise<Submission | null> {
  return (await kv.get<Submission>(keys.submission(id))).value;
}

/**
 * Records the outcome of the notification on the stored submission. Nothing
 * else writes a submission after it is stored (a spam one's release claim
 * writes it before its send, and the send then holds that record), so the
 * record in hand is written back without a read.
 */
export async function setSubmissionEmailSent(
  kv: Deno.Kv,
  s: Submission,
  emailSent: boolean,
): Promise<void> {
  await commit(setSubmissionEmailSentMutation(kv.atomic(), s, emailSent), "submission email_sent");
}

/** The same as setSubmissionEmailSent, inside `op` (the notification's outcome commit). */
export function setSubmissionEmailSentMutation(
  op: Deno.AtomicOperation,
  s: Submission,
  emailSent: boolean,
  retriedLogId?: string,
): Deno.AtomicOperation {
  const next = { ...s, email_sent: emailSent };
  if (retriedLogId !== undefined) next.notification_log_id = retriedLogId;
  return op.set(keys.submission(s.id), next);
}

/**
 * Submissions of a site, newest first; with `before` (a submission id, the
 * cursor) only those older than it. One index range read: the cost does not
 * grow with the number of submissions.
 */
export function listSubmissionsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: string,
): Promise<Submission[]> {
  return listByIndex<Submission>(
    kv,
    keys.submissionsBySite(siteId),
    keys.submission,
    { reverse: true, limit },
    undefined,
    before === undefined ? undefined : keys.submissionBySite(siteId, before),
  );
}

// --- the site owner's marks (kept beside the record, which is written back blind) ---

export type SubmissionMark = { mark: "spam" | "ham"; at: string };

export function readSubmissionMark(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<SubmissionMark>> {
  return kv.get<SubmissionMark>(keys.submissionMark(id));
}

/** The marks of several submissions, in their order (null: not marked). */
export async function getSubmissionMarks(
  kv: Deno.Kv,
  ids: string[],
): Promise<(SubmissionMark | null)[]> {
  const out: (SubmissionMark | null)[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const got = await kv.getMany<SubmissionMark[]>(ids.slice(i, i + 10).map(keys.submissionMark));
    out.push(...got.map((e) => e.value));
  }
  return out;
}

/** Sets a submission's mark, checked against the version read. */
export function setSubmissionMark(
  op: Deno.AtomicOperation,
  id: string,
  read: Deno.KvEntryMaybe<SubmissionMark>,
  mark: SubmissionMark,
): Deno.AtomicOperation {
  const key = keys.submissionMark(id);
  return op.check({ key, versionstamp: read.versionstamp }).set(key, mark);
}

// --- the release of a spam submission's held notification (at most once) ---

export type ReleaseChannel = "dashboard" | "operator_api";

/**
 * Who released a spam submission's notification and when; `log_id` is the
 * email log id its send uses (chosen before sending, so a later look can tell
 * whether a send that was cut off ever reached the mail engine).
 */
export type SubmissionRelease = {
  at: string;
  by: string;
  channel: ReleaseChannel;
  log_id: string;
  /** Claims taken for it: 1, or more when a send cut off before the engine was taken again. */
  attempts: number;
};

export function readSubmissionRelease(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<SubmissionRelease>> {
  return kv.get<SubmissionRelease>(keys.submissionRelease(id));
}

/**
 * Claims the release, checked against the version read (none for a first
 * claim): of two racing claims one commits, so one send follows. The record
 * shows it (`released`), so lists need no read beside the record; returns
 * the record as written, which the send then writes its outcome on.
 */
export function claimSubmissionRelease(
  op: Deno.AtomicOperation,
  s: Submission,
  read: Deno.KvEntryMaybe<SubmissionRelease>,
  release: SubmissionRelease,
): Submission {
  const key = keys.submissionRelease(s.id);
  const record: Submission = {
    ...s,
    released: { at: release.at, by: release.by, channel: release.channel },
  };
  op.check({ key, versionstamp: read.versionstamp }).set(key, release)
    .set(keys.submission(s.id), record);
  return record;
}

// --- recent content markers (cross-site duplicate rule) -------------------------

export type ContentMark = { site_id: string; at: number };

export function setContentMark(
  op: Deno.AtomicOperation,
  hash: string,
  mark: ContentMark,
  ttlMs: number,
): Deno.AtomicOperation {
  return op.set(keys.formContentHash(hash), mark, { expireIn: ttlMs });
}

// --- the automatic rate-limit block of an IP ---------------------------------------

/** Points at the block started by the rate limit, so racing requests start only one. */
export type RateBlockGuard = { block_id: string; until: number };

export function rateBlockGuardKey(ipKey: string): Deno.KvKey {
  return keys.ipRateBlock(ipKey);
}

// --- everything a submission reads, in one round trip ----------------------------

export type SubmitState = {
  /** The IP's sliding window (null without an IP). */
  window: WindowState | null;
  /** The content marker (null without a fingerprint or when absent). */
  mark: ContentMark | null;
  account: Account | null;
  /** The account's form usage this UTC month (null without an account). */
  usage: MonthlyUsage | null;
};

/**
 * What a submission reads: the IP window (name `windowName`, as counters.ts
 * keeps it), the content marker, the account and its monthly form usage.
 */
export type SubmitStateQuery = {
  windowName: string;
  ipKey: string | null;
  fingerprint: string | null;
  accountId: string | null;
  now: number;
  windowMs: number;
};

/** The keys of a submission's state, by name (absent: nothing to read). */
export type SubmitStateKeys = {
  window?: Deno.KvKey;
  mark?: Deno.KvKey;
  account?: Deno.KvKey;
  usage?: Deno.KvKey;
};

/** The keys to read for `q` (readMany them, then `submitStateOf`). */
function submitStateKeys(q: SubmitStateQuery): SubmitStateKeys {
  return {
    ...(q.ipKey && { window: keys.window(q.windowName, q.ipKey) }),
    ...(q.fingerprint && { mark: keys.formContentHash(q.fingerprint) }),
    ...(q.accountId && {
      account: keys.account(q.accountId),
      usage: keys.usage(q.accountId, "form", utcMonth(q.now)),
    }),
  };
}

/** The state from the entries of `submitStateKeys(q)`. */
function submitStateOf(q: SubmitStateQuery, got: EntryTree<SubmitStateKeys>): SubmitState {
  return {
    // As readWindow: entries inside the window, later stamps included.
    window: got.window ? windowOf(got.window, q.now, q.windowMs) : null,
    mark: (got.mark?.value ?? null) as ContentMark | null,
    account: (got.account?.value ?? null) as Account | null,
    usage: got.usage ? usageOf(got.usage) : null,
  };
}

/** A submission's keys and the caller's keys read with them (the notification's send state). */
export type SubmitReadKeys<A extends KeyTree> = { submission: SubmitStateKeys; alongside: A };

export type SubmitRead<A extends KeyTree> = { state: SubmitState; alongside: EntryTree<A> };

export function submitReadKeys<A extends KeyTree>(
  q: SubmitStateQuery,
  alongside: A,
): SubmitReadKeys<A> {
  return { submission: submitStateKeys(q), alongside };
}

/** The state from the entries of `submitReadKeys(q, ...)`. */
export function submitReadOf<A extends KeyTree>(
  q: SubmitStateQuery,
  got: EntryTree<SubmitReadKeys<A>>,
): SubmitRead<A> {
  return {
    state: submitStateOf(q, got.submission),
    alongside: got.alongside as EntryTree<A>,
  };
}

/**
 * Reads a submission's state and the caller's keys `alongside` in one
 * readMany: one getMany up to 10 keys, two at once past it.
 */
export async function readSubmitState<A extends KeyTree>(
  kv: Deno.Kv,
  q: SubmitStateQuery,
  alongside: A,
): Promise<SubmitRead<A>> {
  return submitReadOf(q, await readMany(kv, submitReadKeys(q, alongside)));
}
