/**
 * The hourly check of sending domains that are not yet verified (a verified
 * domain is re-checked only on the operator's Verify). workers/domain_check.ts
 * runs it as a cron; tests call `checkPendingDomains` directly.
 *
 * Several processes may run the same cron: each domain is claimed once per
 * hourly slot, and the check itself is idempotent besides.
 */
import type { Ctx } from "../kernel/context.ts";
import { checkSendingDomain } from "./sending_domains.ts";
import { claimDomainCheck, pendingSendingDomainIds } from "./store.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Lookups in flight at once (each may wait for a slow name server). */
const CONCURRENCY = 8;

export type DomainCheckRun = { checked: number; verified: number; skipped: number };

export async function checkPendingDomains(ctx: Ctx): Promise<DomainCheckRun> {
  const slot = Math.floor(ctx.clock.now() / HOUR_MS);
  const ids = await pendingSendingDomainIds(ctx.kv);
  const out: DomainCheckRun = { checked: 0, verified: 0, skipped: 0 };
  for (let i = 0; i < ids.length; i += CONCURRENCY) {
    await Promise.all(
      ids.slice(i, i + CONCURRENCY).map(async (id) => {
        if (!(await claimDomainCheck(ctx.kv, slot, id))) {
          out.skipped++;
          return;
        }
        try {
          const d = await checkSendingDomain(ctx, id);
          out.checked++;
          if (d?.status === "verified") out.verified++;
        } catch (e) {
          // One domain's failure must not stop the others.
          ctx.log.error("sending-domain check failed", { id, error: e });
        }
      }),
    );
  }
  if (out.checked) ctx.log.info("sending-domain checks", out);
  return out;
}
