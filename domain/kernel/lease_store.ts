/**
 * Named leases in KV: one instance of several (threads, processes, machines
 * sharing one database) holds a lease until it ends; another may take it only
 * afterwards. Used where every instance runs the same cron but one should act
 * (workers/domain_check.ts through leases.ts).
 */
import { keys } from "./kv/keys.ts";

export type Lease = { holder: string; until: number };

/**
 * Takes the lease `name` for `holder` until `now + ms` when it is free or
 * ended (a check-and-set on its versionstamp, so two instances cannot both
 * win); returns whether this holder has it now.
 */
export async function takeLease(
  kv: Deno.Kv,
  name: string,
  holder: string,
  now: number,
  ms: number,
): Promise<boolean> {
  const key = keys.lease(name);
  const cur = await kv.get<Lease>(key);
  if (cur.value && cur.value.until > now && cur.value.holder !== holder) return false;
  const r = await kv.atomic().check(cur).set(key, { holder, until: now + ms } satisfies Lease)
    .commit();
  return r.ok;
}

export async function getLease(kv: Deno.Kv, name: string): Promise<Lease | null> {
  return (await kv.get<Lease>(keys.lease(name))).value;
}
