/** Deleting stored submissions: one by the operator, a site's all, or those past retention. */
import type { Ctx } from "../kernel/context.ts";
import * as store from "./submissions_store.ts";
import * as sweep from "./submissions_sweep_store.ts";
import { sweepFormsOfAccount } from "./hosted_store.ts";
import { sweepFormEndpointsOfSite } from "./endpoints_store.ts";
import type { Submission } from "./submissions_store.ts";
import { mentionsAddress } from "../kernel/address.ts";

/** Deletes one submission with everything it owns; false when there is none. */
export async function deleteSubmission(ctx: Ctx, id: string, by: string): Promise<boolean> {
  const s = await store.getSubmission(ctx.kv, id);
  if (!s) return false;
  await sweep.deleteSubmissions(ctx.kv, [s]);
  ctx.log.info("audit: deleted", { kind: "submission", id, site_id: s.site_id, by });
  return true;
}

/**
 * One batch (up to `limit`) of deleting a site's submissions, oldest first;
 * with `before` (ms) only older ones. Returns how many went (0: done).
 */
export function sweepSiteSubmissions(
  ctx: Ctx,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  return sweep.sweepSubmissionsOfSite(ctx.kv, siteId, limit, before);
}

/** One batch of deleting a deleted site's static-form endpoints; how many went (0: done). */
export function sweepSiteFormEndpoints(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepFormEndpointsOfSite(ctx.kv, siteId, limit);
}

/** A site's submissions that name `email` in any field (the submitter's included). */
export function submissionsNaming(ctx: Ctx, siteId: string, email: string): Promise<Submission[]> {
  return sweep.findSubmissionsOfSite(ctx.kv, siteId, (json) => mentionsAddress(json, email));
}

/** Deletes these submissions with everything they own. */
export function eraseSubmissions(ctx: Ctx, subs: Submission[]): Promise<void> {
  return sweep.deleteSubmissions(ctx.kv, subs);
}

/** One batch of deleting a deleted account's hosted forms; 0 when done. */
export function sweepAccountForms(ctx: Ctx, accountId: string, limit: number): Promise<number> {
  return sweepFormsOfAccount(ctx.kv, accountId, limit);
}
