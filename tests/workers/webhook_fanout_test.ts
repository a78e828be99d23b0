/**
 * An event's first attempts go out as one fan-out job (domain/webhooks/
 * delivery_job.ts): one job for all its deliveries, each webhook posted once,
 * and a failed first attempt retried by that delivery's own job at the spec's
 * times (1.5 s, then 3 s) without touching the deliveries that succeeded.
 */
import assert from "node:assert/strict";
import { emitEvent } from "../../domain/webhooks/events.ts";
import {
  countJobs,
  dueJobIds,
  getJobEntry,
  replaceJobMutations,
} from "../../domain/kernel/jobs_store.ts";
import { commit } from "../../domain/kernel/kv/kv.ts";
import { createDelivery, getDeliveryEntry } from "../../domain/webhooks/store.ts";
import { FIRST_RECORD_WAIT_MS, webhookFanoutJob } from "../../domain/webhooks/delivery_job.ts";
import { schedule } from "../../domain/kernel/jobs.ts";
import { Slots } from "../../domain/kernel/slots.ts";
import { eventually, seedSite, startTestService, stillTrueFor } from "../helpers/service.ts";
import { startReceiver } from "../helpers/webhook_receiver.ts";
import {
  addWebhook,
  findDelivery,
  settled,
  submittedData,
  webhookState,
} from "../helpers/webhooks.ts";

Deno.test("one fan-out job per event; a failing webhook retries alone at 1.5 s and 3 s", async () => {
  const svc = await startTestService();
  // /ok-N answer 200; /flaky answers 500 twice, then 200.
  let flaky = 0;
  const rx = startReceiver((req) => {
    if (new URL(req.url).pathname !== "/flaky") return new Response("ok");
    return new Response(null, { status: ++flaky <= 2 ? 500 : 200 });
  });
  try {
    const { siteId } = await seedSite(svc);
    const base = rx.url.replace(/\/hook$/, "");
    const hooks = [];
    for (const path of ["/ok-1", "/ok-2", "/ok-3", "/flaky"]) {
      hooks.push(await addWebhook(svc, siteId, base + path));
    }
    const before = await countJobs(svc.ctx.kv);
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    assert.equal(p.deliveries.length, 4);
    // One job for the four deliveries (it may have started already, never more than one).
    assert.ok(await countJobs(svc.ctx.kv) - before <= 1);

    const states = await Promise.all(p.deliveries.map((d) => settled(svc, d.id, 15_000)));
    assert.deepEqual(states.map((d) => d.state), [
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
    ]);
    const byPath = (path: string) => rx.requests.filter((r) => new URL(r.url).pathname === path);
    for (const path of ["/ok-1", "/ok-2", "/ok-3"]) assert.equal(byPath(path).length, 1, path);
    const f = byPath("/flaky");
    assert.equal(f.length, 3);
    const gaps = [f[1].at - f[0].at, f[2].at - f[1].at];
    assert.ok(gaps[0] >= 1_450 && gaps[0] < 2_500, `first gap ${gaps[0]}`);
    assert.ok(gaps[1] >= 2_950 && gaps[1] < 4_000, `second gap ${gaps[1]}`);
    // The same X-SVC-Delivery on every attempt, and each delivery has its own.
    assert.equal(new Set(f.map((r) => r.headers.get("x-svc-delivery"))).size, 1);
    assert.equal(new Set(rx.requests.map((r) => r.headers.get("x-svc-delivery"))).size, 4);

    const flakyState = await webhookState(svc, hooks[3].id);
    assert.deepEqual([flakyState.success_count, flakyState.failure_count], [1, 2]);
    await stillTrueFor(300, () => rx.requests.length === 6, "no further POST");
    assert.equal(await countJobs(svc.ctx.kv), 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});

for (const answer of ["empty 204", "200 with a body"]) {
  Deno.test(`deliveries reuse keep-alive connections to a receiver (${answer})`, async () => {
    const svc = await startTestService();
    // Client ports seen: one per TCP connection the service opened.
    const ports = new Set<number>();
    let got = 0;
    const rx = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      async (req, info) => {
        await req.arrayBuffer();
        ports.add(info.remoteAddr.port);
        got++;
        return answer === "empty 204"
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ received: true, note: "x".repeat(2000) }));
      },
    );
    try {
      const { siteId } = await seedSite(svc);
      for (let i = 0; i < 4; i++) {
        await addWebhook(svc, siteId, `http://127.0.0.1:${rx.addr.port}/hook-${i}`);
      }
      // Event after event, as a steady stream does: 4 x 10 deliveries.
      for (let i = 0; i < 10; i++) {
        const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
        await Promise.all(p.deliveries.map((d) => settled(svc, d.id, 10_000)));
      }
      assert.equal(got, 40);
      // At most one connection per concurrent request (4 at a time), not one per delivery.
      assert.ok(ports.size <= 4, `${ports.size} connections for 40 deliveries`);
    } finally {
      await rx.shutdown();
      await svc.close();
    }
  });
}

