/** The job kinds this service runs, and their handlers. */
import type { JobHandler } from "../domain/jobs.ts";

export function jobHandlers(): Record<string, JobHandler> {
  return {
    // webhooks

    // mail

    // forms

    // sequences

    // sending domains
  };
}
