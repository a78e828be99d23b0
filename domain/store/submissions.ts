/**
 * Form submissions, the per-IP rate-limit block guard, the cross-site content
 * markers and the per-site abuse tallies. Fields are stored as the exact JSON
 * text that was received (re-serialised from the parsed body), packed inline or
 * as a blob when large.
 */
import { keys } from "./keys.ts";
import { listByIndex } from "./kv.ts";
import type { Packed } from "./blob.ts";

export type Classification = "legitimate" | "suspicious" | "spam";

export type SubmissionVisitor = {
  ip: string | null;
  user_agent: string | null;
  referrer: string | null;
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
  spam_reasons: { rule: string; points: number }[];
  /** Addresses the notification went (or would have gone) to. */
  notify_to: string[];
  /** Counted toward the account's monthly form limit. */
  counted: boolean;
  /** Result of the notification; null until known (and for spam). */
  email_sent: boolean | null;
  created_at: string;
};

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

/** Records the outcome of the notification on the stored submission. */
export async function setSubmissionEmailSent(
  kv: Deno.Kv,
  id: string,
  emailSent: boolean,
): Promise<void> {
  const r = await kv.get<Submission>(keys.submission(id));
  if (!r.value) return;
  // Best effort: a concurrent writer would only be another outcome update.
  await kv.atomic().check(r).set(keys.submission(id), { ...r.value, email_sent: emailSent })
    .commit();
}

/** Submissions of a site, newest first. */
export function listSubmissionsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<Submission[]> {
  return listByIndex<Submission>(kv, keys.submissionsBySite(siteId), keys.submission, {
    reverse: true,
    limit,
  });
}

// --- recent content markers (cross-site duplicate rule) -------------------------

export type ContentMark = { site_id: string; at: number };

export function contentMarkKey(hash: string): Deno.KvKey {
  return keys.formContentHash(hash);
}

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

// --- per-site abuse tallies ------------------------------------------------------------

export function abuseKeys(siteId: string, bucket: number): [Deno.KvKey, Deno.KvKey] {
  return [keys.formAbuse(siteId, bucket, "abusive"), keys.formAbuse(siteId, bucket, "all")];
}
