/**
 * The one way events leave the service. `emitEvent` builds the spec's outer
 * body, stores it, and creates one delivery (and its first-attempt job) per
 * subscribed, unpaused webhook of the site, all in one atomic operation. The
 * delivery worker (workers/webhook_delivery.ts) does the HTTP part.
 */
import type { Ctx } from "./context.ts";
import { isoTime } from "./clock.ts";
import { uuidv7 } from "./ids.ts";
import { schedule } from "./jobs.ts";
import { keys } from "./store/keys.ts";
import { commit } from "./store/kv.ts";
import { packText } from "./store/blob.ts";
import { type Delivery, type EventRecord, listWebhooksOfSite } from "./store/webhooks.ts";

export const EVENT_TYPES = [
  "email.sent",
  "email.delivered",
  "email.delayed",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
  "email.unsubscribed",
  "email.suppressed",
  "email.rejected",
  "email.held",
  "email.failed",
  "form.submitted",
  "form.spam",
  "domain.verified",
  "domain.unverified",
  "webhook.test",
] as const;
export type EventType = typeof EVENT_TYPES[number];

/** Events and deliveries are kept this long for the operator's logs. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Job kind of one delivery attempt; payload `{ delivery_id }`. */
export const WEBHOOK_DELIVERY_JOB = "webhook_delivery";

/** Whether a webhook's event list asks for `type` ("all" includes future types). */
export function subscribes(events: string[], type: string): boolean {
  return events.includes("all") || events.includes(type);
}

/** Drops fields with no value (undefined, null, empty string) from event data. */
export function cleanData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null || v === "") continue;
    out[k] = v;
  }
  return out;
}

export type PreparedEvent = {
  event: EventRecord;
  /** The exact JSON body. */
  body: string;
  deliveries: Delivery[];
  /** Adds the event, its deliveries and their jobs to `op`. */
  apply(op: Deno.AtomicOperation): Deno.AtomicOperation;
};

/**
 * Builds an event and reads the site's webhooks; large bodies are written as a
 * blob now. Nothing is visible until `apply(op)` is committed by the caller,
 * which lets a state change and its event commit together.
 */
export async function prepareEvent(
  ctx: Ctx,
  siteId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<PreparedEvent> {
  const now = ctx.clock.now();
  const createdAt = isoTime(now);
  const id = crypto.randomUUID();
  const body = JSON.stringify({
    id,
    type,
    created_at: createdAt,
    site_id: siteId,
    data: cleanData(data),
  });
  const webhooks = (await listWebhooksOfSite(ctx.kv, siteId)).filter((w) =>
    !w.paused && subscribes(w.events, type)
  );
  const event: EventRecord = {
    id,
    type,
    site_id: siteId,
    created_at: createdAt,
    body: await packText(ctx.kv, body, { expireIn: EVENT_RETENTION_MS }),
  };
  // Index by a time-ordered id: the event id itself is a random UUID (spec).
  const order = uuidv7(now);
  const deliveries: Delivery[] = webhooks.map((w) => ({
    id: crypto.randomUUID(),
    event_id: id,
    event_type: type,
    webhook_id: w.id,
    site_id: siteId,
    state: "pending",
    attempts: [],
    next_attempt_at: createdAt,
    created_at: createdAt,
    updated_at: createdAt,
  }));
  const expireIn = EVENT_RETENTION_MS;
  return {
    event,
    body,
    deliveries,
    apply(op) {
      op.set(keys.event(id), event, { expireIn })
        .set(keys.eventBySite(siteId, order), id, { expireIn });
      for (const d of deliveries) {
        op.set(keys.delivery(d.id), d, { expireIn })
          .set(keys.deliveryByWebhook(d.webhook_id, uuidv7(now)), d.id, { expireIn });
        schedule(ctx, op, {
          kind: WEBHOOK_DELIVERY_JOB,
          payload: { delivery_id: d.id },
          runAt: now,
        });
      }
      return op;
    },
  };
}

/** Emits an event on its own atomic operation. */
export async function emitEvent(
  ctx: Ctx,
  siteId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<PreparedEvent> {
  const p = await prepareEvent(ctx, siteId, type, data);
  await commit(p.apply(ctx.kv.atomic()), `emit ${type}`);
  return p;
}
