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
 *
 * First attempts go out by event (`webhookFanoutJob`, payload: the event's
 * delivery and webhook ids): one job, one queue message, one claim and one
 * read for all of an event's deliveries (up to MAX_WEBHOOKS_PER_SITE), posted
 * at once. A delivery is stored once, by its first attempt, with that
 * attempt's outcome (the event lists its delivery ids meanwhile); an answer
 * slower than FIRST_RECORD_WAIT_MS has the delivery stored pending first.
 * Each outcome commits as soon as its answer is in (the group commit gathers
 * them), its record checked absent (or, stored pending, at its versionstamp);
 * a failed first attempt schedules that delivery's own `webhookDeliveryJob`
 * for its retries, at the same times. A fan-out run again after a crash (its
 * second run) reads what is stored and skips the deliveries stored with an
 * attempt: at least once, as before. Measured in docs/performance.md.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { defineJob, type JobRun, schedule } from "../kernel/jobs.ts";
import { commit } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import {
  createDelivery,
  createDeliveryMutations,
  type Delivery,
  freshDelivery,
  getDeliveries,
  getDeliveryEntry,
  getEvent,
  getFanoutRecords,
  getWebhook,
  type LastStatus,
  updateDeliveryMutations,
  type Webhook,
} from "./store.ts";
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS, sendToWebhook, WEBHOOK_TIMEOUT_MS } from "./delivery.ts";

const DeliveryPayload = z.object({ delivery_id: z.string() });

/** How an attempt's outcome ends its job: the delivery's own job, or (in a fan-out) none yet. */
type Ending = {
  /** Adds "done" (succeeded, dropped or cancelled) to `op`. */
  done(op: Deno.AtomicOperation): Deno.AtomicOperation;
  /** Adds "next attempt at `at`" to `op`. */
  retry(op: Deno.AtomicOperation, at: number): Deno.AtomicOperation;
};

function ownJob(run: JobRun<z.output<typeof DeliveryPayload>>): Ending {
  return { done: (op) => run.finish(op), retry: (op, at) => run.reschedule(op, at) };
}

/** In a fan-out: a retry becomes the delivery's own job; the fan-out job ends on its own. */
function fanOutEnding(ctx: Ctx, deliveryId: string): Ending {
  return {
    done: (op) => op,
    retry: (op, at) => {
      schedule(ctx, op, {
        job: webhookDeliveryJob,
        payload: { delivery_id: deliveryId },
        runAt: at,
      });
      return op;
    },
  };
}

/** How long a first attempt waits for its answer before its delivery is stored pending. */
export const FIRST_RECORD_WAIT_MS = 1_000;

/** What a first attempt's wait for its answer resolves to when FIRST_RECORD_WAIT_MS is over. */
const LATE = Symbol("late");

/**
 * One timer for all of a fan-out's first attempts (they start together): a
 * promise that resolves to LATE after `ms`, and its cancel. A timer per
 * delivery cost about 2 % of the job worker (performance.md, "Webhook fan-out").
 */
function lateAfter(ms: number): { late: Promise<typeof LATE>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((r) => (timer = setTimeout(() => r(LATE), ms)));
  return { late, cancel: () => clearTimeout(timer) };
}

/**
 * Adds "the delivery becomes `next`" to `op`: over the stored record read at
 * `prior`, or (a first attempt of a fan-out, prior null) as its first record.
 */
function recordMutations(
  op: Deno.AtomicOperation,
  prior: Deno.KvEntry<Delivery> | null,
  next: Delivery,
  now: number,
  attempted?: { succeeded: boolean; last: LastStatus },
): Deno.AtomicOperation {
  return prior
    ? updateDeliveryMutations(op, prior, next, now, attempted)
    : createDeliveryMutations(op, next, now, attempted);
}

async function cancelDelivery(
  ctx: Ctx,
  prior: Deno.KvEntry<Delivery> | null,
  d: Delivery,
  note: string,
  end: Ending,
): Promise<void> {
  const now = ctx.clock.now();
  const next: Delivery = {
    ...d,
    state: "cancelled",
    next_attempt_at: null,
    note,
    updated_at: isoTime(now),
  };
  await commit(
    end.done(recordMutations(ctx.kv.atomic(), prior, next, now)),
    "cancel webhook delivery",
  );
}

/**
 * One attempt of pending delivery `d` and its outcome, committed: over its
 * record read at `prior`, or, for a first attempt not stored yet (prior null),
 * as its first record with the outcome in it. If that answer comes after
 * `late` (the fan-out's FIRST_RECORD_WAIT_MS) the delivery is stored pending
 * first, so the operator sees it while it waits.
 */
