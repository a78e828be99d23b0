/**
 * Job handler for one attempt of one webhook delivery (job kind
 * WEBHOOK_DELIVERY_JOB, payload `{delivery_id}`).
 *
 * The job was claimed before this runs, so a duplicate queue message finds no
 * pending job and never gets here. The attempt's outcome, the webhook's
 * counters and latest status, and the end of the job (finish, or reschedule
 * for the next attempt) commit in one atomic operation guarded by the
 * delivery's versionstamp: after a crash either all of it happened or the
 * attempt is made again (at least once), and a delivery that already
 * succeeded is never posted again.
 */
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import type { JobRun } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import {
  type Delivery,
  getDeliveryEntry,
  getEvent,
  getWebhook,
  updateDeliveryMutations,
} from "./store.ts";
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS, sendToWebhook } from "./delivery.ts";

export async function deliverWebhook(ctx: Ctx, run: JobRun): Promise<void> {
  const { kv, clock, log } = ctx;
  const id = String(run.payload.delivery_id ?? "");
  const entry = await getDeliveryEntry(kv, id);
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
  const r = await sendToWebhook(ctx, webhook, body, d.event_type, d.id);
  const now = clock.now();
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
