/**
 * Webhooks, stored events and their deliveries. An event's body is stored as
 * the exact JSON string that is signed and sent, so every retry sends the same
 * bytes. Success and failure counts are KvU64 sums and the latest status is a
 * key of its own, so recording an attempt never contends with an operator's
 * edit of the webhook or with other deliveries to it.
 */
import { keys } from "../kernel/kv/keys.ts";
import {
  commit,
  getManyBatched,
  listByIndex,
  readCount,
  retryOnConflict,
} from "../kernel/kv/kv.ts";
import { changeRoutingIn, webhookRoute } from "../sites/routing.ts";
import type { Sealed } from "../kernel/crypto.ts";
import type { Packed } from "../kernel/kv/blob.ts";

/** Events, deliveries and their indexes are kept this long for the operator's logs. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export type Webhook = {
  id: string;
  site_id: string;
  /**
   * The target without credentials. Records written before credentials were
   * sealed may still hold `user:password@` here (read as if sealed).
   */
  url: string;
  /**
   * The URL's `user:password` (as the URL spelled it), sealed with AES-256-GCM
   * (AAD = webhook id + "#url-credentials"); absent or null when it had none.
   */
  url_credentials?: Sealed | null;
  /** Event types, or ["all"] (which includes types added later). */
  events: string[];
  paused: boolean;
  /** The whsec_ secret, sealed with AES-256-GCM (AAD = webhook id). */
  secret: Sealed;
  /** The secret before the last rotation (sealed the same way), signing beside it until... */
  previous_secret?: Sealed | null;
  /** ...this time (ISO 8601); null or past: the previous secret no longer signs. */
  previous_secret_until?: string | null;
  /** Also sign with Standard Webhooks headers (webhook-id, -timestamp, -signature). */
  standard_webhooks?: boolean;
  created_at: string;
  updated_at: string;
};

/** The latest attempt's (or test's) outcome; status null on timeout, connection error or refusal. */
export type LastStatus = { status: number | null; at: string };

export type WebhookStats = {
  success_count: number;
  failure_count: number;
  last_status: number | null;
  last_attempt_at: string | null;
};

export type EventRecord = {
  id: string;
  type: string;
  site_id: string;
  created_at: string;
  /** The exact JSON body sent to receivers. */
  body: Packed<string>;
  /**
   * The event's deliveries, one per webhook it goes to (events written since
   * deliveries are stored with their first attempt; older events have the
   * event index of their deliveries instead). A delivery's record is written
   * by its first attempt, so until then it is known only here.
   */
  deliveries?: { id: string; webhook_id: string }[];
  /** X-Request-Id of the API request that caused the event, when there was one. */
  request_id?: string;
};

export type DeliveryAttempt = {
  n: number;
  /** When the attempt started. */
  at: string;
  /** HTTP status, or null on timeout / connection error / refused target. */
  status: number | null;
  duration_ms: number;
  error: string | null;
};

export type Delivery = {
  /** UUIDv7; sent as X-SVC-Delivery on every attempt. */
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  site_id: string;
  /** X-Request-Id of the API request that caused the event (routes/observe.ts); absent otherwise. */
  request_id?: string;
  /**
   * pending: attempts left; succeeded: a 2xx arrived; dropped: every attempt
   * failed; cancelled: stopped because the webhook was paused or deleted.
   */
  state: "pending" | "succeeded" | "dropped" | "cancelled";
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
  /** Why a delivery was cancelled. */
  note: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * Creates the webhook with its site index and its entry in the site's routing.
 * Retries when another writer changed the site's routing meanwhile.
 */
export async function createWebhook(kv: Deno.Kv, w: Webhook): Promise<Webhook> {
  await retryOnConflict(async () => {
    const op = kv.atomic()
      .check({ key: keys.webhook(w.id), versionstamp: null })
      .set(keys.webhook(w.id), w)
      .set(keys.webhookBySite(w.site_id, w.id), w.id);
    await changeRoutingIn(kv, op, w.site_id, (r) => ({
      ...r,
      // By id, as the site index lists them (UUIDv7: oldest first).
      webhooks: [...r.webhooks.filter((x) => x.id !== w.id), webhookRoute(w)]
        .sort((x, y) => x.id < y.id ? -1 : 1),
    }));
    await commit(op, "create webhook");
  });
  return w;
}

/** Every webhook of every site, page by page (migrations and the doctor; never a request path). */
export async function* allWebhooks(kv: Deno.Kv): AsyncGenerator<Webhook> {
  for await (const e of kv.list<Webhook>({ prefix: keys.webhook("").slice(0, 1) })) yield e.value;
}

export async function getWebhook(kv: Deno.Kv, id: string): Promise<Webhook | null> {
  return (await kv.get<Webhook>(keys.webhook(id))).value;
}

/**
 * Read-modify-write guarded by the record's versionstamp (ConflictError on a
 * race, also when the site's routing changed meanwhile).
 */
export async function updateWebhook(
  kv: Deno.Kv,
  id: string,
  change: (w: Webhook) => Webhook,
): Promise<Webhook | null> {
  const r = await kv.get<Webhook>(keys.webhook(id));
  if (!r.value) return null;
  const next = change(r.value);
  const op = kv.atomic().check(r).set(keys.webhook(id), next);
  const before = webhookRoute(r.value);
  const after = webhookRoute(next);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await changeRoutingIn(kv, op, next.site_id, (rt) => ({
      ...rt,
      webhooks: rt.webhooks.map((x) => x.id === id ? after : x),
    }));
  }
  await commit(op, "update webhook");
  return next;
}

