/**
 * The operator's view of delivery reports: what DSNs and feedback reports said
 * about each recipient (delivered, delayed, bounced, complained; time, status,
 * detail, whether it suppressed the address), per message of the email log,
 * per site, or all of them (unmatched ones included), newest first.
 */
import type { Ctx } from "../kernel/context.ts";
import { readSite } from "../sites/sites.ts";
import {
  deleteReports,
  type DeliveryReport,
  findReportsAbout,
  getReport,
  listReports,
  listReportsOfLog,
  listReportsOfSite,
  sweepReportsOfSite,
} from "./store.ts";

export type { DeliveryReport };
export { REPORT_TYPES } from "./store.ts";

/** Reports shown with each email log record. */
export const REPORTS_PER_MESSAGE = 10;

export function reportsOfMessage(
  ctx: Ctx,
  logId: string,
  limit = REPORTS_PER_MESSAGE,
): Promise<DeliveryReport[]> {
  return listReportsOfLog(ctx.kv, logId, limit);
}

/** Null when there is no such site. */
export async function reportsOfSite(
  ctx: Ctx,
  siteId: string,
  limit: number,
): Promise<DeliveryReport[] | null> {
  if (!(await readSite(ctx, siteId))) return null;
  return await listReportsOfSite(ctx.kv, siteId, limit);
}

export function allReports(ctx: Ctx, limit: number): Promise<DeliveryReport[]> {
  return listReports(ctx.kv, limit);
}

export function readReport(ctx: Ctx, id: string): Promise<DeliveryReport | null> {
  return getReport(ctx.kv, id);
}

/** Deletes the reports of one email log record (deleting the record, or erasing a person). */
export async function deleteReportsOfMessage(ctx: Ctx, logId: string): Promise<number> {
  let n = 0;
  for (;;) {
    const batch = await listReportsOfLog(ctx.kv, logId, 200);
    if (batch.length === 0) return n;
    await deleteReports(ctx.kv, batch);
    n += batch.length;
  }
}

/** One batch of deleting a site's reports (with `before`, ms: older only); 0 when done. */
export function sweepSiteReports(
  ctx: Ctx,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  return sweepReportsOfSite(ctx.kv, siteId, limit, before);
}

/** A site's delivery reports about `email`. */
export function reportsAbout(ctx: Ctx, siteId: string, email: string): Promise<DeliveryReport[]> {
  return findReportsAbout(ctx.kv, siteId, email);
}

/** Deletes these reports with their index copies. */
export function eraseReports(ctx: Ctx, reports: DeliveryReport[]): Promise<void> {
  return deleteReports(ctx.kv, reports);
}
