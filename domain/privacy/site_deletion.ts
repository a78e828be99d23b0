/**
 * Deleting a site and everything it owns. The operator's call deletes the site
 * record and schedules the sweep in one atomic operation, so from its answer
 * on the site, its keys and its records are gone to every read (they all go
 * through the site), and the sweep job is durable: after a crash it runs again
 * from the phase it had reached. Each phase deletes in batches, every record
 * with its indexes and blobs in one operation, so nothing is left half deleted;
 * the last phase empties whatever is left under the site's key prefixes
 * (keys.siteKeyPrefixes), so a collection kept per site is swept without a
 * phase of its own.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { defineJob, schedule } from "../kernel/jobs.ts";
import { deleteSiteRecord, sweepSiteApiKeys, sweepSiteLeftovers } from "../sites/deletion.ts";
import type { Site } from "../sites/schema.ts";
import { sweepSiteFormEndpoints, sweepSiteSubmissions } from "../forms/deletion.ts";
import { sweepSiteReports } from "../inbound/reports.ts";
import { sweepSiteEvents, sweepSiteWebhooks } from "../webhooks/deletion.ts";
import { sweepSiteEnrollments } from "../sequences/deletion.ts";
import { sweepSiteBlocks } from "../blocks/deletion.ts";
import {
  listSendingDomainsOfSite,
  removeSendingDomain,
} from "../sending_domains/sending_domains.ts";

/** The mail capability's deletions, loaded by the first sweep: job threads start without mail code. */
const mail = () => import("../mail/deletion.ts");
/** The inbound domains' use cases (they reach mail code), loaded the same way. */
const inbound = () => import("../inbound/domains.ts");

/** Records per batch: one listing and a few atomic operations. */
const BATCH = 200;
/** A run ends (and reschedules itself) after this long, so a crash loses little. */
const RUN_MS = 1_000;

type Phase = (ctx: Ctx, siteId: string) => Promise<number>;

/** The sweep, in order; each returns how much it did in one batch (0: this phase is done). */
const PHASES: readonly Phase[] = [
  (ctx, id) => sweepSiteApiKeys(ctx, id, BATCH),
  (ctx, id) => sweepSiteSubmissions(ctx, id, BATCH),
  (ctx, id) => sweepSiteFormEndpoints(ctx, id, BATCH),
  async (ctx, id) => (await (await mail()).sweepSiteEmailLog(ctx, id, BATCH)).length,
  (ctx, id) => sweepSiteReports(ctx, id, BATCH),
  (ctx, id) => sweepSiteEvents(ctx, id, BATCH),
  (ctx, id) => sweepSiteWebhooks(ctx, id, BATCH),
  (ctx, id) => sweepSiteEnrollments(ctx, id, BATCH),
  async (ctx, id) => {
    const ds = await listSendingDomainsOfSite(ctx, id);
    for (const d of ds) await removeSendingDomain(ctx, d.id);
    return ds.length;
  },
  async (ctx, id) => {
    const { listInboundDomainViews, removeInboundDomain } = await inbound();
    const ds = (await listInboundDomainViews(ctx, 10_000)).filter((d) => d.site_id === id);
    for (const d of ds) await removeInboundDomain(ctx, d.id);
    return ds.length;
  },
  (ctx, id) => sweepSiteBlocks(ctx, id, BATCH),
  async (ctx, id) => {
    await (await mail()).deleteSiteMailCountersOf(ctx, id);
    return 0;
  },
  (ctx, id) => sweepSiteLeftovers(ctx, id, BATCH),
];

export const siteSweepJob = defineJob(
  "site.sweep",
  z.object({ site_id: z.string(), phase: z.number().int().min(0) }),
  async (ctx, run) => {
    const { site_id } = run.payload;
    let phase = run.payload.phase;
    const until = performance.now() + RUN_MS;
    while (phase < PHASES.length) {
      if ((await PHASES[phase](ctx, site_id)) === 0) phase++;
      if (phase < PHASES.length && performance.now() > until) {
        await run.reschedule(ctx.kv.atomic(), ctx.clock.now(), { site_id, phase }).commit();
        return;
      }
    }
    await run.finish(ctx.kv.atomic()).commit();
    ctx.log.info("site deleted: sweep done", { site_id });
  },
  // A run takes about RUN_MS; after a crash the sweep goes on this soon.
  { leaseMs: 10_000 },
);

/**
 * Deletes a site: gone at once, its parts swept by a durable job. Returns the
 * site as it was, or null when there is none.
 */
export async function deleteSite(ctx: Ctx, id: string, by: string): Promise<Site | null> {
  const site = await deleteSiteRecord(ctx, id, (op) => {
    schedule(ctx, op, {
      job: siteSweepJob,
      payload: { site_id: id, phase: 0 },
      runAt: ctx.clock.now(),
    });
  });
  if (site) ctx.log.info("audit: deleted", { kind: "site", id, by });
  return site;
}
