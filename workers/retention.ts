/**
 * The hourly retention sweep as a cron (the sweep itself:
 * domain/privacy/retention.ts). Started by main.ts; ends with `signal`. Every
 * instance registers the cron; a KV lease lets one of them sweep.
 */
import type { Ctx } from "../domain/kernel/context.ts";
import { sweepRetention } from "../domain/privacy/retention.ts";
import { runOnce } from "../domain/kernel/leases.ts";

/** Half past each hour, away from the sending-domain check on the hour. */
export const RETENTION_CRON = "30 * * * *";
const RETENTION_LEASE_MS = 50 * 60 * 1000;

export function startRetentionSweeps(ctx: Ctx, signal: AbortSignal): void {
  Deno.cron("retention sweep", RETENTION_CRON, { signal }, async () => {
    await runOnce(ctx, "retention", RETENTION_LEASE_MS, () => sweepRetention(ctx));
  });
}
