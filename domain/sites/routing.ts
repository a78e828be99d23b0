/**
 * A site's routing (its webhooks and the domain its mail is sent from) as
 * other capabilities see it: the types, and the routing in an entry that a
 * caller's own batched read fetched (routing_store.ts keeps the record).
 */
import type { Ctx } from "../kernel/context.ts";
import * as store from "./routing_store.ts";
import type { SiteRouting } from "./routing_store.ts";

export type { MailDomain, SiteRouting, WebhookRoute } from "./routing_store.ts";

/** The routing in an entry read with getMany, built from the listings when the site has none. */
export function routingOf(
  ctx: Pick<Ctx, "kv">,
  siteId: string,
  entry: Deno.KvEntryMaybe<SiteRouting>,
): Promise<SiteRouting> {
  return store.routingOf(ctx.kv, siteId, entry);
}
