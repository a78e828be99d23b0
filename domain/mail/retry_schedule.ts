/**
 * The retry schedule of kept mail (retry.ts) and what the attempts share:
 * the log record of a message waiting for its next attempt, and the job kind
 * its sender hands in (declared in the sender's capability, whose job worker
 * then starts without the mail stack: domain/forms/mail_retry_job.ts).
 */
import type { z } from "zod";
import { isoTime } from "../kernel/clock.ts";
import type { JobKind } from "../kernel/jobs.ts";
import type { EmailLogRecord } from "./email_log_store.ts";

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
/** The wait after each failed attempt (see the top of this file and docs/operations.md). */
export const RETRY_DELAYS_MS: readonly number[] = [
  30 * S,
  1 * M,
  2 * M,
  5 * M,
  10 * M,
  20 * M,
  30 * M,
  1 * H,
  2 * H,
  4 * H,
  4 * H,
  4 * H,
  4 * H,
  4 * H,
];
/** Attempts in all, the first send included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The payload of a retry job: the kept message's site and log id. */
export type RetryJobKind = JobKind<
  z.ZodObject<{ site_id: z.ZodString; log_id: z.ZodString }>
>;

/** The log record of a message that waits for attempt `attempts + 1` at `at`. */
export function pendingRecord(
  rec: EmailLogRecord,
  error: string,
  attempts: number,
  at: number,
  now: number,
): EmailLogRecord {
  return {
    ...rec,
    status: "sending",
    reason: "retry_pending",
    error,
    retry: { attempts, next_at: isoTime(at) },
    updated_at: isoTime(now),
  };
}
