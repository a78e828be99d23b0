/** Deleting the IP blocks a deleted site started (they hold visitors' IPs). */
import type { Ctx } from "../kernel/context.ts";
import { sweepBlocksOfSite } from "./store.ts";

/** One batch of deleting the blocks a deleted site started; 0 when done. */
export function sweepSiteBlocks(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepBlocksOfSite(ctx.kv, siteId, limit);
}
