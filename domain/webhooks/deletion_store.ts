/**
 * Deleting a site's webhooks, events and deliveries (site deletion,
 * retention): each record with its indexes and blobs in one operation.
 */
import { keys } from "../kernel/kv/keys.ts";
import { deleteKeyGroups, recordsOf, sweepIndexOldestFirst, sweepPrefix } from "../kernel/kv/kv.ts";
import { blobKeys, blobOf, unpackText } from "../kernel/kv/blob.ts";
import type { Delivery, EventRecord } from "./store.ts";

/** The keys of one delivery: its record and both indexes. */
function deliveryKeys(id: string, webhookId: string, eventId: string): Deno.KvKey[] {
  return [
    keys.delivery(id),
    keys.deliveryByWebhook(webhookId, id),
    keys.deliveryByEvent(eventId, id),
  ];
}

/**
 * One batch of deleting a site's events with their deliveries, oldest first
 * (with `before`, ms, only older ones); returns how many went, 0 when done.
 */
export async function sweepEventsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
  before?: number,
): Promise<number> {
  const gone = await sweepIndexOldestFirst<EventRecord>(
    kv,
    keys.eventsBySite(siteId),
    keys.event,
    limit,
    before,
    async (found) => {
      const groups: Deno.KvKey[][] = [];
      for (const { record: e, entry } of found) {
        const blob = blobOf(e.body);
        const group = [entry.key, keys.event(e.id), ...(blob ? blobKeys(blob) : [])];
        // Older events list their deliveries only in the event index.
        const ds = e.deliveries ??
          (await Array.fromAsync(kv.list<string>({ prefix: keys.deliveriesByEvent(e.id) })))
            .map((d) => ({ id: d.value, webhook_id: "" }));
        for (const d of ds) {
          const rec = d.webhook_id ? null : (await kv.get<Delivery>(keys.delivery(d.id))).value;
          group.push(...deliveryKeys(d.id, d.webhook_id || rec?.webhook_id || "", e.id));
        }
        groups.push(group);
      }
      return groups;
    },
  );
  return gone.length;
}

/**
 * One batch of deleting a site's webhooks: the first one's deliveries, up to
 * `limit`, and once it has none left, the webhook with its counters. Returns
 * how many keys' worth of work it did (0: no webhook left).
 */
export async function sweepWebhooksOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<number> {
  for await (const idx of kv.list<string>({ prefix: keys.webhooksBySite(siteId) }, { limit: 1 })) {
    const id = idx.value;
    const n = await sweepPrefix<string>(kv, keys.deliveriesByWebhook(id), limit, async (es) => {
      const ds = await recordsOf<Delivery>(kv, es, keys.delivery);
      return ds.map((d, i) =>
        d ? deliveryKeys(d.id, id, d.event_id) : [es[i].key, keys.delivery(String(es[i].value))]
      );
    });
    if (n > 0) return n;
    await deleteKeyGroups(kv, [[
      idx.key,
      keys.webhook(id),
      keys.webhookCounter(id, "success"),
      keys.webhookCounter(id, "failure"),
      keys.webhookLastStatus(id),
    ]]);
    return 1;
  }
  return 0;
}

/** A stored event found by a search, with its site index entry's key. */
export type FoundEvent = { event: EventRecord; index: Deno.KvKey };

/** A site's stored events whose body `match`es, oldest first. */
export async function findEventsOfSite(
  kv: Deno.Kv,
  siteId: string,
  match: (body: string) => boolean,
): Promise<FoundEvent[]> {
  const out: FoundEvent[] = [];
  let page: Deno.KvEntry<string>[] = [];
  const flush = async () => {
    const events = await recordsOf<EventRecord>(kv, page, keys.event);
    for (const [i, e] of events.entries()) {
      if (e && match(await unpackText(kv, e.body))) out.push({ event: e, index: page[i].key });
    }
    page = [];
  };
  for await (const i of kv.list<string>({ prefix: keys.eventsBySite(siteId) })) {
    page.push(i);
    if (page.length === 100) await flush();
  }
  await flush();
  return out;
}

/** Deletes found events with their site index entries, blobs and deliveries. */
export async function deleteEvents(kv: Deno.Kv, found: FoundEvent[]): Promise<void> {
  const groups: Deno.KvKey[][] = [];
  for (const { event: e, index } of found) {
    const blob = blobOf(e.body);
    const group = [index, keys.event(e.id), ...(blob ? blobKeys(blob) : [])];
    for (const d of e.deliveries ?? []) group.push(...deliveryKeys(d.id, d.webhook_id, e.id));
    for await (const d of kv.list<string>({ prefix: keys.deliveriesByEvent(e.id) })) {
      const rec = (await kv.get<Delivery>(keys.delivery(d.value))).value;
      group.push(...deliveryKeys(d.value, rec?.webhook_id ?? "", e.id));
    }
    groups.push(group);
  }
  await deleteKeyGroups(kv, groups);
}
