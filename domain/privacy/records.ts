/** Deleting one stored record by the operator: a submission, an email log record. */
import type { Ctx } from "../kernel/context.ts";
import { deleteEmailLogRecord } from "../mail/deletion.ts";
import { deleteReportsOfMessage } from "../inbound/reports.ts";

export { deleteSubmission } from "../forms/deletion.ts";

/** Deletes an email log record with its delivery reports; false when there is none. */
export async function deleteEmail(ctx: Ctx, id: string, by: string): Promise<boolean> {
  const siteId = await deleteEmailLogRecord(ctx, id);
  if (siteId === null) return false;
  await deleteReportsOfMessage(ctx, id);
  ctx.log.info("audit: deleted", { kind: "email", id, site_id: siteId, by });
  return true;
}
