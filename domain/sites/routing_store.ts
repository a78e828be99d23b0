/**
 * A site's routing: where its events and its mail go. One small value per site
 * with the webhook subscriptions (id, events, paused) and the sending domain
 * that domain-mode mail uses, so that an event or a send reads one key (in the
 * getMany it makes anyway) instead of listing webhooks and sending domains.
 *
 * Kept in step by the writers, in the same atomic operation as their change,
 * guarded by the routing's versionstamp: createWebhook / updateWebhook /
 * deleteWebhook (webhooks.ts) and createSendingDomain / replaceSendingDomain /
 * deleteSendingDomain (sending_domains.ts); createSite writes EMPTY_ROUTING.
 * Sites stored before this key existed have none: the first reader builds it
 * from the listings, exactly as those used to be read.
 */
import { keys } from "../kernel/kv/keys.ts";
import { listByIndex } from "../kernel/kv/kv.ts";
import type { Sealed } from "../kernel/crypto.ts";

export type WebhookRoute = { id: string; events: string[]; paused: boolean };

/**
 * The fields of a webhook record (webhooks/store.ts) and of a sending domain
 * record (sending_domains/store.ts) that the routing is made of. Named here, not
 * imported: those stores keep the routing in step, so they import this module.
 */
type RoutedWebhook = WebhookRoute;
type RoutedDomain = {
  id: string;
  domain: string;
  from_address: string | null;
  status: string;
  dkim: { selector: string; private_key: Sealed };
};

/** What domain-mode mail needs of the site's sending domain. */
export type MailDomain = {
  id: string;
  domain: string;
  from_address: string;
  dkim: { selector: string; private_key: Sealed };
};

export type SiteRouting = {
  /** Every webhook of the site, oldest first (paused ones too). */
  webhooks: WebhookRoute[];
  /** The newest verified sending domain with a From address, or null (relay). */
  domain: MailDomain | null;
};

export const EMPTY_ROUTING: SiteRouting = { webhooks: [], domain: null };

export function routingKey(siteId: string): Deno.KvKey {
  return keys.siteRouting(siteId);
}

export function webhookRoute(w: RoutedWebhook): WebhookRoute {
  return { id: w.id, events: w.events, paused: w.paused };
}

/** Whether mail may be sent from `d` in domain mode. */
export function isMailDomain<D extends RoutedDomain>(
  d: D | null | undefined,
): d is D & { from_address: string } {
  return !!d && d.status === "verified" && !!d.from_address;
}

export function mailDomain(d: RoutedDomain & { from_address: string }): MailDomain {
  return {
    id: d.id,
    domain: d.domain,
    from_address: d.from_address,
    dkim: { selector: d.dkim.selector, private_key: d.dkim.private_key },
  };
}

/** The routing in an entry read with getMany, built from the listings when absent. */
export async function routingOf(
  kv: Deno.Kv,
  siteId: string,
  entry: Deno.KvEntryMaybe<SiteRouting>,
): Promise<SiteRouting> {
  return entry.value ?? (await buildRouting(kv, siteId, true));
}

/** The site's routing (the domain mail is sent from: `.domain`, null for the relay). */
export async function getRouting(kv: Deno.Kv, siteId: string): Promise<SiteRouting> {
  return await routingOf(kv, siteId, await kv.get<SiteRouting>(routingKey(siteId)));
}

/**
 * The routing from the webhook and verified-domain listings (a site stored
 * before routing keys existed). With `save`, it is written unless a writer
 * got there first.
 */
async function buildRouting(kv: Deno.Kv, siteId: string, save: boolean): Promise<SiteRouting> {
  const [hooks, verified] = await Promise.all([
    listByIndex<RoutedWebhook>(kv, keys.webhooksBySite(siteId), keys.webhook),
    listByIndex<RoutedDomain>(kv, keys.sendingDomainsVerifiedBySite(siteId), keys.sendingDomain, {
      reverse: true,
      limit: 10,
    }),
  ]);
  const d = verified.find(isMailDomain);
  const routing: SiteRouting = {
    webhooks: hooks.map(webhookRoute),
    domain: d ? mailDomain(d) : null,
  };
  if (save) {
    const key = routingKey(siteId);
    const saved = await kv.atomic().check({ key, versionstamp: null }).set(key, routing).commit();
    // Not saved: a writer committed meanwhile and wrote the routing too; its
    // value stands, and what was read from the listings is still this answer.
    if (!saved.ok) return routing;
  }
  return routing;
}

/**
 * Adds "the routing becomes change(current)" to `op`, guarded by the
 * versionstamp read here: a concurrent writer of the same site's routing makes
 * the commit fail (the caller retries from fresh reads).
 */
export async function changeRouting(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  siteId: string,
  change: (r: SiteRouting) => SiteRouting | Promise<SiteRouting>,
): Promise<void> {
  const key = routingKey(siteId);
  const entry = await kv.get<SiteRouting>(key);
  const current = entry.value ?? (await buildRouting(kv, siteId, false));
  op.check({ key, versionstamp: entry.versionstamp }).set(key, await change(current));
}

/**
 * The site's domain for mail after `changed` (a domain of the site, or null
 * when `changedId` was deleted) replaces what is stored: the newest eligible
 * among the other verified domains and the changed one.
 */
export async function effectiveDomainAfter(
  kv: Deno.Kv,
  siteId: string,
  changedId: string,
  changed: RoutedDomain | null,
): Promise<MailDomain | null> {
  const others = await listByIndex<RoutedDomain>(
    kv,
    keys.sendingDomainsVerifiedBySite(siteId),
    keys.sendingDomain,
    {},
    (d) => d.id !== changedId,
  );
  const all = [...others, ...(changed ? [changed] : [])];
  let best: (RoutedDomain & { from_address: string }) | null = null;
  // UUIDv7 ids sort by creation time: the greatest id is the newest domain.
  for (const d of all) if (isMailDomain(d) && (!best || d.id > best.id)) best = d;
  return best ? mailDomain(best) : null;
}
