/** The job kinds this service runs, and their handlers. */
import type { JobHandler } from "../domain/jobs.ts";
import { SEQUENCE_RESUME_JOB, SEQUENCE_STEP_JOB } from "../domain/sequences.ts";
import { runSequenceResume, runSequenceStep } from "./sequence_steps.ts";

export function jobHandlers(): Record<string, JobHandler> {
  return {
    // webhooks

    // mail

    // forms

    // sequences
    [SEQUENCE_STEP_JOB]: runSequenceStep,
    [SEQUENCE_RESUME_JOB]: runSequenceResume,
    // sending domains
  };
}
