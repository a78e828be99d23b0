/**
 * The reads of a recovery (recover.ts): a webhook's deliveries by their index
 * (UUIDv7 ids, so in time order) between two ids, and the newest id.
 */
import { keys } from "../kernel/kv/keys.ts";
import { getDeliveries } from "./store.ts";
type DeliveryEntry = Awaited<ReturnType<typeof getDeliveries>>[number];

/**
 * A page of a webhook's deliveries in index (time) order, from index id
 * `from` (inclusive) through `through` (inclusive), at most `limit`, with
 * their entries (versionstamps for a checked update).
 */
export async function pageDeliveriesOfWebhook(
  kv: Deno.Kv,
  webhookId: string,
  from: string,
  through: string,
  limit: number,
): Promise<{ ids: string[]; entries: DeliveryEntry[] }> {
  const ids: string[] = [];
  const selector = {
    start: keys.deliveryByWebhook(webhookId, from),
    end: [...keys.deliveryByWebhook(webhookId, through), ""],
  } as Deno.KvListSelector;
  for await (const e of kv.list<string>(selector, { limit })) ids.push(e.value);
  return { ids, entries: await getDeliveries(kv, ids) };
}

/** The newest index id of a webhook's deliveries, or null when it has none. */
export async function newestDeliveryId(kv: Deno.Kv, webhookId: string): Promise<string | null> {
  for await (
    const e of kv.list<string>({ prefix: keys.deliveriesByWebhook(webhookId) }, {
      reverse: true,
      limit: 1,
    })
  ) return e.value;
  return null;
}
