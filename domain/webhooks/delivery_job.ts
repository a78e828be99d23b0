/**
 * The job of one attempt of one webhook delivery (`webhookDeliveryJob`,
 * payload `{delivery_id}`), and its retries: after a failed attempt the job is
 * rescheduled by the spec's schedule (ATTEMPT_DELAYS_MS in delivery.ts) until
 * MAX_ATTEMPTS, then the delivery is dropped.
 *
 * The job was claimed before this runs, so a duplicate queue message finds no
 * pending job and never gets here. The attempt's outcome, the webhook's
 * counters and latest status, and the end of the job (finish, or reschedule
 * for the next attempt) commit in one atomic operation guarded by the
 * delivery's versionstamp: after a crash either all of it happened or the
 * attempt is made again (at least once), and a delivery that already
 * succeeded is never posted again.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { defineJob, type JobRun } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import {
  type Delivery,
  getDeliveryEntry,
  getEvent,
  getWebhook,
  updateDeliveryMutations,
} from "./store.ts";
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS, sendToWebhook, WEBHOOK_TIMEOUT_MS } from "./delivery.ts";

const DeliveryPayload = z.object({ delivery_id: z.string() });

async function deliverWebhook(
  ctx: Ctx,
  run: JobRun<z.output<typeof DeliveryPayload>>,
): Promise<void> {
  const { kv, clock, log } = ctx;
  const entry = await getDeliveryEntry(kv, run.payload.delivery_id);
  const d = entry.value;
  if (!d || entry.versionstamp === null || d.state !== "pending") {
    // Gone (expired) or settled already: nothing to send.
    await commit(run.finish(kv.atomic()), "finish webhook job");
    return;
  }
  const settled = entry as Deno.KvEntry<Delivery>;

  const cancel = async (note: string) => {
    const now = clock.now();
    const next: Delivery = {
      ...d,
      state: "cancelled",
      next_attempt_at: null,
      note,
      updated_at: isoTime(now),
    };
    await commit(
      run.finish(updateDeliveryMutations(kv.atomic(), settled, next, now)),
      "cancel webhook delivery",
    );
  };

  const webhook = await getWebhook(kv, d.webhook_id);
  if (!webhook) return await cancel("webhook deleted");
  if (webhook.paused) return await cancel("webhook paused");
  const event = await getEvent(kv, d.event_id);
  if (!event) return await cancel("event expired");
  const body = await unpackText(kv, event.body);

  const n = d.attempts.length + 1;
  const startedAt = clock.now();
  const r = await sendToWebhook(ctx, webhook, body, d.event_type, d.id, d.id);
  const now = clock.now();
  ctx.metrics.inc("svc_webhook_attempts_total", { outcome: r.ok ? "success" : "failure" });
  const attempts = [...d.attempts, {
    n,
    at: isoTime(startedAt),
    status: r.status,
    duration_ms: r.duration_ms,
    error: r.error,
  }];
  const op = kv.atomic();
  let next: Delivery;
  if (r.ok) {
    next = { ...d, state: "succeeded", attempts, next_attempt_at: null, updated_at: isoTime(now) };
    run.finish(op);
  } else if (n >= MAX_ATTEMPTS) {
    next = { ...d, state: "dropped", attempts, next_attempt_at: null, updated_at: isoTime(now) };
    run.finish(op);
  } else {
    const at = now + ATTEMPT_DELAYS_MS[n];
    next = { ...d, attempts, next_attempt_at: isoTime(at), updated_at: isoTime(now) };
    run.reschedule(op, at);
  }
  updateDeliveryMutations(op, settled, next, now, {
    succeeded: r.ok,
    last: { status: r.status, at: isoTime(startedAt) },
  });
  await commit(op, "record webhook attempt");
  if (!r.ok) {
    log.info("webhook attempt failed", {
      delivery: d.id,
      webhook: d.webhook_id,
      attempt: n,
      error: r.error,
      next: next.next_attempt_at,
    });
  }
}

export const webhookDeliveryJob = defineJob("webhook_delivery", DeliveryPayload, deliverWebhook, {
  // One attempt takes at most the timeout; a crashed attempt is retried soon after.
  leaseMs: WEBHOOK_TIMEOUT_MS + 5_000,
});
