/**
 * IP blocks. Stored with the spec's field names so that blocks/status returns
 * them as they are. The by-ip and by-site indexes hold active blocks only: a
 * lift removes them, and timed blocks carry an expiry on their index entries
 * (expiry is only garbage collection; readers still check blockedUntil).
 */
import { keys } from "./keys.ts";
import { commit, listByIndex, listValues } from "./kv.ts";

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
    .set(keys.ipBlockByIp(b.ip, b.id), b.id, { expireIn })
    .set(keys.ipBlockBySite(b.triggeredBySiteId, b.id), b.id, { expireIn });
}

export async function createIpBlock(kv: Deno.Kv, b: IpBlock, now: number): Promise<IpBlock> {
  await commit(addIpBlockMutations(kv.atomic(), b, now), "create ip block");
  return b;
}

export async function getIpBlock(kv: Deno.Kv, id: string): Promise<IpBlock | null> {
  return (await kv.get<IpBlock>(keys.ipBlock(id))).value;
}

/** Active blocks of an IP (normally zero or one). */
export function activeBlocksOfIp(kv: Deno.Kv, ip: string, now: number): Promise<IpBlock[]> {
  return listByIndex<IpBlock>(
    kv,
    keys.ipBlocksByIp(ip),
    keys.ipBlock,
    {},
    (b) => isBlockActive(b, now),
  );
}

/** Active blocks started by a site (or by no site), newest first, at most `limit`. */
export function activeBlocksOfSite(
  kv: Deno.Kv,
  siteId: string | null,
  now: number,
  limit: number,
): Promise<IpBlock[]> {
  // Index entries of expired blocks may linger for a minute; read a margin.
  return listByIndex<IpBlock>(
    kv,
    keys.ipBlocksBySite(siteId),
    keys.ipBlock,
    { reverse: true, limit: limit + 50 },
    (b) => isBlockActive(b, now),
  ).then((l) => l.slice(0, limit));
}

/** Marks a block lifted and drops its indexes; ConflictError if it changed meanwhile. */
export async function liftIpBlock(
  kv: Deno.Kv,
  id: string,
  at: string,
  bySiteId: string | null,
): Promise<IpBlock | null> {
  const r = await kv.get<IpBlock>(keys.ipBlock(id));
  if (!r.value) return null;
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
