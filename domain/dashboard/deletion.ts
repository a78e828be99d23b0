/** Deleting a deleted account's dashboard users and invitations. */
import type { Ctx } from "../kernel/context.ts";
import { sweepUsersOfAccount } from "./store.ts";

/** One batch of deleting a deleted account's users, then invitations; 0 when done. */
export function sweepAccountUsers(ctx: Ctx, accountId: string, limit: number): Promise<number> {
  return sweepUsersOfAccount(ctx.kv, accountId, limit);
}
