/**
 * "Only one instance does this now": a named lease in KV (lease_store.ts) for
 * work that every instance is triggered to do, like a cron that Deno runs in
 * each process, thread and Deploy isolate.
 */
import type { Ctx } from "./context.ts";
import { takeLease } from "./lease_store.ts";

/**
 * Runs `fn` if this instance takes the lease `name` for `ms`; returns whether
 * it ran. The lease is not given back: it covers the cron's whole period, so a
 * second instance woken by the same tick finds it held and does nothing.
 */
export async function runOnce(
  ctx: Ctx,
  name: string,
  ms: number,
  fn: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await takeLease(ctx.kv, name, ctx.instanceId, ctx.clock.now(), ms))) {
    ctx.log.debug("lease held by another instance", { lease: name });
    return false;
  }
  await fn();
  return true;
}
