/**
 * The hourly sending-domain check as a cron (the check itself:
 * domain/sending_domains/hourly_check.ts). Started by main.ts; ends with `signal`.
 * Every instance registers the cron (Deno Deploy runs it in one; N processes
 * on one KV file run it in each); a KV lease lets one of them check.
 */
import type { Ctx } from "../domain/kernel/context.ts";
import { checkPendingDomains } from "../domain/sending_domains/hourly_check.ts";
import { runOnce } from "../domain/kernel/leases.ts";

export const DOMAIN_CHECK_CRON = "0 * * * *";
/** Held for most of the hour: instances woken by the same tick find it taken. */
export const DOMAIN_CHECK_LEASE_MS = 50 * 60 * 1000;

/** One cron tick: checks the pending domains if this instance takes the lease. */
export function domainCheckTick(ctx: Ctx): Promise<boolean> {
  return runOnce(ctx, "domain-check", DOMAIN_CHECK_LEASE_MS, () => checkPendingDomains(ctx));
}

export function startDomainChecks(ctx: Ctx, signal: AbortSignal): void {
  Deno.cron("sending-domain checks", DOMAIN_CHECK_CRON, { signal }, async () => {
    await domainCheckTick(ctx);
  });
}
