/**
 * Suppressions (service-wide: bounced, complained, manual) and unsubscribes
 * (per site). Addresses are stored lowercase.
 */
import { keys } from "../kernel/kv/keys.ts";
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
export async function addSuppression(kv: Deno.Kv, s: Suppression): Promise<boolean> {
  const r = await kv.atomic()
    .check({ key: keys.suppression(s.email), versionstamp: null })
    .set(keys.suppression(s.email), s)
    .commit();
  return r.ok;
}

/** Adds the suppression mutation to a caller's op (guarded: only when absent). */
export function suppressionMutation(
  op: Deno.AtomicOperation,
  s: Suppression,
): Deno.AtomicOperation {
  return op.set(keys.suppression(s.email), s);
}

export async function getSuppression(kv: Deno.Kv, email: string): Promise<Suppression | null> {
  return (await kv.get<Suppression>(keys.suppression(email))).value;
}

export async function removeSuppression(kv: Deno.Kv, email: string): Promise<boolean> {
  const r = await kv.get(keys.suppression(email));
  if (!r.value) return false;
  await kv.delete(keys.suppression(email));
  return true;
}

export function listSuppressions(kv: Deno.Kv, limit = 100): Promise<Suppression[]> {
  return listValues<Suppression>(kv, { prefix: keys.suppressions() }, { limit });
}

/**
 * Records an unsubscribe; returns true only the first time (the spec's
 * email.unsubscribed fires once per address and site).
 */
export async function addUnsubscribe(kv: Deno.Kv, u: Unsubscribe): Promise<boolean> {
  const r = await kv.atomic()
    .check({ key: keys.unsubscribe(u.site_id, u.email), versionstamp: null })
    .set(keys.unsubscribe(u.site_id, u.email), u)
    .commit();
  return r.ok;
}

/** Adds the unsubscribe to a caller's op (the caller checks it was absent). */
export function unsubscribeMutation(
  op: Deno.AtomicOperation,
  u: Unsubscribe,
): Deno.AtomicOperation {
  return op.set(keys.unsubscribe(u.site_id, u.email), u);
}

export async function getUnsubscribe(
  kv: Deno.Kv,
  siteId: string,
  email: string,
): Promise<Unsubscribe | null> {
  return (await kv.get<Unsubscribe>(keys.unsubscribe(siteId, email))).value;
}

export async function removeUnsubscribe(
  kv: Deno.Kv,
  siteId: string,
  email: string,
): Promise<boolean> {
  const r = await kv.get(keys.unsubscribe(siteId, email));
  if (!r.value) return false;
  await kv.delete(keys.unsubscribe(siteId, email));
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
  siteId: string,
  emails: string[],
): Promise<Map<string, "suppressed" | "unsubscribed">> {
  const out = new Map<string, "suppressed" | "unsubscribed">();
  const ks: Deno.KvKey[] = [];
  for (const e of emails) ks.push(keys.suppression(e), keys.unsubscribe(siteId, e));
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
