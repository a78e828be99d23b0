/**
 * Webhooks, stored events and their deliveries. An event's body is stored as
 * the exact JSON string that is signed and sent, so every retry sends the same
 * bytes. Success and failure counts are KvU64 sums (no read-modify-write on the
 * hot path).
 */
import { keys } from "./keys.ts";
import { commit, listByIndex, readCount } from "./kv.ts";
import type { Sealed } from "../crypto.ts";
import type { Packed } from "./blob.ts";

export type Webhook = {
  id: string;
  site_id: string;
  url: string;
  /** Event types, or ["all"] (which includes types added later). */
  events: string[];
  paused: boolean;
  /** The whsec_ secret, sealed with AES-256-GCM (AAD = webhook id). */
  secret: Sealed;
  /** HTTP status of the latest attempt or test; null on timeout or connection error. */
  last_status: number | null;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

export type EventRecord = {
  id: string;
  type: string;
  site_id: string;
  created_at: string;
  /** The exact JSON body sent to receivers. */
  body: Packed<string>;
};

export type DeliveryAttempt = {
  n: number;
  at: string;
  /** HTTP status, or null on timeout / connection error / refused target. */
  status: number | null;
  duration_ms: number;
  error: string | null;
};

export type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  site_id: string;
  /** pending: attempts left; succeeded: a 2xx arrived; dropped: no attempts left. */
  state: "pending" | "succeeded" | "dropped";
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

export async function createWebhook(kv: Deno.Kv, w: Webhook): Promise<Webhook> {
  await commit(
    kv.atomic()
      .check({ key: keys.webhook(w.id), versionstamp: null })
      .set(keys.webhook(w.id), w)
      .set(keys.webhookBySite(w.site_id, w.id), w.id),
    "create webhook",
  );
  return w;
}

export async function getWebhook(kv: Deno.Kv, id: string): Promise<Webhook | null> {
  return (await kv.get<Webhook>(keys.webhook(id))).value;
}

export async function updateWebhook(
  kv: Deno.Kv,
  id: string,
  change: (w: Webhook) => Webhook,
): Promise<Webhook | null> {
  const r = await kv.get<Webhook>(keys.webhook(id));
  if (!r.value) return null;
  const next = change(r.value);
  await commit(kv.atomic().check(r).set(keys.webhook(id), next), "update webhook");
  return next;
}

export async function deleteWebhook(kv: Deno.Kv, id: string): Promise<boolean> {
  const r = await kv.get<Webhook>(keys.webhook(id));
  if (!r.value) return false;
  await commit(
    kv.atomic().check(r).delete(keys.webhook(id)).delete(keys.webhookBySite(r.value.site_id, id)),
    "delete webhook",
  );
  return true;
}

export function listWebhooksOfSite(kv: Deno.Kv, siteId: string): Promise<Webhook[]> {
  return listByIndex<Webhook>(kv, keys.webhooksBySite(siteId), keys.webhook);
}

export async function webhookCounts(
  kv: Deno.Kv,
  id: string,
): Promise<{ success_count: number; failure_count: number }> {
  const [s, f] = await Promise.all([
    readCount(kv, keys.webhookCounter(id, "success")),
    readCount(kv, keys.webhookCounter(id, "failure")),
  ]);
  return { success_count: s, failure_count: f };
}

export async function getEvent(kv: Deno.Kv, id: string): Promise<EventRecord | null> {
  return (await kv.get<EventRecord>(keys.event(id))).value;
}

export function listEventsOfSite(kv: Deno.Kv, siteId: string, limit = 50): Promise<EventRecord[]> {
  return listByIndex<EventRecord>(kv, keys.eventsBySite(siteId), keys.event, {
    reverse: true,
    limit,
  });
}

export async function getDeliveryEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<Delivery>> {
  return await kv.get<Delivery>(keys.delivery(id));
}

export function listDeliveriesOfWebhook(
  kv: Deno.Kv,
  webhookId: string,
  limit = 50,
): Promise<Delivery[]> {
  return listByIndex<Delivery>(kv, keys.deliveriesByWebhook(webhookId), keys.delivery, {
    reverse: true,
    limit,
  });
}
