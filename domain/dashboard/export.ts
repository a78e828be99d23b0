/**
 * CSV export of a site's submissions, streamed: read in pages of 200 by cursor
 * and written out as they come, so memory does not grow with the site.
 * Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a
 * leading apostrophe.
 */
import type { Ctx } from "../kernel/context.ts";
import { listSubmissionsOfSite, type SubmissionView } from "../forms/views.ts";

const BATCH = 200;
const HEADER = ["id", "created_at", "form", "classification", "spam_score", "notified", "fields"];

export function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function row(s: SubmissionView): string {
  return [
    s.id,
    s.created_at,
    s.form_name ?? String(s.form_id),
    s.classification,
    String(s.spam_score),
    s.email_sent === null ? "" : String(s.email_sent),
    JSON.stringify(s.fields),
  ].map(csvCell).join(",") + "\r\n";
}

/** The CSV lines, newest submission first. */
export async function* submissionsCsv(ctx: Ctx, siteId: string): AsyncGenerator<string> {
  yield HEADER.join(",") + "\r\n";
  let before: string | undefined;
  for (;;) {
    const page = await listSubmissionsOfSite(ctx, siteId, { limit: BATCH, before });
    for (const s of page) yield row(s);
    if (page.length < BATCH) return;
    before = page[page.length - 1].id;
  }
}
