/**
 * IP blocks and site disablement (spec: GET /blocks/status, POST /blocks/lift,
 * IP block, Site block item) and their operator actions.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError, invalidPayload } from "../kernel/errors.ts";
import { str } from "../kernel/validation.ts";
import { normalizeIp } from "../kernel/ip.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import type { Site } from "../sites/schema.ts";
import { changeSite, readSite } from "../sites/sites.ts";
import * as store from "./store.ts";
import { type IpBlock, isBlockActive } from "./store.ts";

/**
 * The reason of the automatic block the per-IP submission limit of
 * forms/submit starts; the only self-liftable one.
 */
export const RATE_LIMIT_REASON = "rate_limit";
/** blocks/status lists at most this many IP blocks. */
export const STATUS_MAX_IP_BLOCKS = 100;
export const BLOCK_ID_MAX = 80;
export const DEFAULT_DISABLED_REASON =
  "This site has been disabled by the service. Contact support to have it reviewed.";

// --- the public view ----------------------------------------------------------

/** An IP block with the spec's fields only. */
export function ipBlockView(b: IpBlock) {
  return {
    id: b.id,
    ip: b.ip,
    reason: b.reason,
    blockedAt: b.blockedAt,
    blockedUntil: b.blockedUntil,
    selfLiftable: b.selfLiftable,
    note: b.note,
    triggeredBySiteId: b.triggeredBySiteId,
  };
}

export function siteBlockItem(site: Site) {
  const d = site.disabled!;
  return {
    siteId: site.id,
    siteName: site.name,
    status: "inactive",
    reason: d.reason ?? DEFAULT_DISABLED_REASON,
    selfLiftable: d.automatic,
    disabledAt: d.at ?? null,
  };
}

function headline(disabled: boolean, ipCount: number): string | null {
  const ips = ipCount === 1
    ? "1 IP address is blocked from submitting forms"
    : `${ipCount} IP addresses are blocked from submitting forms`;
  if (disabled && ipCount > 0) return `This site is disabled and ${ips}.`;
  if (disabled) return "This site is disabled.";
  if (ipCount > 0) return `${ips}.`;
  return null;
}

/**
 * GET /blocks/status: the site block (when disabled) and the active IP blocks
 * started by this site or by no site, newest first, at most 100. Reads the
 * indexes of active blocks only: the cost grows with the blocks in force, not
 * with the blocks that have ended.
 */
export async function blockStatus(ctx: Ctx, site: Site) {
  const now = ctx.clock.now();
  const [own, unowned] = await Promise.all([
    store.activeBlocksOfSite(ctx.kv, site.id, now, STATUS_MAX_IP_BLOCKS),
    store.activeBlocksOfSite(ctx.kv, null, now, STATUS_MAX_IP_BLOCKS),
  ]);
  // UUIDv7 ids sort by creation time.
  const ipBlocks = [...own, ...unowned].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, STATUS_MAX_IP_BLOCKS);
  const disabled = site.disabled !== null;
  const ipCount = new Set(ipBlocks.map((b) => b.ip)).size;
  return {
    any_active_block: disabled || ipBlocks.length > 0,
    site_blocks: disabled ? [siteBlockItem(site)] : [],
    ip_blocks: ipBlocks.map(ipBlockView),
    headline: headline(disabled, ipCount),
  };
}

// --- POST /blocks/lift ----------------------------------------------------------

export type LiftRequest = { kind: "site" } | { kind: "ip"; block_id: string };

/** Reads the lift body by hand: every failure is `bad_body` (spec), never invalid_payload. */
export function parseLiftBody(body: unknown): LiftRequest {
  const bad = () => new ApiError("bad_body", 400);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw bad();
  const b = body as Record<string, unknown>;
  if (b.kind === "site") return { kind: "site" };
  if (b.kind !== "ip") throw bad();
  const id = b.block_id;
  if (typeof id !== "string" || id.length < 1 || [...id].length > BLOCK_ID_MAX) throw bad();
  return { kind: "ip", block_id: id };
}

/** Lifts an IP block (selfLiftable, started by this site) or the site's automatic disablement. */
export async function liftBlock(ctx: Ctx, site: Site, req: LiftRequest): Promise<"ip" | "site"> {
  if (req.kind === "site") {
    await retryOnConflict(() =>
      changeSite(ctx, site.id, (s) => {
        if (!s.disabled) throw new ApiError("already_active", 400);
        if (!s.disabled.automatic) throw new ApiError("requires_admin_review", 403);
        return { ...s, disabled: null, updated_at: isoTime(ctx.clock.now()) };
      })
    );
    return "site";
  }
  await retryOnConflict(async () => {
    const now = ctx.clock.now();
    const block = await store.getIpBlock(ctx.kv, req.block_id);
    if (!block) throw new ApiError("not_found", 404);
    if (!isBlockActive(block, now)) throw new ApiError("already_lifted", 400);
    if (!block.selfLiftable) throw new ApiError("not_self_liftable", 403);
    if (block.triggeredBySiteId !== site.id) throw new ApiError("not_owner", 403);
    // Removing the by-ip index frees the address for every site.
    await store.liftIpBlock(ctx.kv, block.id, isoTime(now), site.id);
  });
  return "ip";
}

