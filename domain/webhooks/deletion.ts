/** Deleting a site's webhooks, events and deliveries (site deletion, retention). */
import type { Ctx } from "../kernel/context.ts";
import {
  deleteEvents,
  findEventsOfSite,
  type FoundEvent,
  sweepEventsOfSite,
  sweepWebhooksOfSite,
} from "./deletion_store.ts";
import { mentionsAddress } from "../kernel/address.ts";

export type { FoundEvent };

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

/** A site's stored events (webhook history) whose data names `email`. */
export function eventsNaming(ctx: Ctx, siteId: string, email: string): Promise<FoundEvent[]> {
  return findEventsOfSite(ctx.kv, siteId, (body) => mentionsAddress(body, email));
}

/** Deletes these events with their deliveries. */
export function eraseEvents(ctx: Ctx, found: FoundEvent[]): Promise<void> {
  return deleteEvents(ctx.kv, found);
}
