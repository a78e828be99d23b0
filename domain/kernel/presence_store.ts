/**
 * The instances that serve one database (domain/kernel/presence.ts): each
 * keeps a record `{pid, until}` that it rewrites every poll; a record whose
 * `until` has passed counts as gone (KV deletes expired keys lazily, so the
 * `expireIn` only tidies up).
 */
import { keys } from "./kv/keys.ts";

export type InstanceRecord = {
  /** The process (for the operator's eyes only). */
  pid: number;
  /** Wall-clock ms after which the record no longer counts. */
  until: number;
};

/** Writes (or renews) this instance's record. */
export async function putInstance(
  kv: Deno.Kv,
  id: string,
  rec: InstanceRecord,
  ttlMs: number,
): Promise<void> {
  await kv.set(keys.instance(id), rec, { expireIn: ttlMs * 2 });
}

/** Ids of the instances whose record still counts at wall-clock `now`. */
export async function listLiveInstances(kv: Deno.Kv, now: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const e of kv.list<InstanceRecord>({ prefix: keys.instances() })) {
    if (e.value.until > now) ids.push(String(e.key[1]));
  }
  return ids;
}

export async function deleteInstance(kv: Deno.Kv, id: string): Promise<void> {
  await kv.delete(keys.instance(id));
}
