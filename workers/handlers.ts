/** The job kinds this service runs; each is declared in its capability with defineJob. */
import type { JobKind } from "../domain/kernel/jobs.ts";
import { webhookDeliveryJob, webhookFanoutJob } from "../domain/webhooks/delivery_job.ts";
import { sequenceResumeJob, sequenceStepJob } from "../domain/sequences/steps.ts";
import { siteDisabledNoticeJob } from "../domain/blocks/disable_notice.ts";
import { formMailRetryJob } from "../domain/forms/mail_retry_job.ts";
import { webhookRecoverJob } from "../domain/webhooks/recover.ts";
import { siteSweepJob } from "../domain/privacy/site_deletion.ts";
import { accountSweepJob } from "../domain/privacy/account_deletion.ts";

export const jobs: readonly JobKind[] = [
  webhookDeliveryJob,
  webhookFanoutJob,
  sequenceStepJob,
  sequenceResumeJob,
  siteDisabledNoticeJob,
  formMailRetryJob,
  webhookRecoverJob,
  siteSweepJob,
  accountSweepJob,
];
