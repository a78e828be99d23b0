/**
 * The form IP limit (spec, Limits): a visitor address with more than 3 stored
 * submissions in 60 s is blocked for 1 hour (reason rate_limit). The window is
 * read with the submission's own state and appended in its commit
 * (storing.ts), so the limit is exact under concurrency; this file holds the
 * limit, the block check and the start of the block.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { commit, retryOnConflict } from "../kernel/kv/kv.ts";
import type { VisitorIp } from "../kernel/ip.ts";
import type { Site } from "../sites/schema.ts";
import {
  activeBlocksOfIp,
  addIpBlockMutations,
  getIpBlock,
  type IpBlock,
  isBlockActive,
} from "../blocks/ip_blocks.ts";
import { type RateBlockGuard, rateBlockGuardKey } from "./submissions_store.ts";

export const IP_WINDOW_MS = 60_000;
export const IP_MAX_IN_WINDOW = 3;
export const IP_BLOCK_MS = 60 * 60 * 1000;
/** The window's name (counters.ts). */
export const IP_WINDOW = "ip_submissions";

/** Whether any block applies to the visitor (its address or its /64). */
export async function ipIsBlocked(ctx: Ctx, ip: VisitorIp, now: number): Promise<boolean> {
  const lists = await Promise.all(ip.blockKeys.map((k) => activeBlocksOfIp(ctx.kv, k, now)));
  return lists.some((l) => l.length > 0);
}

/**
 * Starts the 1-hour rate-limit block of an IP, once: racing requests find the
 * guard pointing at an active block and start no second one.
 */
export async function startRateLimitBlock(
  ctx: Ctx,
  site: Site,
  ip: VisitorIp,
  now: number,
): Promise<void> {
  await retryOnConflict(async () => {
    const guard = await ctx.kv.get<RateBlockGuard>(rateBlockGuardKey(ip.key));
    if (guard.value && guard.value.until > now) {
      const existing = await getIpBlock(ctx.kv, guard.value.block_id);
      if (existing && isBlockActive(existing, now)) return;
    }
    const until = now + IP_BLOCK_MS;
    const block: IpBlock = {
      id: uuidv7(now),
      ip: ip.key,
      reason: "rate_limit",
      blockedAt: isoTime(now),
      blockedUntil: isoTime(until),
      selfLiftable: true,
      note: "More than 3 form submissions within 60 seconds; blocked for 1 hour.",
      triggeredBySiteId: site.id,
      liftedAt: null,
      liftedBySiteId: null,
    };
    const op = addIpBlockMutations(ctx.kv.atomic().check(guard), block, now)
      .set(rateBlockGuardKey(ip.key), { block_id: block.id, until } satisfies RateBlockGuard, {
        expireIn: IP_BLOCK_MS + 60_000,
      });
    await commit(op, "start rate-limit block");
    ctx.log.info("ip blocked by the form rate limit", { ip: ip.key, site_id: site.id });
  });
}
