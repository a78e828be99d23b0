/** The job kinds this service runs, and their handlers. */
import type { JobHandler } from "../domain/jobs.ts";
import { WEBHOOK_DELIVERY_JOB } from "../domain/events.ts";
import { deliverWebhook } from "./webhook_delivery.ts";

export function jobHandlers(): Record<string, JobHandler> {
  return {
    // webhooks
    [WEBHOOK_DELIVERY_JOB]: deliverWebhook,
    // mail

    // forms

    // sequences

    // sending domains
  };
}
