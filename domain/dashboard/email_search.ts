/**
 * Email log search and filter for the dashboard, like submissions (search.ts):
 * without a query or a status it is one page read by cursor (the id of the
 * last row shown); with them it reads newest-first in batches and stops at a
 * page of matches or after SCAN_MAX records, answering a cursor to go on.
 * Opens and clicks are read only for the rows shown.
 */
import type { Ctx } from "../kernel/context.ts";
import {
  EMAIL_LOG_STATUSES,
  type EmailLogItem,
  type EmailLogView,
  listEmailLogViews,
  withEngagement,
} from "../mail/email_log.ts";
import { SCAN_MAX } from "./search.ts";

const BATCH = 100;
export { EMAIL_LOG_STATUSES };

export type EmailLogQuery = { q?: string; status?: string; before?: string; limit: number };

function matches(v: EmailLogView, q: string, status: string | undefined): boolean {
  if (status && v.status !== status) return false;
  if (!q) return true;
  return [v.subject, v.source, ...v.to, ...v.cc, ...v.bcc].join("\n").toLowerCase().includes(q);
}

export async function searchEmailLog(
  ctx: Ctx,
  siteId: string,
  query: EmailLogQuery,
): Promise<{ items: EmailLogItem[]; next: string | null }> {
  const q = (query.q ?? "").trim().toLowerCase().slice(0, 200);
  const status = (EMAIL_LOG_STATUSES as readonly string[]).includes(query.status ?? "")
    ? query.status
    : undefined;
  if (!q && !status) {
    const views = await listEmailLogViews(ctx, siteId, {
      limit: query.limit + 1,
      before: query.before,
    });
    const next = views.length > query.limit ? views[query.limit - 1].id : null;
    return { items: await withEngagement(ctx, views.slice(0, query.limit)), next };
  }
  const found: EmailLogView[] = [];
  let before = query.before;
  let scanned = 0;
  while (scanned < SCAN_MAX) {
    const batch = await listEmailLogViews(ctx, siteId, { limit: BATCH, before });
    for (const v of batch) {
      scanned++;
      before = v.id;
      if (matches(v, q, status)) {
        found.push(v);
        if (found.length === query.limit) {
          return { items: await withEngagement(ctx, found), next: v.id };
        }
      }
    }
    if (batch.length < BATCH) return { items: await withEngagement(ctx, found), next: null };
  }
  return { items: await withEngagement(ctx, found), next: before ?? null };
}
