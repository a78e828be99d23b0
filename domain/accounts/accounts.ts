/** Operator actions and reads on accounts. */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { str } from "../kernel/validation.ts";
import * as store from "./store.ts";
import type { Account } from "./store.ts";

export type { Account } from "./store.ts";

const limit = z.number().int().min(0).nullable();

export const AccountCreate = z.object({
  name: str(200, 1),
  monthly_email_limit: limit.default(null),
  monthly_form_limit: limit.default(null),
});
// Written out rather than AccountCreate.partial(): zod keeps the defaults of a
// partial schema, so a PATCH that omits a limit would reset it to null.
export const AccountPatch = z.object({
  name: str(200, 1),
  monthly_email_limit: limit,
  monthly_form_limit: limit,
}).partial();

export function newAccount(ctx: Ctx, input: z.output<typeof AccountCreate>): Promise<Account> {
  const now = isoTime(ctx.clock.now());
  return store.createAccount(ctx.kv, {
    id: uuidv7(ctx.clock.now()),
    name: input.name,
    monthly_email_limit: input.monthly_email_limit,
    monthly_form_limit: input.monthly_form_limit,
    created_at: now,
    updated_at: now,
  });
}

export function patchAccount(
  ctx: Ctx,
  id: string,
  input: z.output<typeof AccountPatch>,
): Promise<Account | null> {
  return store.updateAccount(ctx.kv, id, (a) => ({
    ...a,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    updated_at: isoTime(ctx.clock.now()),
  }));
}

/** The account with this id, or null. */
export function readAccount(ctx: Ctx, id: string): Promise<Account | null> {
  return store.getAccount(ctx.kv, id);
}

/** The newest accounts first, at most `limit`. */
export function listAccounts(ctx: Ctx, opts: { limit: number }): Promise<Account[]> {
  return store.listAccounts(ctx.kv, opts.limit);
}
