/** The job kinds this service runs, and their handlers. */
import type { JobHandler } from "../domain/kernel/jobs.ts";
import { SEQUENCE_RESUME_JOB, SEQUENCE_STEP_JOB } from "../domain/sequences/sequences.ts";
import { runSequenceResume, runSequenceStep } from "../domain/sequences/steps.ts";
import type { HandlerEntry } from "../domain/kernel/job_runner.ts";
import { WEBHOOK_TIMEOUT_MS } from "../domain/webhooks/delivery.ts";
import { WEBHOOK_DELIVERY_JOB } from "../domain/webhooks/events.ts";
import { deliverWebhook } from "../domain/webhooks/delivery_job.ts";

export function jobHandlers(): Record<string, JobHandler | HandlerEntry> {
  return {
    // webhooks
    // One attempt takes at most the timeout; a crashed attempt is retried soon after.
    [WEBHOOK_DELIVERY_JOB]: { handler: deliverWebhook, leaseMs: WEBHOOK_TIMEOUT_MS + 5_000 },
    // mail

    // forms

    // sequences
    [SEQUENCE_STEP_JOB]: runSequenceStep,
    [SEQUENCE_RESUME_JOB]: runSequenceResume,
    // sending domains
  };
}