async function attempt(
  ctx: Ctx,
  prior: Deno.KvEntry<Delivery> | null,
  d: Delivery,
  webhook: Webhook,
  body: string,
  end: Ending,
  late?: Promise<typeof LATE>,
): Promise<void> {
  const { kv, clock, log } = ctx;
  const n = d.attempts.length + 1;
  const startedAt = clock.now();
  const posting = sendToWebhook(ctx, webhook, body, d.event_type, d.id, d.id);
  let r = prior === null && late ? await Promise.race([posting, late]) : await posting;
  if (r === LATE) {
    prior = await createDelivery(kv, d, startedAt);
    r = await posting;
  }
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
    end.done(op);
  } else if (n >= MAX_ATTEMPTS) {
    next = { ...d, state: "dropped", attempts, next_attempt_at: null, updated_at: isoTime(now) };
    end.done(op);
  } else {
    const at = now + ATTEMPT_DELAYS_MS[n];
    next = { ...d, attempts, next_attempt_at: isoTime(at), updated_at: isoTime(now) };
    end.retry(op, at);
  }
  recordMutations(op, prior, next, now, {
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

async function deliverWebhook(
  ctx: Ctx,
  run: JobRun<z.output<typeof DeliveryPayload>>,
): Promise<void> {
  const { kv } = ctx;
  const entry = await getDeliveryEntry(kv, run.payload.delivery_id);
  const d = entry.value;
  if (!d || entry.versionstamp === null || d.state !== "pending") {
    // Gone (expired) or settled already: nothing to send.
    await commit(run.finish(kv.atomic()), "finish webhook job");
    return;
  }
  const settled = entry as Deno.KvEntry<Delivery>;
  const end = ownJob(run);
  const webhook = await getWebhook(kv, d.webhook_id);
  if (!webhook) return await cancelDelivery(ctx, settled, d, "webhook deleted", end);
  if (webhook.paused) return await cancelDelivery(ctx, settled, d, "webhook paused", end);
  const event = await getEvent(kv, d.event_id);
  if (!event) return await cancelDelivery(ctx, settled, d, "event expired", end);
  await attempt(ctx, settled, d, webhook, await unpackText(kv, event.body), end);
}

const FanoutPayload = z.object({
  event_id: z.string(),
  /**
   * The deliveries' ids, in jobs scheduled by a release that put them in the
   * payload; now they are read from the event record (which lists them),
   * which the job reads anyway.
   */
  delivery_ids: z.array(z.string()).optional(),
  /** The webhooks' ids (one per delivery, in the event's order). */
  webhook_ids: z.array(z.string()),
  /**
   * "first_attempt": the deliveries are stored by their first attempts (events
   * since then). Absent: stored with the event, pending (jobs from before).
   */
  records: z.literal("first_attempt").optional(),
});

/** The first attempts of an event's deliveries, at once (see the top of this file). */
async function fanOut(ctx: Ctx, run: JobRun<z.output<typeof FanoutPayload>>): Promise<void> {
  const { kv } = ctx;
  const { event_id, delivery_ids, webhook_ids } = run.payload;
  const firstAttempt = run.payload.records === "first_attempt";
  // The first run of a job whose attempts store the deliveries finds none
  // stored: no read. A run after a crash reads them and skips those stored.
  const readStored = !firstAttempt || run.job.runs > 1;
  const read = await getFanoutRecords(
    kv,
    event_id,
    [...new Set(webhook_ids)],
    readStored && delivery_ids ? delivery_ids : [],
  );
  const { event, webhooks } = read;
  // The deliveries: from the payload (jobs from before) or the event's list.
  const list = delivery_ids
    ? delivery_ids.map((id, i) => ({ id, webhook_id: webhook_ids[i] }))
    : event?.deliveries ?? [];
  const stored = !readStored
    ? []
    : delivery_ids
    ? read.deliveries
    : await getDeliveries(kv, list.map((d) => d.id));
  const todo: { prior: Deno.KvEntry<Delivery> | null; d: Delivery }[] = [];
  list.forEach(({ id, webhook_id }, i) => {
    const entry = readStored ? stored[i] : null;
    if (entry?.value && entry.versionstamp !== null) {
      // Pending and not yet attempted; one with an attempt has its own job.
      const d = entry.value;
      if (d.state === "pending" && d.attempts.length === 0) {
        todo.push({ prior: entry as Deno.KvEntry<Delivery>, d });
      }
    } else if (firstAttempt && event) {
      todo.push({ prior: null, d: freshDelivery(event, id, webhook_id) });
    }
  });
  const body = event && todo.length ? await unpackText(kv, event.body) : null;
  const wait = todo.some((t) => t.prior === null) ? lateAfter(FIRST_RECORD_WAIT_MS) : null;
  // All settled before a failure retries the job: no attempt may still be in flight then.
  const results = await Promise.allSettled(todo.map(({ prior, d }) => {
    const end = fanOutEnding(ctx, d.id);
    const webhook = webhooks.get(d.webhook_id);
    if (!webhook) return cancelDelivery(ctx, prior, d, "webhook deleted", end);
    if (webhook.paused) return cancelDelivery(ctx, prior, d, "webhook paused", end);
    if (body === null) return cancelDelivery(ctx, prior, d, "event expired", end);
    return attempt(ctx, prior, d, webhook, body, end, wait?.late);
  }));
  wait?.cancel();
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  await commit(run.finish(kv.atomic()), "finish webhook fan-out job");
}

export const webhookDeliveryJob = defineJob("webhook_delivery", DeliveryPayload, deliverWebhook, {
  // One attempt takes at most the timeout; a crashed attempt is retried soon after.
  leaseMs: WEBHOOK_TIMEOUT_MS + 5_000,
});

export const webhookFanoutJob = defineJob("webhook_fanout", FanoutPayload, fanOut, {
  // The attempts run at once: one takes at most the timeout.
  leaseMs: WEBHOOK_TIMEOUT_MS + 5_000,
});
