import assert from "node:assert/strict";
import { verify } from "@octokit/webhooks-methods";
import { emitEvent } from "../../domain/webhooks/events.ts";
import { webhookDeliveryJob } from "../../domain/webhooks/delivery_job.ts";
import { schedule } from "../../domain/kernel/jobs.ts";
import { commit } from "../../domain/kernel/kv/kv.ts";
import { countJobs, dueJobIds } from "../../domain/kernel/jobs_store.ts";
import {
  ATTEMPT_DELAYS_MS,
  MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
  webhookTimeoutMs,
} from "../../domain/webhooks/delivery.ts";
import { testConfig } from "../../domain/kernel/config.ts";
import { start } from "../../main.ts";
import { seedSite, startTestService, stillTrueFor } from "../helpers/service.ts";
import { always200, startReceiver, statuses } from "../helpers/webhook_receiver.ts";
import {
  addWebhook,
  attemptsRecorded,
  getDelivery,
  settled,
  submittedData,
  webhookState,
} from "../helpers/webhooks.ts";

/** PHP's json_encode(json_decode($raw)): escapes slashes and non-ASCII. */
function phpStyle(json: string): string {
  return JSON.stringify(JSON.parse(json)).replace(/\//g, "\\/").replace(
    /[\u0080-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
  );
}

Deno.test("the retry schedule is immediately, after 1.5 s, after a further 3 s", () => {
  assert.deepEqual(ATTEMPT_DELAYS_MS, [0, 1_500, 3_000]);
  assert.equal(MAX_ATTEMPTS, 3);
});

Deno.test("production uses the spec's 10 s timeout", async () => {
  assert.equal(WEBHOOK_TIMEOUT_MS, 10_000);
  // The context main.ts builds for a real start has no override.
  const running = await start(testConfig({ SVC_PORT: 0, SVC_LOG_LEVEL: "error" }));
  try {
    assert.equal(running.ctx.outbound, undefined);
    assert.equal(webhookTimeoutMs(running.ctx), 10_000);
  } finally {
    await running.shutdown();
  }
});

Deno.test("a 2xx on the first attempt is one POST of the raw body with every header, signed", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    const deliveryId = p.deliveries[0].id;
    await rx.waitFor(1);
    const got = rx.requests[0];

    assert.equal(got.method, "POST");
    assert.equal(new URL(got.url).pathname, "/hook");
    assert.equal(got.headers.get("content-type"), "application/json");
    assert.equal(got.headers.get("user-agent"), "Service-Webhooks/1.0");
    assert.equal(got.headers.get("x-svc-event"), "form.submitted");
    assert.equal(got.headers.get("x-svc-delivery"), deliveryId);
    assert.match(deliveryId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const sig = got.headers.get("x-svc-signature")!;
    assert.match(sig, /^sha256=[0-9a-f]{64}$/);
    // Exactly the spec's X-SVC- headers: no timestamp header (spec: Headers).
    const svcHeaders = [...got.headers.keys()].filter((h) => h.startsWith("x-svc-")).sort();
    assert.deepEqual(svcHeaders, ["x-svc-delivery", "x-svc-event", "x-svc-signature"]);

    // The bytes are exactly the stored body.
    assert.deepEqual(got.bytes, new TextEncoder().encode(p.body));
    const body = JSON.parse(got.text);
    assert.deepEqual(Object.keys(body), ["id", "type", "created_at", "site_id", "data"]);
    assert.equal(body.type, "form.submitted");
    assert.equal(body.site_id, siteId);
    assert.equal(body.data.fields.name, "Zoë");

    // A receiver's verifier accepts the raw bytes, and only those.
    assert.equal(await verify(hook.secret, got.text, sig), true);
    assert.equal(await verify(hook.secret, JSON.stringify(body, null, 2), sig), false);
    assert.notEqual(phpStyle(got.text), got.text);
    assert.equal(await verify(hook.secret, phpStyle(got.text), sig), false);
    assert.equal(await verify(hook.secret.slice("whsec_".length), got.text, sig), false);

    const d = await settled(svc, deliveryId);
    assert.equal(d.state, "succeeded");
    assert.equal(d.attempts.length, 1);
    assert.equal(d.attempts[0].status, 200);
    assert.equal(d.attempts[0].error, null);
    assert.equal(typeof d.attempts[0].duration_ms, "number");
    assert.equal(d.next_attempt_at, null);
    const w = await webhookState(svc, hook.id);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [1, 0, 200]);
    await stillTrueFor(300, () => rx.requests.length === 1, "no second POST");
    assert.equal(await countJobs(svc.ctx.kv), 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("500 then 200: two POSTs about 1.5 s apart with the same delivery id and body", async () => {
  const svc = await startTestService();
  const rx = startReceiver(statuses(500));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<m1@example.com>",
      to: "a@example.com",
      mode: "relay",
    });
    await rx.waitFor(2);
    const [a, b] = rx.requests;
    const gap = b.at - a.at;
    assert.ok(gap >= 1_450 && gap < 2_300, `second attempt after ${gap} ms`);
    assert.equal(a.headers.get("x-svc-delivery"), p.deliveries[0].id);
    assert.equal(b.headers.get("x-svc-delivery"), p.deliveries[0].id);
    assert.equal(a.text, b.text);
    assert.equal(a.headers.get("x-svc-signature"), b.headers.get("x-svc-signature"));
    const d = await settled(svc, p.deliveries[0].id);
    assert.equal(d.state, "succeeded");
    assert.deepEqual(d.attempts.map((x) => x.status), [500, 200]);
    assert.match(d.attempts[0].error!, /HTTP 500/);
    const w = await webhookState(svc, hook.id);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [1, 1, 200]);
    await stillTrueFor(300, () => rx.requests.length === 2, "no third POST");
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("three failures: POSTs at about 0, 1.5 and 4.5 s, then dropped and nothing more", async () => {
  const svc = await startTestService();
  const rx = startReceiver(statuses(500, 502, 503, 500, 500));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.failed", { to: "a@example.com", error: "x" });
    await rx.waitFor(3);
    const t = rx.requests.map((r) => r.at - rx.requests[0].at);
    assert.ok(t[1] >= 1_450 && t[1] < 2_300, `attempt 2 at ${t[1]} ms`);
    assert.ok(t[2] >= 4_450 && t[2] < 5_600, `attempt 3 at ${t[2]} ms`);
    const d = await settled(svc, p.deliveries[0].id);
    assert.equal(d.state, "dropped");
    assert.deepEqual(d.attempts.map((x) => [x.n, x.status]), [[1, 500], [2, 502], [3, 503]]);
    assert.equal(d.next_attempt_at, null);
    const w = await webhookState(svc, hook.id);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [0, 3, 503]);
    assert.equal(await countJobs(svc.ctx.kv), 0, "nothing queued after the drop");
    await stillTrueFor(1_700, () => rx.requests.length === 3, "no fourth attempt");
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a receiver that does not answer within the timeout is a failure with no status", async () => {
  const svc = await startTestService();
  // The spec's 10 s, shortened for the test (see the test above for production).
  svc.ctx.outbound = { webhookTimeoutMs: 300 };
  const rx = startReceiver((_req, n, { hang }) => n === 1 ? hang() : new Response("ok"));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<m2@example.com>",
      to: "a@example.com",
      mode: "relay",
    });
    const d1 = await attemptsRecorded(svc, p.deliveries[0].id, 1);
    assert.equal(d1.attempts[0].status, null);
    assert.match(d1.attempts[0].error!, /no answer within 0\.3 s/);
    assert.ok(d1.attempts[0].duration_ms >= 290 && d1.attempts[0].duration_ms < 1_000);
    assert.equal((await webhookState(svc, hook.id)).last_status, null);
    const d = await settled(svc, p.deliveries[0].id);
    assert.deepEqual(d.attempts.map((x) => x.status), [null, 200]);
    const gap = Date.parse(d.attempts[1].at) - Date.parse(d.attempts[0].at);
    assert.ok(gap >= 1_750 && gap < 2_600, `retry ${gap} ms after the first start`);
    const w = await webhookState(svc, hook.id);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [1, 1, 200]);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a 301 is a failure and is not followed", async () => {
  const svc = await startTestService();
  const rx = startReceiver((req, n) =>
    n === 1
      ? new Response(null, {
        status: 301,
        headers: { location: new URL("/landing", req.url).href },
      })
      : new Response("ok")
  );
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "domain.verified", {
      domain: "example.com",
      status: "verified",
    });
    const d1 = await attemptsRecorded(svc, p.deliveries[0].id, 1);
    assert.equal(d1.attempts[0].status, 301);
    assert.match(d1.attempts[0].error!, /HTTP 301.*redirects are not followed.*\/landing/);
    assert.equal((await webhookState(svc, hook.id)).failure_count, 1);
    const d = await settled(svc, p.deliveries[0].id);
    assert.deepEqual(d.attempts.map((x) => x.status), [301, 200]);
    assert.deepEqual(rx.requests.map((r) => new URL(r.url).pathname), ["/hook", "/hook"]);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a job triggered twice (wake, queue message, sweep) does not POST again once the attempt succeeded", async () => {
  // The test runs the job itself, so it can hand it over twice.
  const svc = await startTestService({ runJobs: false });
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.opened", {
      message_id: "<m3@example.com>",
      to: "a@example.com",
    });
    const due = await dueJobIds(svc.ctx.kv, Date.now(), 10);
    assert.equal(due.length, 1);
    const [jobId] = due;
    // Two runners take the same message at once, then it comes again later.
    await Promise.all([svc.runner.runJob(jobId), svc.runner.runJob(jobId)]);
    await svc.runner.runJob(jobId);
    assert.equal(rx.requests.length, 1);
    // Even a second job for the same delivery finds it settled and sends nothing.
    const op = svc.ctx.kv.atomic();
    const extra = schedule(svc.ctx, op, {
      job: webhookDeliveryJob,
      payload: { delivery_id: p.deliveries[0].id },
      runAt: Date.now(),
    });
    await commit(op, "extra job");
    await svc.runner.runJob(extra.id);
    assert.equal(rx.requests.length, 1);
    const d = await getDelivery(svc, p.deliveries[0].id);
    assert.equal(d.state, "succeeded");
    assert.equal(d.attempts.length, 1);
    assert.equal(await countJobs(svc.ctx.kv), 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("any 2xx is receipt: 202 and 299 end the delivery after one POST", async () => {
  const svc = await startTestService();
  const rx = startReceiver((_req, n) => new Response(null, { status: n === 1 ? 202 : 299 }));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const a = await emitEvent(svc.ctx, siteId, "email.opened", {
      message_id: "<m@example.com>",
      to: "a@example.com",
    });
    const b = await emitEvent(svc.ctx, siteId, "email.clicked", {
      message_id: "<m@example.com>",
      to: "a@example.com",
    });
    const [da, db] = [
      await settled(svc, a.deliveries[0].id),
      await settled(svc, b.deliveries[0].id),
    ];
    assert.deepEqual([da.state, db.state], ["succeeded", "succeeded"]);
    assert.deepEqual([da.attempts.length, db.attempts.length], [1, 1]);
    const w = await webhookState(svc, hook.id);
    assert.deepEqual([w.success_count, w.failure_count], [2, 0]);
    await stillTrueFor(300, () => rx.requests.length === 2, "one POST per event");
  } finally {
    await rx.close();
    await svc.close();
  }
});
