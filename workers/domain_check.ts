/**
 * The hourly sending-domain check as a cron (the check itself:
 * domain/sending_domains/hourly_check.ts). Started by main.ts; ends with `signal`.
 */
import type { Ctx } from "../domain/kernel/context.ts";
import { checkPendingDomains } from "../domain/sending_domains/hourly_check.ts";

export const DOMAIN_CHECK_CRON = "0 * * * *";

export function startDomainChecks(ctx: Ctx, signal: AbortSignal): void {
  Deno.cron("sending-domain checks", DOMAIN_CHECK_CRON, { signal }, async () => {
    await checkPendingDomains(ctx);
  });
}
