/**
 * Submission search and filter for the dashboard list. Without a query or a
 * filter it is one page read. With them it reads newest-first in batches and
 * stops at a page of matches or after SCAN_MAX submissions, answering a cursor
 * to go on: a search never reads the whole site in one request.
 */
import type { Ctx } from "../kernel/context.ts";
import { listSubmissionsOfSite, type SubmissionView } from "../forms/views.ts";

export const SCAN_MAX = 1000;
const BATCH = 100;
export const CLASSIFICATIONS = ["legitimate", "suspicious", "spam"] as const;

export type SubmissionQuery = {
  q?: string;
  classification?: string;
  before?: string;
  limit: number;
};

function matches(s: SubmissionView, q: string, classification: string | undefined): boolean {
  if (classification && s.classification !== classification) return false;
  if (!q) return true;
  const text = [s.form_name ?? "", ...Object.entries(s.fields).flat()].join("\n").toLowerCase();
  return text.includes(q);
}

/** A page of matching submissions, and the cursor of the next page (null: no more). */
export async function searchSubmissions(
  ctx: Ctx,
  siteId: string,
  query: SubmissionQuery,
): Promise<{ items: SubmissionView[]; next: string | null }> {
  const q = (query.q ?? "").trim().toLowerCase().slice(0, 200);
  const classification = (CLASSIFICATIONS as readonly string[]).includes(query.classification ?? "")
    ? query.classification
    : undefined;
  if (!q && !classification) {
    const items = await listSubmissionsOfSite(ctx, siteId, {
      limit: query.limit + 1,
      before: query.before,
    });
    const next = items.length > query.limit ? items[query.limit - 1].id : null;
    return { items: items.slice(0, query.limit), next };
  }
  const items: SubmissionView[] = [];
  let before = query.before;
  let scanned = 0;
  while (scanned < SCAN_MAX) {
    const batch = await listSubmissionsOfSite(ctx, siteId, { limit: BATCH, before });
    for (const s of batch) {
      scanned++;
      before = s.id;
      if (matches(s, q, classification)) {
        items.push(s);
        if (items.length === query.limit) return { items, next: s.id };
      }
    }
    if (batch.length < BATCH) return { items, next: null };
  }
  return { items, next: before ?? null };
}