Deno.test("a delivery is stored once, by its first attempt; the event lists it pending until then", async () => {
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const id = p.deliveries[0].id;
    // Not stored yet, but the event's view shows it pending.
    assert.equal(await findDelivery(svc, id), null);
    const ev = await svc.admin("GET", `/events/${p.event.id}`);
    assert.equal(ev.status, 200);
    const listed = ev.body.deliveries as { id: string; state: string; webhook_id: string }[];
    assert.deepEqual(listed.map((d) => [d.id, d.state, d.webhook_id]), [[id, "pending", hook.id]]);
    // Its first attempt stores it with the outcome: one write of the record.
    let writes = 0;
    const watch = svc.ctx.kv.watch([(await getDeliveryEntry(svc.ctx.kv, id)).key]).getReader();
    const watching = (async () => {
      for (;;) {
        const { value, done } = await watch.read();
        if (done) return;
        if (value[0].versionstamp) writes++;
      }
    })();
    svc.runner.start();
    const d = await settled(svc, id);
    assert.deepEqual([d.state, d.attempts.length, d.attempts[0].status], ["succeeded", 1, 200]);
    // The watch reports the write on its own time (late on a loaded machine):
    // wait for it, then see that no second write follows.
    await eventually(() => writes >= 1);
    await stillTrueFor(300, () => writes === 1, "the record was written once");
    await watch.cancel();
    await watching;
    const after = await svc.admin("GET", `/events/${p.event.id}`);
    assert.equal((after.body.deliveries as { state: string }[])[0].state, "succeeded");
    const listedByHook = await svc.admin("GET", `/webhooks/${hook.id}/deliveries`);
    assert.deepEqual((listedByHook.body.items as { id: string }[]).map((x) => x.id), [id]);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a slow answer: the delivery is stored pending after FIRST_RECORD_WAIT_MS, then with its outcome", async () => {
  const svc = await startTestService();
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  const rx = startReceiver(async () => {
    await answered;
    return new Response(null, { status: 204 });
  });
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url);
    const t0 = performance.now();
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const id = p.deliveries[0].id;
    const pending = await eventually(() => findDelivery(svc, id), FIRST_RECORD_WAIT_MS + 3000);
    assert.ok(performance.now() - t0 >= FIRST_RECORD_WAIT_MS - 50, "not before the wait");
    assert.deepEqual([pending.state, pending.attempts.length], ["pending", 0]);
    answer();
    const d = await settled(svc, id);
    assert.deepEqual([d.state, d.attempts.length, d.attempts[0].status], ["succeeded", 1, 204]);
    assert.equal(rx.requests.length, 1);
  } finally {
    answer();
    await rx.close();
    await svc.close();
  }
});

Deno.test("a fan-out run again after a crash posts only the deliveries not stored with an attempt", async () => {
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const a = await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/a"));
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/b"));
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const [first, second] = p.deliveries;
    assert.equal(first.webhook_id, a.id);
    // The first run claimed the job, stored the first delivery with its
    // attempt, and died before the second's: the job is running, lease over.
    const kv = svc.ctx.kv;
    const [jobId] = await dueJobIds(kv, Date.now(), 10);
    const job = await getJobEntry(kv, jobId);
    await commit(
      replaceJobMutations(kv.atomic(), job.value!, job.versionstamp!, {
        ...job.value!,
        state: "running",
        runs: 1,
        due_at: Date.now() - 1,
      }),
      "crashed claim",
    );
    const at = new Date().toISOString();
    await createDelivery(kv, {
      ...first,
      state: "succeeded",
      attempts: [{ n: 1, at, status: 200, duration_ms: 3, error: null }],
      next_attempt_at: null,
    }, Date.now());
    await svc.runner.sweep();
    await svc.runner.idle();
    const d2 = await settled(svc, second.id);
    assert.deepEqual([d2.state, d2.attempts.length], ["succeeded", 1]);
    assert.deepEqual(rx.requests.map((r) => new URL(r.url).pathname), ["/b"]);
    assert.equal((await findDelivery(svc, first.id))!.attempts.length, 1);
    assert.equal(await countJobs(kv), 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a fan-out job from before (deliveries stored pending with the event) still delivers them", async () => {
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url);
    const kv = svc.ctx.kv;
    // The event as it is stored now, its delivery stored pending and an old-style job.
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    for (const id of await dueJobIds(kv, Date.now(), 10)) {
      const j = await getJobEntry(kv, id);
      await kv.delete(j.key);
    }
    const [d] = p.deliveries;
    await createDelivery(kv, d, Date.now());
    const op = kv.atomic();
    schedule(svc.ctx, op, {
      job: webhookFanoutJob,
      payload: { event_id: p.event.id, delivery_ids: [d.id], webhook_ids: [d.webhook_id] },
      runAt: Date.now(),
    });
    await commit(op, "old-style fan-out job");
    svc.runner.start();
    const done = await settled(svc, d.id);
    assert.deepEqual([done.state, done.attempts.length], ["succeeded", 1]);
    assert.equal(rx.requests.length, 1);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a fan-out holds at most the context's webhook slots in flight and delivers the rest as slots free", async () => {
  const svc = await startTestService();
  svc.ctx.webhookPosts = new Slots(3);
  let now = 0;
  let most = 0;
  const rx = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    await req.arrayBuffer();
    most = Math.max(most, ++now);
    await new Promise((r) => setTimeout(r, 30));
    now--;
    return new Response(null, { status: 204 });
  });
  try {
    const { siteId } = await seedSite(svc);
    for (let i = 0; i < 10; i++) {
      await addWebhook(svc, siteId, `http://127.0.0.1:${rx.addr.port}/hook-${i}`);
    }
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const states = await Promise.all(p.deliveries.map((d) => settled(svc, d.id, 10_000)));
    assert.ok(states.every((d) => d.state === "succeeded"));
    assert.equal(most, 3, "three POSTs at a time");
    assert.equal(svc.ctx.webhookPosts.busy, 0);
  } finally {
    await rx.shutdown();
    await svc.close();
  }
});

