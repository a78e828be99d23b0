/**
 * The job that retries form mail the relay refused for a while (notifications,
 * auto-replies, released notifications; the rules: domain/mail/retry.ts).
 * Declared here, by the capability that sends that mail, and handed to the
 * mail engine with `retry`: the attempt itself (the mail stack) is loaded when
 * one is due, so the job worker thread starts without it (as sequences do).
 */
import { z } from "zod";
import { defineJob } from "../kernel/jobs.ts";

const attempt = () => import("../mail/retry_attempt.ts");

const RetryPayload = z.object({ site_id: z.string(), log_id: z.string() });

/** `kind` is stored: never rename it. */
export const formMailRetryJob = defineJob(
  "mail_retry",
  RetryPayload,
  async (ctx, run) => (await attempt()).runAttempt(ctx, run),
  // Above the SMTP pool's longest hand-off (connect, greeting and DATA timeouts).
  { leaseMs: 5 * 60_000 },
);
