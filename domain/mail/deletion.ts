/** Deleting email log records: one by the operator, a site's all, or those past retention. */
import type { Ctx } from "../kernel/context.ts";
import { isUuid } from "../kernel/ids.ts";
import {
  DELETED_LOG_TOTAL,
  deleteEmailLogs,
  deleteSiteMailCounters,
  type EmailLogRecord,
  findEmailLogsTo,
  getEmailLog,
  sweepEmailLogOfSite,
} from "./email_log_store.ts";
import { LOG_WINDOW, TOTALS } from "./reservation.ts";
import { sweepTemplatesOfAccount } from "./templates_store.ts";
import { deleteRetriesOf } from "./retry_store.ts";

/** Deletes one log record with what it owns; its site id, or null when there is none. */
export async function deleteEmailLogRecord(ctx: Ctx, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const r = await getEmailLog(ctx.kv, id);
  if (!r) return null;
  await deleteEmailLogs(ctx.kv, [r]);
  await deleteRetriesOf(ctx.kv, r.site_id, [r.id]);
  return r.site_id;
}

/**
 * One batch (up to `limit`) of deleting a site's log records, oldest first;
 * with `before` (ms) only older ones. Returns the ids that went (empty: done).
 */
export async function sweepSiteEmailLog(
  ctx: Ctx,
  siteId: string,
  limit: number,
  before?: number,
): Promise<string[]> {
  const ids = await sweepEmailLogOfSite(ctx.kv, siteId, limit, before);
  // A message kept for retries goes with its record (it holds the recipient and the body).
  await deleteRetriesOf(ctx.kv, siteId, ids);
  return ids;
}

/** Deletes a deleted site's mail totals and send window (its log records are gone first). */
export async function deleteSiteMailCountersOf(ctx: Ctx, siteId: string): Promise<void> {
  const site = [TOTALS.log, TOTALS.sent, TOTALS.opens, TOTALS.clicks, DELETED_LOG_TOTAL];
  await deleteSiteMailCounters(ctx.kv, siteId, site, [LOG_WINDOW]);
}

/** A site's log records addressed to `email`. */
export function emailsTo(ctx: Ctx, siteId: string, email: string): Promise<EmailLogRecord[]> {
  return findEmailLogsTo(ctx.kv, siteId, email);
}

/** Deletes these log records with what they own (counted: the log totals stay). */
export async function eraseEmails(ctx: Ctx, records: EmailLogRecord[]): Promise<void> {
  await deleteEmailLogs(ctx.kv, records);
  for (const r of records) await deleteRetriesOf(ctx.kv, r.site_id, [r.id]);
}

/** One batch of deleting a deleted account's templates; 0 when done. */
export function sweepAccountTemplates(ctx: Ctx, accountId: string, limit: number): Promise<number> {
  return sweepTemplatesOfAccount(ctx.kv, accountId, limit);
}