Deno.test("a fan-out job carries the event and webhook ids; its deliveries' ids are read from the event", async () => {
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/a"));
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/b"));
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const [jobId] = await dueJobIds(svc.ctx.kv, Date.now(), 10);
    const job = (await getJobEntry(svc.ctx.kv, jobId)).value!;
    assert.deepEqual(job.payload, {
      event_id: p.event.id,
      webhook_ids: p.deliveries.map((d) => d.webhook_id),
      records: "first_attempt",
    });
    svc.runner.start();
    const done = await Promise.all(p.deliveries.map((d) => settled(svc, d.id)));
    assert.deepEqual(done.map((d) => [d.state, d.attempts.length]), [
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
    assert.deepEqual(rx.requests.map((r) => new URL(r.url).pathname).sort(), ["/a", "/b"]);
    assert.deepEqual(
      rx.requests.map((r) => r.headers.get("x-svc-delivery")).sort(),
      p.deliveries.map((d) => d.id).sort(),
    );
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a fan-out job of phases 3 to 7 (delivery ids in its payload) still delivers each once", async () => {
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/a"));
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/b"));
    const kv = svc.ctx.kv;
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    for (const id of await dueJobIds(kv, Date.now(), 10)) {
      await kv.delete((await getJobEntry(kv, id)).key);
    }
    const op = kv.atomic();
    schedule(svc.ctx, op, {
      job: webhookFanoutJob,
      payload: {
        event_id: p.event.id,
        delivery_ids: p.deliveries.map((d) => d.id),
        webhook_ids: p.deliveries.map((d) => d.webhook_id),
        records: "first_attempt",
      },
      runAt: Date.now(),
    });
    await commit(op, "fan-out job of phase 7");
    svc.runner.start();
    const done = await Promise.all(p.deliveries.map((d) => settled(svc, d.id)));
    assert.ok(done.every((d) => d.state === "succeeded" && d.attempts.length === 1));
    await stillTrueFor(300, () => rx.requests.length === 2);
    assert.equal(await countJobs(kv), 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("one wait for a fan-out's first attempts: a fast answer is stored with its outcome, a slow one pending first", async () => {
  const svc = await startTestService();
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  const rx = startReceiver(async (req) => {
    if (new URL(req.url).pathname === "/slow") await answered;
    return new Response(null, { status: 204 });
  });
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/fast"));
    await addWebhook(svc, siteId, rx.url.replace(/\/hook$/, "/slow"));
    const t0 = performance.now();
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const [fast, slow] = p.deliveries;
    const first = await eventually(() => findDelivery(svc, fast.id), 3000);
    assert.deepEqual([first.state, first.attempts.length], ["succeeded", 1]);
    assert.equal(await findDelivery(svc, slow.id), null, "not stored before the wait");
    const pending = await eventually(() => findDelivery(svc, slow.id), FIRST_RECORD_WAIT_MS + 3000);
    assert.ok(performance.now() - t0 >= FIRST_RECORD_WAIT_MS - 50, "not before the wait");
    assert.deepEqual([pending.state, pending.attempts.length], ["pending", 0]);
    answer();
    const d = await settled(svc, slow.id);
    assert.deepEqual([d.state, d.attempts.length, d.attempts[0].status], ["succeeded", 1, 204]);
  } finally {
    answer();
    await rx.close();
    await svc.close();
  }
});
