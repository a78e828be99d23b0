/**
 * An event's first attempts go out as one fan-out job (domain/webhooks/
 * delivery_job.ts): one job for all its deliveries, each webhook posted once,
 * and a failed first attempt retried by that delivery's own job at the spec's
 * times (1.5 s, then 3 s) without touching the deliveries that succeeded.
 */
import assert from "node:assert/strict";
import { emitEvent } from "../../domain/webhooks/events.ts";
import { countJobs } from "../../domain/kernel/jobs_store.ts";
import { seedSite, startTestService, stillTrueFor } from "../helpers/service.ts";
import { startReceiver } from "../helpers/webhook_receiver.ts";
import { addWebhook, settled, submittedData, webhookState } from "../helpers/webhooks.ts";

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
