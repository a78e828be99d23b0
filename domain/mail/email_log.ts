/**
 * The operator's reads of the email log: a site's latest records with their
 * open and click counts, and the site's running totals (email-stats). Nothing
 * here is on a send path.
 */
import type { Ctx } from "../kernel/context.ts";
import { readTotal } from "../kernel/kv/counters.ts";
import { type EmailLogView, listEmailLogOfSite, viewEmailLog } from "./email_log_store.ts";
import { siteLogTotal, TOTALS } from "./send.ts";

export type EmailLogItem = EmailLogView & { opens: number; clicks: number };

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

/** Each record with its message's opens and clicks. */
export function withEngagement(ctx: Ctx, views: EmailLogView[]): Promise<EmailLogItem[]> {
  return Promise.all(views.map(async (v) => ({
    ...v,
    opens: await readTotal(ctx.kv, TOTALS.messageOpens, v.id),
    clicks: await readTotal(ctx.kv, TOTALS.messageClicks, v.id),
  })));
}

/** A site's totals: log entries ever, emails sent, opens and clicks (a click counts as an open). */
export async function emailStats(ctx: Ctx, siteId: string): Promise<EmailStats> {
  const [logged, sent, opens, clicks] = await Promise.all([
    siteLogTotal(ctx, siteId),
    ...[TOTALS.sent, TOTALS.opens, TOTALS.clicks].map((n) => readTotal(ctx.kv, n, siteId)),
  ]);
  return { logged, sent, opens, clicks };
}
