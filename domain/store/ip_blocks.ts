/**
 * IP blocks. Stored with the spec's field names so that blocks/status returns
 * them as they are. The by-ip and by-site indexes hold active blocks only: a
 * lift removes them, and timed blocks carry an expiry on their index entries
 * (expiry is only garbage collection; readers still check blockedUntil).
 * Index entries carry a copy of the (never changing while active) block, so
 * blocks/status and the per-IP check are one listing each, with no record reads.
 */
import { keys } from "./keys.ts";
import { commit, listValues } from "./kv.ts";
import { ConflictError } from "../errors.ts";

export type IpBlock = {
  id: string;
  ip: string;
  reason: string;
  blockedAt: string;
  blockedUntil: string | null;
  selfLiftable: boolean;
  note: string | null;
  triggeredBySiteId: string | null;
  liftedAt: string | null;
  liftedBySiteId: string | null;
};

export function isBlockActive(b: IpBlock, now: number): boolean {
  return b.liftedAt === null && (b.blockedUntil === null || Date.parse(b.blockedUntil) > now);
}

/** Adds a new block's writes to `op` (with its indexes). */
export function addIpBlockMutations(
  op: Deno.AtomicOperation,
  b: IpBlock,
  now: number,
): Deno.AtomicOperation {
  const expireIn = b.blockedUntil === null
    ? undefined
    : Math.max(1, Date.parse(b.blockedUntil) - now) + 60_000;
  return op
    .check({ key: keys.ipBlock(b.id), versionstamp: null })
    .set(keys.ipBlock(b.id), b)
    .set(keys.ipBlockByIp(b.ip, b.id), b, { expireIn })
    .set(keys.ipBlockBySite(b.triggeredBySiteId, b.id), b, { expireIn });
}

export async function createIpBlock(kv: Deno.Kv, b: IpBlock, now: number): Promise<IpBlock> {
  await commit(addIpBlockMutations(kv.atomic(), b, now), "create ip block");
  return b;
}

export async function getIpBlock(kv: Deno.Kv, id: string): Promise<IpBlock | null> {
  return (await kv.get<IpBlock>(keys.ipBlock(id))).value;
}

/** Active blocks of an IP (normally zero or one). */
export async function activeBlocksOfIp(kv: Deno.Kv, ip: string, now: number): Promise<IpBlock[]> {
  const all = await listValues<IpBlock>(kv, { prefix: keys.ipBlocksByIp(ip) });
  return all.filter((b) => isBlockActive(b, now));
}

/** Active blocks started by a site (or by no site), newest first, at most `limit`. */
export async function activeBlocksOfSite(
  kv: Deno.Kv,
  siteId: string | null,
  now: number,
  limit: number,
): Promise<IpBlock[]> {
  // Index entries of ended blocks may linger until their expiry; read a margin.
  const all = await listValues<IpBlock>(kv, { prefix: keys.ipBlocksBySite(siteId) }, {
    reverse: true,
    limit: limit + 50,
  });
  return all.filter((b) => isBlockActive(b, now)).slice(0, limit);
}

/**
 * Marks a block lifted and drops its indexes. ConflictError if it changed
 * meanwhile, or was lifted since the caller looked: of racing lifts exactly one
 * commits, and the callers' retries then find it lifted.
 */
export async function liftIpBlock(
  kv: Deno.Kv,
  id: string,
  at: string,
  bySiteId: string | null,
): Promise<IpBlock | null> {
  const r = await kv.get<IpBlock>(keys.ipBlock(id));
  if (!r.value) return null;
  if (r.value.liftedAt !== null) throw new ConflictError("ip block already lifted");
  const next: IpBlock = { ...r.value, liftedAt: at, liftedBySiteId: bySiteId };
  await commit(
    kv.atomic().check(r)
      .set(keys.ipBlock(id), next)
      .delete(keys.ipBlockByIp(next.ip, id))
      .delete(keys.ipBlockBySite(next.triggeredBySiteId, id)),
    "lift ip block",
  );
  return next;
}

/** Every block, newest first (operator list). */
export function listIpBlocks(kv: Deno.Kv, limit = 100): Promise<IpBlock[]> {
  return listValues<IpBlock>(kv, { prefix: keys.ipBlocksAll() }, { limit, reverse: true });
}
