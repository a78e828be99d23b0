/** Deleting enrollments (a deleted site's, or a person's). */
import type { Ctx } from "../kernel/context.ts";
import { sweepEnrollmentsOfSite } from "./store.ts";

/** One batch of deleting a deleted site's enrollments; 0 when done. */
export function sweepSiteEnrollments(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepEnrollmentsOfSite(ctx.kv, siteId, limit);
}
