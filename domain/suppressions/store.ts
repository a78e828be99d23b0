/**
 * Suppressions (service-wide: bounced, complained, manual) and unsubscribes
 * (per site). They are keyed by the address's keyed hash (addressId, with the
 * service's key `hk`), so that erasing a person can take the address out of
 * the record and the send path still finds it in one key read.
 */
import { keys } from "../kernel/kv/keys.ts";
import { addressId } from "../kernel/crypto.ts";
import { listValues } from "../kernel/kv/kv.ts";
import {
  type Suppression,
  SUPPRESSION_REASONS,
  type SuppressionReason,
  type Unsubscribe,
  type UnsubscribeSource,
} from "./schema.ts";

export { SUPPRESSION_REASONS };
export type { Suppression, SuppressionReason, Unsubscribe, UnsubscribeSource };

/** Adds a suppression unless one exists; returns whether it was new. */
export async function addSuppression(
  kv: Deno.Kv,
  hk: Uint8Array,
  s: Suppression,
): Promise<boolean> {
  const key = keys.suppression(addressId(hk, s.email));
  const r = await kv.atomic()
    .check({ key, versionstamp: null })
    .set(key, s)
    .commit();
  return r.ok;
}

/** Adds the suppression mutation to a caller's op (guarded: only when absent). */
export function suppressionMutation(
  op: Deno.AtomicOperation,
  hk: Uint8Array,
  s: Suppression,
): Deno.AtomicOperation {
  return op.set(keys.suppression(addressId(hk, s.email)), s);
}

export async function getSuppression(
  kv: Deno.Kv,
  hk: Uint8Array,
  email: string,
): Promise<Suppression | null> {
  return (await kv.get<Suppression>(keys.suppression(addressId(hk, email)))).value;
}

export async function removeSuppression(
  kv: Deno.Kv,
  hk: Uint8Array,
  email: string,
): Promise<boolean> {
  const key = keys.suppression(addressId(hk, email));
  const r = await kv.get(key);
  if (!r.value) return false;
  await kv.delete(key);
  return true;
}

export function listSuppressions(kv: Deno.Kv, limit = 100): Promise<Suppression[]> {
  return listValues<Suppression>(kv, { prefix: keys.suppressions() }, { limit });
}

/**
 * Records an unsubscribe; returns true only the first time (the spec's
 * email.unsubscribed fires once per address and site).
 */
export async function addUnsubscribe(
  kv: Deno.Kv,
  hk: Uint8Array,
  u: Unsubscribe,
): Promise<boolean> {
  const key = keys.unsubscribe(u.site_id, addressId(hk, u.email));
  const r = await kv.atomic()
    .check({ key, versionstamp: null })
    .set(key, u)
    .commit();
  return r.ok;
}

/** Adds the unsubscribe to a caller's op (the caller checks it was absent). */
export function unsubscribeMutation(
  op: Deno.AtomicOperation,
  hk: Uint8Array,
  u: Unsubscribe,
): Deno.AtomicOperation {
  return op.set(keys.unsubscribe(u.site_id, addressId(hk, u.email)), u);
}

export async function getUnsubscribe(
  kv: Deno.Kv,
  hk: Uint8Array,
  siteId: string,
  email: string,
): Promise<Unsubscribe | null> {
  return (await kv.get<Unsubscribe>(keys.unsubscribe(siteId, addressId(hk, email)))).value;
}

export async function removeUnsubscribe(
  kv: Deno.Kv,
  hk: Uint8Array,
  siteId: string,
  email: string,
): Promise<boolean> {
  const key = keys.unsubscribe(siteId, addressId(hk, email));
  const r = await kv.get(key);
  if (!r.value) return false;
  await kv.delete(key);
  return true;
}

export function listUnsubscribes(kv: Deno.Kv, siteId: string, limit = 100): Promise<Unsubscribe[]> {
  return listValues<Unsubscribe>(kv, { prefix: keys.unsubscribesBySite(siteId) }, { limit });
}

/**
 * For a batch of addresses (lowercase), which are suppressed and which are
 * unsubscribed from the site: 2 reads per address, batched 10 keys at a time.
 */
export async function recipientBlocks(
  kv: Deno.Kv,
  hk: Uint8Array,
  siteId: string,
  emails: string[],
): Promise<Map<string, "suppressed" | "unsubscribed">> {
  const out = new Map<string, "suppressed" | "unsubscribed">();
  const ks: Deno.KvKey[] = [];
  for (const e of emails) {
    const id = addressId(hk, e);
    ks.push(keys.suppression(id), keys.unsubscribe(siteId, id));
  }
  for (let i = 0; i < ks.length; i += 10) {
    const got = await kv.getMany(ks.slice(i, i + 10));
    got.forEach((g, j) => {
      if (g.value === null) return;
      const idx = i + j;
      const email = emails[Math.floor(idx / 2)];
      // Suppression wins over unsubscribe when both apply.
      if (idx % 2 === 0) out.set(email, "suppressed");
      else if (!out.has(email)) out.set(email, "unsubscribed");
    });
  }
  return out;
}

/**
 * Moves records keyed by the address in clear (written before they were keyed
 * by its hash) to their hashed key, in pages; idempotent (an address key holds
 * an "@", a hash never does). Returns how many moved.
 */
export async function hashClearAddressKeys(kv: Deno.Kv, hk: Uint8Array): Promise<number> {
  let moved = 0;
  for (const prefix of [keys.suppressions(), ["unsubscribes"] as Deno.KvKey]) {
    for await (const e of kv.list<Suppression | Unsubscribe>({ prefix })) {
      const last = String(e.key[e.key.length - 1]);
      if (!last.includes("@")) continue;
      const to = [...e.key.slice(0, -1), addressId(hk, last)];
      // A record written under the hash meanwhile wins; the clear one goes either way.
      await kv.atomic().check(e).delete(e.key).set(to, e.value).commit();
      moved++;
    }
  }
  return moved;
}

/** The address's suppression and its unsubscribes from these sites, as stored. */
export async function readAddressBlocks(
  kv: Deno.Kv,
  hk: Uint8Array,
  email: string,
  siteIds: string[],
): Promise<
  { suppression: Deno.KvEntryMaybe<Suppression>; unsubscribes: Deno.KvEntry<Unsubscribe>[] }
> {
  const id = addressId(hk, email);
  const suppression = await kv.get<Suppression>(keys.suppression(id));
  const unsubscribes: Deno.KvEntry<Unsubscribe>[] = [];
  for (const siteId of siteIds) {
    const u = await kv.get<Unsubscribe>(keys.unsubscribe(siteId, id));
    if (u.value) unsubscribes.push(u as Deno.KvEntry<Unsubscribe>);
  }
  return { suppression, unsubscribes };
}

/** Writes records back at their (hashed) keys, checked against the versions read. */
export async function rewriteBlocks(
  kv: Deno.Kv,
  entries: { entry: Deno.KvEntry<unknown>; value: unknown }[],
): Promise<boolean> {
  const op = kv.atomic();
  for (const { entry, value } of entries) op.check(entry).set(entry.key, value);
  return (await op.commit()).ok;
}