/**
 * Removes the webhook, its site index entry, counters, status and routing
 * entry; deliveries expire.
 */
export function deleteWebhook(kv: Deno.Kv, id: string): Promise<boolean> {
  return retryOnConflict(async () => {
    const r = await kv.get<Webhook>(keys.webhook(id));
    if (!r.value) return false;
    const op = kv.atomic().check(r)
      .delete(keys.webhook(id))
      .delete(keys.webhookBySite(r.value.site_id, id))
      .delete(keys.webhookCounter(id, "success"))
      .delete(keys.webhookCounter(id, "failure"))
      .delete(keys.webhookLastStatus(id));
    await changeRoutingIn(kv, op, r.value.site_id, (rt) => ({
      ...rt,
      webhooks: rt.webhooks.filter((x) => x.id !== id),
    }));
    await commit(op, "delete webhook");
    return true;
  });
}

export function listWebhooksOfSite(kv: Deno.Kv, siteId: string): Promise<Webhook[]> {
  return listByIndex<Webhook>(kv, keys.webhooksBySite(siteId), keys.webhook);
}

export async function countWebhooksOfSite(kv: Deno.Kv, siteId: string): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: keys.webhooksBySite(siteId) })) n++;
  return n;
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

export async function webhookStats(kv: Deno.Kv, id: string): Promise<WebhookStats> {
  const [s, f, last] = await kv.getMany<[Deno.KvU64, Deno.KvU64, LastStatus]>([
    keys.webhookCounter(id, "success"),
    keys.webhookCounter(id, "failure"),
    keys.webhookLastStatus(id),
  ]);
  return {
    success_count: s.value ? Number(s.value.value) : 0,
    failure_count: f.value ? Number(f.value.value) : 0,
    last_status: last.value?.status ?? null,
    last_attempt_at: last.value?.at ?? null,
  };
}

