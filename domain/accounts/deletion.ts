/** Deleting an account: the record at once, its leftovers by its sweep (domain/privacy). */
import type { Ctx } from "../kernel/context.ts";
import { type Account, removeAccount, sweepAccountKeys } from "./store.ts";

/** Deletes the account record with `also` in one operation; null when there is none. */
export function deleteAccountRecord(
  ctx: Ctx,
  id: string,
  also: (op: Deno.AtomicOperation) => void,
): Promise<Account | null> {
  return removeAccount(ctx.kv, id, also);
}

/** One batch of deleting what is left under a deleted account's prefixes; 0 when done. */
export function sweepAccountLeftovers(ctx: Ctx, accountId: string, limit: number): Promise<number> {
  return sweepAccountKeys(ctx.kv, accountId, limit);
}
