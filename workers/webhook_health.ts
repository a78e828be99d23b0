/**
 * The webhook health check as a cron (the check itself:
 * domain/webhooks/failing.ts): every 15 minutes, the owners of a webhook that
 * failed every delivery for 24 hours are told once. Started by main.ts; ends
 * with `signal`. A KV lease lets one instance check per tick.
 */
import type { Ctx } from "../domain/kernel/context.ts";
import { checkFailingWebhooks } from "../domain/webhooks/failing.ts";
import { runOnce } from "../domain/kernel/leases.ts";

export const WEBHOOK_HEALTH_CRON = "*/15 * * * *";
/** Held for most of the interval: instances woken by the same tick find it taken. */
const WEBHOOK_HEALTH_LEASE_MS = 12 * 60 * 1000;

export function webhookHealthTick(ctx: Ctx): Promise<boolean> {
  return runOnce(ctx, "webhook-health", WEBHOOK_HEALTH_LEASE_MS, () => checkFailingWebhooks(ctx));
}

export function startWebhookHealth(ctx: Ctx, signal: AbortSignal): void {
  Deno.cron("webhook health", WEBHOOK_HEALTH_CRON, { signal }, async () => {
    await webhookHealthTick(ctx);
  });
}
