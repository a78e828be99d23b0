/**
 * IP blocks. Stored with the spec's field names so that blocks/status returns
 * them as they are. Index entries carry a copy of the (never changing while
 * active) block, so blocks/status and the per-IP check are listings with no
 * record reads.
 *
 * - by IP: active blocks of an address (normally zero or one); a lift removes
 *   the entry, a timed one expires a minute after its end (expiry is only
 *   garbage collection; readers still check blockedUntil).
 * - active by site: the blocks a site (or no site) started that are in force.
 *   Timed blocks are keyed by their end time, so a range read from `now`
 *   reads only blocks that end later: ended blocks cost nothing however many
 *   there are. Blocks without end have a bucket of their own, newest first.
 *   A lift removes the entry; a timed one also expires after its end.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listValues, sweepPrefix } from "../kernel/kv/kv.ts";
import { ConflictError } from "../kernel/errors.ts";

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

/** The block's entry in its site's index of active blocks. */
function activeKey(b: IpBlock): Deno.KvKey {
  return b.blockedUntil === null
    ? keys.ipBlockActiveOpen(b.triggeredBySiteId, b.id)
    : keys.ipBlockActiveUntil(b.triggeredBySiteId, Date.parse(b.blockedUntil), b.id);
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
    .set(activeKey(b), b, { expireIn });
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

/**
 * Active blocks started by a site (or by no site), newest first, at most
 * `limit`. Reads the blocks without end (newest `limit`), the timed blocks
 * that end after `now` (all of them: any may be among the newest) and the old
 * by-site index (entries written before the active index; timed ones expire
 * a minute after their end, so it empties by itself). Cost: O(active blocks),
 * whatever number of blocks has ended.
 */
export async function activeBlocksOfSite(
  kv: Deno.Kv,
  siteId: string | null,
  now: number,
  limit: number,
): Promise<IpBlock[]> {
  const timed = keys.ipBlocksActiveUntil(siteId);
  const [open, running, legacy] = await Promise.all([
    listValues<IpBlock>(kv, { prefix: keys.ipBlocksActiveOpen(siteId) }, {
      reverse: true,
      limit,
    }),
    // Keys [.., until, id] with until >= now + 1 ms: the blocks still running.
    listValues<IpBlock>(kv, { prefix: timed, start: [...timed, now + 1] }),
    listValues<IpBlock>(kv, { prefix: keys.legacyIpBlocksBySite(siteId) }),
  ]);
  const byId = new Map<string, IpBlock>();
  for (const b of [...open, ...running, ...legacy]) {
    if (isBlockActive(b, now)) byId.set(b.id, b);
  }
  // UUIDv7 ids sort by creation time.
  return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
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
      .delete(activeKey(next))
      .delete(keys.legacyIpBlockBySite(next.triggeredBySiteId, id)),
    "lift ip block",
  );
  return next;
}

/** Every block, newest first (operator list). */
export function listIpBlocks(kv: Deno.Kv, limit = 100): Promise<IpBlock[]> {
  return listValues<IpBlock>(kv, { prefix: keys.ipBlocksAll() }, { limit, reverse: true });
}

// --- per-site abuse tallies (auto_disable.ts) ---------------------------------------

/** The keys of a site's abusive and all-outcome tallies in one window bucket. */
export function abuseKeys(siteId: string, bucket: number): [Deno.KvKey, Deno.KvKey] {
  return [keys.formAbuse(siteId, bucket, "abusive"), keys.formAbuse(siteId, bucket, "all")];
}

/** A site's abusive and all-outcome tallies in one window bucket (0 when absent). */
export async function readAbuseTallies(
  kv: Deno.Kv,
  siteId: string,
  bucket: number,
): Promise<{ abusive: number; all: number }> {
  const [a, b] = await kv.getMany<[Deno.KvU64, Deno.KvU64]>(abuseKeys(siteId, bucket));
  return { abusive: a.value ? Number(a.value.value) : 0, all: b.value ? Number(b.value.value) : 0 };
}

/**
 * One batch of deleting the blocks a deleted site started (its active-block
 * indexes hold copies: the record and its by-IP entry go with them); 0 when done.
 */
export async function sweepBlocksOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<number> {
  for (
    const prefix of [
      keys.ipBlocksActiveUntil(siteId),
      keys.ipBlocksActiveOpen(siteId),
      keys.legacyIpBlocksBySite(siteId),
    ]
  ) {
    const n = await sweepPrefix<IpBlock>(
      kv,
      prefix,
      limit,
      (entries) =>
        entries.map((
          e,
        ) => [e.key, keys.ipBlock(e.value.id), keys.ipBlockByIp(e.value.ip, e.value.id)]),
    );
    if (n > 0) return n;
  }
  return 0;
}
