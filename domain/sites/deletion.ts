/** Deleting a site: the record at once, its keys and leftovers by its sweep (domain/privacy). */
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "./schema.ts";
import { listSitesOfAccount, removeSite, sweepSiteKeys } from "./store.ts";
import { sweepApiKeysOfSite } from "./api_keys_store.ts";

/**
 * Deletes the site record (its keys answer 401 from this commit on) with
 * `also` in the same operation; the site as it was, or null when there is none.
 */
export function deleteSiteRecord(
  ctx: Ctx,
  id: string,
  also: (op: Deno.AtomicOperation, site: Site) => void,
): Promise<Site | null> {
  return removeSite(ctx, id, also);
}

/** One batch of deleting a deleted site's API keys; 0 when done. */
export function sweepSiteApiKeys(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepApiKeysOfSite(ctx.kv, siteId, limit);
}

/** One batch of deleting what is left under a deleted site's prefixes; 0 when done. */
export function sweepSiteLeftovers(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepSiteKeys(ctx.kv, siteId, limit);
}

/** The ids of an account's sites (whether or not the account still exists). */
export async function siteIdsOfAccount(ctx: Ctx, accountId: string): Promise<string[]> {
  return (await listSitesOfAccount(ctx.kv, accountId)).map((s) => s.id);
}
