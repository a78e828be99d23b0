/**
 * The one way events leave the service. `emitEvent` builds the spec's outer
 * body, stores it with the ids of its deliveries, one per subscribed, unpaused
 * webhook of the site (from the site's routing, one key), and their fan-out
 * job, all in one atomic operation. The fan-out job (delivery_job.ts) does the
 * HTTP part and stores each delivery with its first attempt.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { schedule } from "../kernel/jobs.ts";
import { webhookFanoutJob } from "./delivery_job.ts";
import { commit } from "../kernel/kv/kv.ts";
import { INLINE_TEXT_MAX, packText } from "../kernel/kv/blob.ts";
import {
  type Delivery,
  EVENT_RETENTION_MS,
  type EventRecord,
  freshDelivery,
  putEventMutations,
} from "./store.ts";
import { readRouting, type WebhookRoute } from "../sites/routing.ts";

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

export { EVENT_RETENTION_MS };

/**
 * Types a webhook can subscribe to. webhook.test is not among them: it goes to
 * the webhook being tested, whatever its list says.
 */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((t) => t !== "webhook.test");

/** Whether a webhook's event list asks for `type` ("all" includes future types). */
export function subscribes(events: string[], type: string): boolean {
  return events.includes("all") || events.includes(type);
}

/** Drops fields with no value (undefined, null, empty string) from event data. */
export function cleanData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for-in over own names: the same names in the same order as Object.entries, without its pairs.
  for (const k in data) {
    if (!Object.hasOwn(data, k)) continue;
    const v = data[k];
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
 * Builds an event and its deliveries to the site's webhooks (from the site's
 * routing: pass `webhooks` when it was read already, else it is read here);
 * large bodies are written as a blob now. Nothing is visible until `apply(op)`
 * is committed by the caller, which lets a state change and its event commit
 * together.
 */
export async function prepareEvent(
  ctx: Ctx,
  siteId: string,
  type: EventType,
  data: Record<string, unknown>,
  webhooks?: readonly WebhookRoute[],
  /** test: caused by a svc_test_ key (the sandbox); the body then carries `test: true`. */
  opts: { test?: boolean } = {},
): Promise<PreparedEvent> {
  if (type === "webhook.test") {
    // A test goes to one webhook, once, and is answered at once (domain/webhooks/webhooks.ts).
    throw new Error("webhook.test is sent with sendTest, not emitted");
  }
  const now = ctx.clock.now();
  const createdAt = isoTime(now);
  // Time-ordered (UUIDv7): the spec asks a UUID unique per event, and a random
  // one put every event record at a random place in the KV file's B-tree, a
  // page of SQLite work per event; in time order they append (performance.md,
  // "Writes and reads"). Events stored with random ids read as before.
  const id = uuidv7(now);
  const body = JSON.stringify({
    id,
    type,
    created_at: createdAt,
    site_id: siteId,
    ...(opts.test && { test: true }),
    data: cleanData(data),
  });
  const targets = (webhooks ?? (await readRouting(ctx.kv, siteId)).webhooks).filter((w) =>
    !w.paused && subscribes(w.events, type)
  );
  const requestId = ctx.requestScope.getStore()?.request_id;
  const event: EventRecord = {
    id,
    type,
    site_id: siteId,
    created_at: createdAt,
    // Chunks outlive the record a little, so a record never points at expired chunks.
    body: body.length <= INLINE_TEXT_MAX
      ? { inline: body }
      : await packText(ctx.kv, body, { expireIn: EVENT_RETENTION_MS + 86_400_000 }),
    // Time-ordered ids, so a webhook's deliveries list newest first by key.
    deliveries: targets.map((w) => ({ id: uuidv7(now), webhook_id: w.id })),
    // The API request that caused the event, when there was one (its log lines carry it too).
    ...(requestId !== undefined && { request_id: requestId }),
  };
  // The site's index is time-ordered: by the id (older events: a separate v7).
  const order = id;
  // Written by their first attempts (delivery_job.ts), not here: each delivery
  // record is stored once, with its first outcome.
  const deliveries = event.deliveries!.map((d) => freshDelivery(event, d.id, d.webhook_id));
  return {
    event,
    body,
    deliveries,
    apply(op) {
      putEventMutations(op, event, order);
      // One job for the event's first attempts (delivery_job.ts: webhookFanoutJob).
      if (deliveries.length) {
        schedule(ctx, op, {
          job: webhookFanoutJob,
          // The delivery ids are in the event record, which the job reads.
          payload: {
            event_id: id,
            webhook_ids: deliveries.map((d) => d.webhook_id),
            records: "first_attempt",
          },
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
