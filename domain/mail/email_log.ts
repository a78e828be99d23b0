/**
 * The operator's reads of the email log: a site's latest records with their
 * open and click counts, and the site's running totals (email-stats). Nothing
 * here is on a send path.
 */
import type { Ctx } from "../kernel/context.ts";
import { readTotal } from "../kernel/kv/counters.ts";
import { isUuid } from "../kernel/ids.ts";
import {
  type EmailLogRecord,
  type EmailLogView,
  getEmailLog,
  getEmailLogMarks,
  listEmailLogOfSite,
  viewEmailLog,
} from "./email_log_store.ts";
import { siteLogTotal, TOTALS } from "./send.ts";
import { readSite } from "../sites/sites.ts";

// The log's statuses and record shape, for other capabilities' readings of the log.
export { EMAIL_LOG_STATUSES } from "./email_log_store.ts";
export type { EmailLogRecord, EmailLogView };

/** A record as the operator and the dashboard see it, with the site owner's mark (or null). */
export type EmailLogItem = EmailLogView & {
  opens: number;
  clicks: number;
  mark: "spam" | "ham" | null;
};

export type EmailStats = { logged: number; sent: number; opens: number; clicks: number };

/**
 * A site's log records, newest first, at most `limit` (older than the log id
 * `before` when given: a cursor), with each message's opens and clicks.
 */
export async function listEmailLog(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number; before?: string },
): Promise<EmailLogItem[]> {
  return await withEngagement(ctx, await listEmailLogViews(ctx, siteId, opts));
}

/** Like listEmailLog without the opens and clicks (a search reads many, shows few). */
export async function listEmailLogViews(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number; before?: string },
): Promise<EmailLogView[]> {
  const records = await listEmailLogOfSite(ctx.kv, siteId, opts.limit, opts.before);
  return await Promise.all(records.map((rec) => viewEmailLog(ctx.kv, rec)));
}

/** Each record with its message's opens and clicks, and the site owner's mark. */
export async function withEngagement(ctx: Ctx, views: EmailLogView[]): Promise<EmailLogItem[]> {
  const marks = await getEmailLogMarks(ctx.kv, views.map((v) => v.id));
  return await Promise.all(views.map(async (v, i) => ({
    ...v,
    opens: await readTotal(ctx.kv, TOTALS.messageOpens, v.id),
    clicks: await readTotal(ctx.kv, TOTALS.messageClicks, v.id),
    mark: marks[i]?.mark ?? null,
  })));
}

/** One record as the operator sees it, or null (`siteId`: null unless it is that site's). */
export async function readEmailLogItem(
  ctx: Ctx,
  id: string,
  siteId?: string,
): Promise<EmailLogItem | null> {
  if (!isUuid(id)) return null;
  const r = await getEmailLog(ctx.kv, id);
  if (!r || (siteId !== undefined && r.site_id !== siteId)) return null;
  // A deleted site's records are gone at once, before its sweep reaches them.
  if (siteId === undefined && !(await readSite(ctx, r.site_id))) return null;
  return (await withEngagement(ctx, [await viewEmailLog(ctx.kv, r)]))[0];
}

/** Whether a log record with this id exists (any site). */
export async function emailLogExists(ctx: Ctx, id: string): Promise<boolean> {
  return (await getEmailLog(ctx.kv, id)) !== null;
}

/** A site's totals: log entries ever, emails sent, opens and clicks (a click counts as an open). */
export async function emailStats(ctx: Ctx, siteId: string): Promise<EmailStats> {
  const [logged, sent, opens, clicks] = await Promise.all([
    siteLogTotal(ctx, siteId),
    ...[TOTALS.sent, TOTALS.opens, TOTALS.clicks].map((n) => readTotal(ctx.kv, n, siteId)),
  ]);
  return { logged, sent, opens, clicks };
}

/** A log record as stored, or null: for the capabilities that act on a sent message. */
export function readEmailLogRecord(ctx: Ctx, id: string): Promise<EmailLogRecord | null> {
  return getEmailLog(ctx.kv, id);
}

/** A stored record with its recipients unpacked. */
export function emailLogView(ctx: Ctx, r: EmailLogRecord): Promise<EmailLogView> {
  return viewEmailLog(ctx.kv, r);
}
