/**
 * A site's routing as the other capabilities use it: its shape, the rules
 * that make it from webhook and sending-domain records, and the calls that
 * read it or change it inside a writer's own atomic operation. The record and
 * its key are routing_store.ts's.
 */
import {
  changeRouting,
  effectiveDomainAfter,
  getRouting,
  type MailDomain,
  routingOf,
  type SiteRouting,
} from "./routing_store.ts";

export type { MailDomain, SiteRouting, WebhookRoute } from "./routing_store.ts";
export { isMailDomain, mailDomain, webhookRoute } from "./routing_store.ts";

/** The site's routing (the domain mail is sent from: `.domain`, null for the relay). */
export function readRouting(kv: Deno.Kv, siteId: string): Promise<SiteRouting> {
  return getRouting(kv, siteId);
}

/** The routing in an entry read with a caller's getMany, built from the listings when absent. */
export function routingFromEntry(
  kv: Deno.Kv,
  siteId: string,
  entry: Deno.KvEntryMaybe<SiteRouting>,
): Promise<SiteRouting> {
  return routingOf(kv, siteId, entry);
}

/**
 * Adds "the routing becomes change(current)" to a writer's `op`, guarded by
 * the routing's versionstamp (a concurrent writer makes the commit fail).
 */
export function changeRoutingIn(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  siteId: string,
  change: (r: SiteRouting) => SiteRouting | Promise<SiteRouting>,
): Promise<void> {
  return changeRouting(kv, op, siteId, change);
}

/**
 * The site's domain for mail once `changed` replaces what is stored (or the
 * domain `changedId` is deleted, with `changed` null).
 */
export function mailDomainAfter(
  kv: Deno.Kv,
  siteId: string,
  changedId: string,
  changed: Parameters<typeof effectiveDomainAfter>[3],
): Promise<MailDomain | null> {
  return effectiveDomainAfter(kv, siteId, changedId, changed);
}
