/**
 * Retention: a site's submissions, email log records, delivery reports and
 * webhook events with their deliveries are removed once older than its
 * `retention_days` (or the service's SVC_RETENTION_DAYS). The hourly sweep
 * (workers/retention.ts) removes them, oldest first, each record with its
 * indexes and blobs in one operation. Counters and monthly usage stay: they
 * are not personal data.
 */
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "../sites/schema.ts";
import { listSites } from "../sites/sites.ts";
import { sweepSiteSubmissions } from "../forms/deletion.ts";
import { sweepSiteEmailLog } from "../mail/deletion.ts";
import { sweepSiteReports } from "../inbound/reports.ts";
import { sweepSiteEvents } from "../webhooks/deletion.ts";

const DAY_MS = 86_400_000;
const BATCH = 200;

/** Days a site's records are kept, or null: kept. */
export function retentionDays(ctx: Ctx, site: Site): number | null {
  return site.retention_days ?? ctx.config.SVC_RETENTION_DAYS ?? null;
}

type Sweep = (ctx: Ctx, siteId: string, limit: number, before: number) => Promise<number>;

const SWEEPS: readonly Sweep[] = [
  sweepSiteSubmissions,
  async (ctx, id, limit, before) => (await sweepSiteEmailLog(ctx, id, limit, before)).length,
  sweepSiteReports,
  sweepSiteEvents,
];

/** Removes every site's records past its retention; returns how many went. */
export async function sweepRetention(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  let removed = 0;
  for (const site of await listSites(ctx, { limit: 1_000_000 })) {
    const days = retentionDays(ctx, site);
    if (days === null) continue;
    const before = now - days * DAY_MS;
    for (const sweep of SWEEPS) {
      for (let n; (n = await sweep(ctx, site.id, BATCH, before)) > 0;) removed += n;
    }
  }
  if (removed > 0) ctx.log.info("retention: removed old records", { removed });
  return removed;
}
