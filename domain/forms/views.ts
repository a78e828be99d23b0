/** The stored submissions as the operator API shows them: fields unpacked. */
import type { Ctx } from "../kernel/context.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import { isUuid } from "../kernel/ids.ts";
import * as store from "./submissions_store.ts";
import { readSite } from "../sites/sites.ts";
import type { Submission, SubmissionMark } from "./submissions_store.ts";
import { deliveryState } from "../mail/retry.ts";
import { filesForEvent } from "./uploads.ts";

/**
 * The record as stored (its original score included), the site owner's mark,
 * if any, and, when "not spam" released its held notification, when, by whom
 * and through which channel (`email_sent` then tells the send's outcome).
 * `notification`: null unless the notification's send failed temporarily;
 * then its retries' state (pending with the next attempt, sent, or failed).
 * `email_sent` stays what the submission was answered.
 * Files (static-site forms) are shown with their signed download links,
 * never their blobs.
 */
export async function submissionView(ctx: Ctx, s: Submission, mark: SubmissionMark | null) {
  const { fields, released, notification_log_id: logId, files, ...rest } = s;
  return {
    ...rest,
    fields: JSON.parse(await unpackText(ctx.kv, fields)) as Record<string, string>,
    mark: mark?.mark ?? null,
    released: released ?? null,
    notification: logId ? await deliveryState(ctx, logId) : null,
    ...(files && { files: filesForEvent(ctx, s, files) }),
  };
}

export type SubmissionView = Awaited<ReturnType<typeof submissionView>>;

/** One submission as the operator sees it, or null. */
export async function readSubmission(ctx: Ctx, id: string): Promise<SubmissionView | null> {
  const s = await store.getSubmission(ctx.kv, id);
  // A deleted site's submissions are gone at once, before its sweep reaches them.
  if (!s || !(await readSite(ctx, s.site_id))) return null;
  return await submissionView(ctx, s, (await store.readSubmissionMark(ctx.kv, id)).value);
}

/**
 * A site's submissions as the operator sees them, newest first, at most
 * `limit`; `before` (a submission id) continues a listing after that one.
 */
export async function listSubmissionsOfSite(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number; before?: string },
): Promise<SubmissionView[]> {
  const before = opts.before && isUuid(opts.before) ? opts.before : undefined;
  const list = await store.listSubmissionsOfSite(ctx.kv, siteId, opts.limit, before);
  const marks = await store.getSubmissionMarks(ctx.kv, list.map((s) => s.id));
  return await Promise.all(list.map((s, i) => submissionView(ctx, s, marks[i])));
}
