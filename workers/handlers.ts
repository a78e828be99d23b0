/** The job kinds this service runs, and their handlers. */
import type { JobHandler } from "../domain/jobs.ts";
import type { HandlerEntry } from "./job_runner.ts";
import { WEBHOOK_TIMEOUT_MS } from "../domain/webhook_delivery.ts";
import { WEBHOOK_DELIVERY_JOB } from "../domain/events.ts";
import { deliverWebhook } from "./webhook_delivery.ts";

export function jobHandlers(): Record<string, JobHandler | HandlerEntry> {
  return {
    // webhooks
    // One attempt takes at most the timeout; a crashed attempt is retried soon after.
    [WEBHOOK_DELIVERY_JOB]: { handler: deliverWebhook, leaseMs: WEBHOOK_TIMEOUT_MS + 5_000 },
    // mail

    // forms

    // sequences

    // sending domains
  };
}