/** Records the latest status (a test, or an attempt recorded elsewhere). */
export async function setLastStatus(kv: Deno.Kv, id: string, last: LastStatus): Promise<void> {
  await commit(kv.atomic().set(keys.webhookLastStatus(id), last), "webhook last status");
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

/**
 * Adds a new event and its site index entry to `op`. Its deliveries (listed in
 * the record) are written by their first attempt (createDeliveryMutations);
 * the caller adds the fan-out job.
 */
export function putEventMutations(
  op: Deno.AtomicOperation,
  event: EventRecord,
  /** Time-ordered id for the site's event index (the event's own id, or, for an event stored with a random id, one made for the index). */
  order: string,
): Deno.AtomicOperation {
  const expireIn = EVENT_RETENTION_MS;
  return op.set(keys.event(event.id), event, { expireIn })
    .set(keys.eventBySite(event.site_id, order), event.id, { expireIn });
}

/** A delivery of `event` not attempted yet, as its first attempt will store it. */
export function freshDelivery(event: EventRecord, id: string, webhookId: string): Delivery {
  return {
    id,
    event_id: event.id,
    event_type: event.type,
    webhook_id: webhookId,
    site_id: event.site_id,
    ...(event.request_id !== undefined && { request_id: event.request_id }),
    state: "pending",
    attempts: [],
    next_attempt_at: event.created_at,
    note: null,
    created_at: event.created_at,
    updated_at: event.created_at,
  };
}

/**
 * Adds "the delivery `d` is stored for the first time" to `op`: the record
 * (checked absent) and its webhook index, plus the webhook's counter and
 * latest status when an attempt was made.
 */
export function createDeliveryMutations(
  op: Deno.AtomicOperation,
  d: Delivery,
  now: number,
  attempt?: { succeeded: boolean; last: LastStatus },
): Deno.AtomicOperation {
  const expireIn = retentionLeft(d, now);
  op.check({ key: keys.delivery(d.id), versionstamp: null })
    .set(keys.delivery(d.id), d, { expireIn })
    .set(keys.deliveryByWebhook(d.webhook_id, d.id), d.id, { expireIn });
  if (attempt) attemptMutations(op, d.webhook_id, attempt);
  return op;
}

export async function getDeliveryEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<Delivery>> {
  return await kv.get<Delivery>(keys.delivery(id));
}

/** Stores a delivery for the first time (see createDeliveryMutations); returns its entry. */
export async function createDelivery(
  kv: Deno.Kv,
  d: Delivery,
  now: number,
): Promise<Deno.KvEntry<Delivery>> {
  const r = await commit(createDeliveryMutations(kv.atomic(), d, now), "store webhook delivery");
  return { key: keys.delivery(d.id), value: d, versionstamp: r.versionstamp };
}

/**
 * A fan-out's reads, batches of 10 at once: its event (with up to 9 webhooks: one
 * read), the webhooks, and deliveries (a run after a crash, or an old job).
 */
export async function getFanoutRecords(
  kv: Deno.Kv,
  eventId: string,
  webhookIds: readonly string[],
  deliveryIds: readonly string[],
): Promise<
  { event: EventRecord | null; webhooks: Map<string, Webhook>; deliveries: DeliveryEntry[] }
> {
  const got = await getManyBatched(kv, [
    keys.event(eventId),
    ...webhookIds.map((id) => keys.webhook(id)),
    ...deliveryIds.map((id) => keys.delivery(id)),
  ]);
  const webhooks = new Map<string, Webhook>();
  for (const e of got.slice(1, 1 + webhookIds.length)) {
    if (e.value) webhooks.set((e.value as Webhook).id, e.value as Webhook);
  }
  const deliveries = got.slice(1 + webhookIds.length) as DeliveryEntry[];
  return { event: got[0].value as EventRecord | null, webhooks, deliveries };
}

type DeliveryEntry = Deno.KvEntryMaybe<Delivery>;
/** Several deliveries in getMany batches of 10, read at once. */
export async function getDeliveries(kv: Deno.Kv, ids: readonly string[]): Promise<DeliveryEntry[]> {
  return await getManyBatched(kv, ids.map((id) => keys.delivery(id))) as DeliveryEntry[];
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

/**
 * The deliveries of one event, in webhook order; one not attempted yet is
 * shown as the pending record its first attempt will write. Events from
 * before the event record listed its deliveries are read by their index.
 */
export async function listDeliveriesOfEvent(kv: Deno.Kv, eventId: string): Promise<Delivery[]> {
  const event = await getEvent(kv, eventId);
  if (!event?.deliveries) {
    return listByIndex<Delivery>(kv, keys.deliveriesByEvent(eventId), keys.delivery);
  }
  const got = await getManyBatched(kv, event.deliveries.map((d) => keys.delivery(d.id)));
  return event.deliveries.map((d, i) =>
    (got[i].value as Delivery | null) ?? freshDelivery(event, d.id, d.webhook_id)
  );
}

/** Time left of a delivery's retention, so that an update keeps its expiry. */
function retentionLeft(d: Delivery, now: number): number {
  return Math.max(60_000, Date.parse(d.created_at) + EVENT_RETENTION_MS - now);
}

/**
 * Adds "the delivery read at `entry` becomes `next`" to `op`, guarded by the
 * versionstamp read, plus the webhook's counter and latest status when an
 * attempt was made.
 */
export function updateDeliveryMutations(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<Delivery>,
  next: Delivery,
  now: number,
  attempt?: { succeeded: boolean; last: LastStatus },
): Deno.AtomicOperation {
  op.check(entry).set(keys.delivery(next.id), next, { expireIn: retentionLeft(next, now) });
  if (attempt) attemptMutations(op, next.webhook_id, attempt);
  return op;
}

/** The webhook's counter and latest status after an attempt. */
function attemptMutations(
  op: Deno.AtomicOperation,
  webhookId: string,
  attempt: { succeeded: boolean; last: LastStatus },
): void {
  op.sum(keys.webhookCounter(webhookId, attempt.succeeded ? "success" : "failure"), 1n)
    .set(keys.webhookLastStatus(webhookId), attempt.last);
}
