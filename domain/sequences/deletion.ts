/** Deleting enrollments (a deleted site's, or a person's). */
import type { Ctx } from "../kernel/context.ts";
import {
  deleteEnrollments,
  type Enrollment,
  findEnrollmentsOf,
  sweepEnrollmentsOfSite,
  sweepSequencesOfAccount,
} from "./store.ts";

/** One batch of deleting a deleted site's enrollments; 0 when done. */
export function sweepSiteEnrollments(ctx: Ctx, siteId: string, limit: number): Promise<number> {
  return sweepEnrollmentsOfSite(ctx.kv, siteId, limit);
}

/** A site's enrollments of `email`. */
export function enrollmentsOf(ctx: Ctx, siteId: string, email: string): Promise<Enrollment[]> {
  return findEnrollmentsOf(ctx.kv, siteId, email);
}

/** Deletes these enrollments (their later steps then find nothing to send). */
export function eraseEnrollments(ctx: Ctx, es: Enrollment[]): Promise<void> {
  return deleteEnrollments(ctx.kv, es);
}

/** One batch of deleting a deleted account's sequences; 0 when done. */
export function sweepAccountSequences(ctx: Ctx, accountId: string, limit: number): Promise<number> {
  return sweepSequencesOfAccount(ctx.kv, accountId, limit);
}
