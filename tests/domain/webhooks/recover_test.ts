import assert from "node:assert/strict";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { emitEvent } from "../../../domain/webhooks/events.ts";
import { eventually, seedSite, startTestService, stillTrueFor } from "../../helpers/service.ts";
import { type Received, startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";

const headersOf = (r: Received) => Object.fromEntries(r.headers.entries());

type DeliveryItem = { id: string; state: string; recovers?: string; recovered_by?: string };

Deno.test("a receiver down, then recover: every dropped event arrives once more, same body and event id, new delivery id, signed", async () => {
  const svc = await startTestService();
  let down = true;
  const rx = startReceiver(() => new Response(null, { status: down ? 503 : 200 }));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url, ["all"], { standard_webhooks: true });
    const since = new Date(Date.now() - 1000).toISOString();
    const EVENTS = 4;
    for (let i = 0; i < EVENTS; i++) {
      await emitEvent(svc.ctx, siteId, "form.submitted", { submission_id: `s${i}`, form_id: i });
    }
    // The spec's schedule: 3 attempts each, then dropped.
    const list = async () =>
      (await svc.admin("GET", `/webhooks/${hook.id}/deliveries?limit=100`)).body
        .items as DeliveryItem[];
    await eventually(async () => {
      const items = await list();
      return items.length === EVENTS && items.every((d) => d.state === "dropped");
    }, 15_000);
    assert.equal(rx.requests.length, EVENTS * 3);
    const dropped = rx.requests.slice(0, EVENTS * 3);

    down = false;
    const r = await svc.admin("POST", `/webhooks/${hook.id}/recover`, { since });
    assert.equal(r.status, 202, r.text);
    assert.deepEqual(r.body, { queued: EVENTS });
    await rx.waitFor(EVENTS * 4);
    await stillTrueFor(300, () => rx.requests.length === EVENTS * 4);

    const recovered = rx.requests.slice(EVENTS * 3);
    const firstDeliveryIds = new Set(dropped.map((q) => q.headers.get("x-svc-delivery")));
    const bodies = new Set(dropped.map((q) => q.text));
    const seenEvents = new Set<string>();
    for (const q of recovered) {
      const h = headersOf(q);
      assert.ok(bodies.has(q.text), "the same body as the dropped delivery");
      assert.ok(!firstDeliveryIds.has(h["x-svc-delivery"]), "a new X-SVC-Delivery");
      const payload = new StandardWebhook(hook.secret).verify(q.text, h) as { id: string };
      seenEvents.add(payload.id);
    }
    assert.equal(seenEvents.size, EVENTS, "each event once");

    const items = await eventually(async () => {
      const all = await list();
      return all.filter((d) => d.recovers && d.state === "succeeded").length === EVENTS
        ? all
        : null;
    });
    const old = items.filter((d) => d.state === "dropped");
    assert.equal(old.length, EVENTS);
    for (const d of old) {
      const by = items.find((x) => x.id === d.recovered_by);
      assert.equal(by?.recovers, d.id);
      assert.equal(by?.state, "succeeded");
    }

    // Recovered once: a second call queues nothing.
    const again = await svc.admin("POST", `/webhooks/${hook.id}/recover`, { since });
    assert.deepEqual(again.body, { queued: 0 });
    await stillTrueFor(300, () => rx.requests.length === EVENTS * 4);
  } finally {
    await svc.close();
    await rx.close();
  }
});

Deno.test("recover answers invalid_payload for a bad since and 404 for an unknown webhook", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, "http://127.0.0.1:9/hook");
    for (const body of [{}, { since: "yesterday" }, { since: 5 }]) {
      const r = await svc.admin("POST", `/webhooks/${hook.id}/recover`, body);
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(typeof r.body.message, "string");
    }
    const missing = await svc.admin("POST", `/webhooks/${crypto.randomUUID()}/recover`, {
      since: "2026-01-01T00:00:00Z",
    });
    assert.equal(missing.status, 404);
    const none = await svc.admin("POST", `/webhooks/${hook.id}/recover`, {
      since: "2026-01-01T00:00:00Z",
    });
    assert.deepEqual([none.status, none.body], [202, { queued: 0 }]);
  } finally {
    await svc.close();
  }
});