// --- what forms/submit asks ----------------------------------------------------

/** Whether an address (any notation) has an active block; blocks apply to all sites. */
export async function isIpBlocked(ctx: Ctx, ip: string): Promise<boolean> {
  const n = normalizeIp(ip);
  if (n === null) return false;
  return (await store.activeBlocksOfIp(ctx.kv, n, ctx.clock.now())).length > 0;
}

// --- operator actions ------------------------------------------------------------

export const IpBlockCreate = z.object({
  ip: z.string().transform((s, c) => {
    const n = normalizeIp(s);
    if (n === null) {
      c.issues.push({ code: "custom", input: s, message: "must be an IPv4 or IPv6 address" });
      return z.NEVER;
    }
    return n;
  }),
  reason: str(100, 1),
  blocked_until: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" })
    .nullable().default(null),
  site_id: str(100).nullable().default(null),
  note: str(500).nullable().optional(),
});

/** Operator: blocks an address (reason rate_limit makes it self-liftable). */
export async function newIpBlock(ctx: Ctx, input: z.output<typeof IpBlockCreate>) {
  const now = ctx.clock.now();
  if (input.blocked_until !== null && Date.parse(input.blocked_until) <= now) {
    throw invalidPayload([{ field: "blocked_until", message: "must be in the future" }]);
  }
  if (input.site_id !== null && !(await readSite(ctx, input.site_id))) {
    throw invalidPayload([{ field: "site_id", message: "no site has this id" }]);
  }
  const block: IpBlock = {
    id: uuidv7(now),
    ip: input.ip,
    reason: input.reason,
    blockedAt: isoTime(now),
    blockedUntil: input.blocked_until === null ? null : isoTime(Date.parse(input.blocked_until)),
    selfLiftable: input.reason === RATE_LIMIT_REASON,
    note: input.note ?? null,
    triggeredBySiteId: input.site_id,
    liftedAt: null,
    liftedBySiteId: null,
  };
  return await store.createIpBlock(ctx.kv, block, now);
}

/** The operator's view: the whole record and whether it is in force now. */
export function ipBlockAdminView(ctx: Ctx, b: IpBlock) {
  return { ...b, active: isBlockActive(b, ctx.clock.now()) };
}

/** Operator: the block with this id, or null. */
export function readIpBlock(ctx: Ctx, id: string): Promise<IpBlock | null> {
  return store.getIpBlock(ctx.kv, id);
}

/** Operator: every block, newest first, at most `limit`. */
export function listIpBlocks(ctx: Ctx, opts: { limit: number }): Promise<IpBlock[]> {
  return store.listIpBlocks(ctx.kv, opts.limit);
}

/** Operator: lifts any active block. Null when unknown; conflict when no longer active. */
export async function operatorLift(ctx: Ctx, id: string): Promise<IpBlock | null> {
  return await retryOnConflict(async () => {
    const now = ctx.clock.now();
    const block = await store.getIpBlock(ctx.kv, id);
    if (!block) return null;
    if (!isBlockActive(block, now)) {
      throw new ApiError("conflict", 409, {
        message: block.liftedAt ? "The block is already lifted." : "The block has already ended.",
      });
    }
    return await store.liftIpBlock(ctx.kv, id, isoTime(now), null);
  });
}

// --- site disablement -------------------------------------------------------------

export const SiteDisable = z.object({
  automatic: z.boolean().default(false),
  reason: str(500).nullable().optional(),
});

/**
 * Disables a site (operator, or the service's own abuse detection with
 * automatic true, which makes it self-liftable). Disabling again updates the
 * reason and kind but keeps the original time. Null when the site is unknown.
 */
export function disableSite(
  ctx: Ctx,
  siteId: string,
  input: z.output<typeof SiteDisable>,
): Promise<Site | null> {
  return retryOnConflict(() =>
    changeSite(ctx, siteId, (s) => {
      const now = isoTime(ctx.clock.now());
      return {
        ...s,
        disabled: {
          automatic: input.automatic,
          reason: input.reason?.trim() || null,
          at: s.disabled?.at ?? now,
        },
        updated_at: now,
      };
    })
  );
}

export function enableSite(ctx: Ctx, siteId: string): Promise<Site | null> {
  return retryOnConflict(() =>
    changeSite(
      ctx,
      siteId,
      (s) => s.disabled ? { ...s, disabled: null, updated_at: isoTime(ctx.clock.now()) } : s,
    )
  );
}
