/** Deleting a site's webhooks, events and deliveries (site deletion, retention). */
import type { Ctx } from "../kernel/context.ts";
import { sweepEventsOfSite, sweepWebhooksOfSite } from "./deletion_store.ts";

/** One batch of deleting a site's events and their deliveries (`before`, ms: older only). */
export function sweepSiteEvents(
  ctx: Ctx,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  return sweepEventsOfSite(ctx.kv, siteId, limit, before);
}

/** One batch of deleting a deleted site's webhooks with their deliveries; 0 when done. */
export function sweepSiteWebhooks(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepWebhooksOfSite(ctx.kv, siteId, limit);
}
