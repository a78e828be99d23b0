/**
 * Hands the notification and the auto-reply of a stored submission to the mail
 * engine. Integration point with the mail capability.
 */
import type { Ctx } from "../context.ts";
import type { Site } from "../store/sites.ts";
import type { Submission } from "../store/submissions.ts";
import type { SubmitInput } from "./schema.ts";

export function sendSubmissionMails(
  ctx: Ctx,
  site: Site,
  _input: SubmitInput,
  submission: Submission,
): Promise<boolean> {
  ctx.log.warn("mail engine not integrated yet", { site_id: site.id, id: submission.id });
  return Promise.resolve(false);
}
