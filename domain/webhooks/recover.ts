/**
 * Recovering dropped webhook deliveries (POST /admin/api/v1/webhooks/{id}/recover,
 * and the dashboard's button on the webhook's delivery log): every delivery of
 * the webhook since a time whose attempts all failed (`dropped`) is delivered
 * again as a new delivery of the same event: the same body and event id, a new
 * X-SVC-Delivery, signed as usual, on the spec's schedule (3 attempts).
 *
 * The request counts what it will queue (reads only, at most RECOVER_SCAN_MAX
 * deliveries) and schedules one `webhook_recover` job; the job queues them in
 * batches (RECOVER_BATCH per atomic op, RECOVER_RUN per run, then it
 * reschedules itself with its cursor), so no request or commit grows with the
 * log. Each queued one is written with its dropped delivery marked
 * `recovered_by` (checked against the version read), so a second recover never
 * queues the same delivery twice; the new delivery carries `recovers`, and its
 * own state (succeeded, dropped) says how the recovery went.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { defineJob, type JobRun, schedule } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import {
  createDeliveryMutations,
  type Delivery,
  getDeliveries,
  getWebhook,
  updateDeliveryMutations,
} from "./store.ts";
import { newestDeliveryId, pageDeliveriesOfWebhook } from "./recover_store.ts";
import { webhookDeliveryJob } from "./delivery_job.ts";

/** Deliveries a recover request looks at, at most (the newest past this wait for another call). */
export const RECOVER_SCAN_MAX = 10_000;
/** Deliveries queued per atomic op (each: a checked update, two records, a job). */
const RECOVER_BATCH = 10;
/** Deliveries a job run looks at before it reschedules itself. */
const RECOVER_RUN = 200;
/** Index page size of the request's count. */
const COUNT_PAGE = 500;

export const RecoverBody = z.object({
  since: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }),
});

/** The smallest UUIDv7 of millisecond `ms`: the index id from which deliveries are that new. */
function firstIdAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0").slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

const recoverable = (d: Delivery | null): d is Delivery =>
  d !== null && d.state === "dropped" && d.recovered_by === undefined;

/**
 * Queues the recovery of webhook `webhookId`'s dropped deliveries since
 * `since` (ISO 8601); null when there is no such webhook.
 */
export async function recoverWebhook(
  ctx: Ctx,
  webhookId: string,
  since: string,
): Promise<{ queued: number } | null> {
  const webhook = await getWebhook(ctx.kv, webhookId);
  if (!webhook) return null;
  const through = await newestDeliveryId(ctx.kv, webhookId);
  const from = firstIdAt(Date.parse(since));
  if (through === null || through < from) return { queued: 0 };
  let queued = 0;
  let cursor = from;
  let last = from;
  for (let scanned = 0; scanned < RECOVER_SCAN_MAX;) {
    const limit = Math.min(COUNT_PAGE, RECOVER_SCAN_MAX - scanned);
    const page = await pageDeliveriesOfWebhook(ctx.kv, webhookId, cursor, through, limit);
    for (const e of page.entries) if (recoverable(e.value)) queued++;
    scanned += page.ids.length;
    if (page.ids.length > 0) last = page.ids[page.ids.length - 1];
    if (page.ids.length < limit) break;
    cursor = `${last}\u0000`;
  }
  if (queued === 0) return { queued: 0 };
  const op = ctx.kv.atomic();
  schedule(ctx, op, {
    job: webhookRecoverJob,
    payload: { webhook_id: webhookId, from, through: last },
    runAt: ctx.clock.now(),
  });
  await commit(op, "schedule webhook recovery");
  return { queued };
}

const RecoverPayload = z.object({
  webhook_id: z.string(),
  /** Index id to go on from (inclusive). */
  from: z.string(),
  /** The last index id the request counted (inclusive). */
  through: z.string(),
});

/** Queues the next batches of a recovery (see the top of this file). */
async function runRecover(ctx: Ctx, run: JobRun<z.output<typeof RecoverPayload>>): Promise<void> {
  const { webhook_id, from, through } = run.payload;
  const page = await pageDeliveriesOfWebhook(ctx.kv, webhook_id, from, through, RECOVER_RUN);
  const todo = page.entries.filter((e) => recoverable(e.value)) as Deno.KvEntry<Delivery>[];
  const done = page.ids.length < RECOVER_RUN;
  const now = ctx.clock.now();
  for (let i = 0; i < todo.length; i += RECOVER_BATCH) {
    await queueBatch(ctx, todo.slice(i, i + RECOVER_BATCH), now);
  }
  const op = ctx.kv.atomic();
  if (done || page.ids.length === 0) run.finish(op);
  else run.reschedule(op, now, { ...run.payload, from: `${page.ids[page.ids.length - 1]}\u0000` });
  await commit(op, "webhook recovery progress");
}

/**
 * One atomic op of recoveries. When one of them changed since it was read (a
 * second recover queued it), the batch is read again and what is still
 * dropped is queued.
 */
async function queueBatch(ctx: Ctx, batch: Deno.KvEntry<Delivery>[], now: number): Promise<void> {
  for (let tries = 0; batch.length > 0; tries++) {
    const op = ctx.kv.atomic();
    for (const entry of batch) {
      const old = entry.value;
      const id = uuidv7(now);
      const fresh: Delivery = {
        id,
        event_id: old.event_id,
        event_type: old.event_type,
        webhook_id: old.webhook_id,
        site_id: old.site_id,
        ...(old.request_id !== undefined && { request_id: old.request_id }),
        state: "pending",
        attempts: [],
        next_attempt_at: isoTime(now),
        note: null,
        recovers: old.id,
        created_at: isoTime(now),
        updated_at: isoTime(now),
      };
      updateDeliveryMutations(op, entry, { ...old, recovered_by: id }, now);
      createDeliveryMutations(op, fresh, now);
      schedule(ctx, op, { job: webhookDeliveryJob, payload: { delivery_id: id }, runAt: now });
    }
    if ((await op.commit()).ok) return;
    if (tries >= 10) throw new Error("webhook recovery: deliveries kept changing");
    const again = await getDeliveries(ctx.kv, batch.map((e) => e.value.id));
    batch = again.filter((e) => recoverable(e.value)) as Deno.KvEntry<Delivery>[];
  }
}

export const webhookRecoverJob = defineJob("webhook_recover", RecoverPayload, runRecover);
