import assert from "node:assert/strict";
import { verify } from "@octokit/webhooks-methods";
import { emitEvent, SUBSCRIBABLE_EVENT_TYPES } from "../../domain/webhooks/events.ts";
import { getEvent } from "../../domain/webhooks/store.ts";
import { seedSite, startTestService, stillTrueFor } from "../helpers/service.ts";
import { always200, startReceiver, statuses } from "../helpers/webhook_receiver.ts";
import {
  addWebhook,
  attemptsRecorded,
  settled,
  submittedData,
  webhookState,
} from "../helpers/webhooks.ts";

const sent = { message_id: "<m@example.com>", to: "a@example.com", mode: "relay" };

Deno.test("a paused webhook gets nothing while another webhook of the site gets the event", async () => {
  const svc = await startTestService();
  const paused = startReceiver(always200);
  const active = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const p1 = await addWebhook(svc, siteId, paused.url, ["all"], { paused: true });
    await addWebhook(svc, siteId, active.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", sent);
    assert.equal(p.deliveries.length, 1, "no delivery is made for the paused webhook");
    await active.waitFor(1);
    await stillTrueFor(300, () => paused.requests.length === 0, "the paused webhook gets nothing");
    const w = await webhookState(svc, p1.id);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [0, 0, null]);
  } finally {
    await paused.close();
    await active.close();
    await svc.close();
  }
});

Deno.test("pausing between attempts stops the retries", async () => {
  const svc = await startTestService();
  const rx = startReceiver(statuses(500));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", sent);
    await attemptsRecorded(svc, p.deliveries[0].id, 1);
    assert.equal((await svc.admin("PATCH", `/webhooks/${hook.id}`, { paused: true })).status, 200);
    const d = await settled(svc, p.deliveries[0].id, 4000);
    assert.equal(d.state, "cancelled");
    assert.equal(d.note, "webhook paused");
    assert.equal(d.attempts.length, 1);
    await stillTrueFor(300, () => rx.requests.length === 1, "no retry after the pause");
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("deleting the webhook between attempts stops the retries", async () => {
  const svc = await startTestService();
  const rx = startReceiver(statuses(500));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", sent);
    await attemptsRecorded(svc, p.deliveries[0].id, 1);
    assert.equal((await svc.admin("DELETE", `/webhooks/${hook.id}`)).status, 204);
    const d = await settled(svc, p.deliveries[0].id, 4000);
    assert.equal(d.state, "cancelled");
    assert.equal(d.note, "webhook deleted");
    assert.equal(rx.requests.length, 1);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test('"all" gets every event, a list only the events it names', async () => {
  const svc = await startTestService();
  const all = startReceiver(always200);
  const onlySent = startReceiver(always200);
  const forms = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    await addWebhook(svc, siteId, all.url, ["all"]);
    await addWebhook(svc, siteId, onlySent.url, ["email.sent"]);
    await addWebhook(svc, siteId, forms.url, ["form.submitted", "form.spam"]);
    await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    await emitEvent(svc.ctx, siteId, "email.sent", sent);
    await emitEvent(svc.ctx, siteId, "domain.unverified", { domain: "x.com", status: "pending" });
    await all.waitFor(3);
    await onlySent.waitFor(1);
    await forms.waitFor(1);
    await stillTrueFor(
      300,
      () =>
        all.requests.length === 3 && onlySent.requests.length === 1 &&
        forms.requests.length === 1,
      "no other event reaches a webhook",
    );
    const types = (rx: typeof all) => rx.requests.map((r) => r.headers.get("x-svc-event")).sort();
    assert.deepEqual(types(all), ["domain.unverified", "email.sent", "form.submitted"]);
    assert.deepEqual(types(onlySent), ["email.sent"]);
    assert.deepEqual(types(forms), ["form.submitted"]);
  } finally {
    await all.close();
    await onlySent.close();
    await forms.close();
    await svc.close();
  }
});

Deno.test("every event type of the spec reaches a webhook subscribed to all", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    for (const type of SUBSCRIBABLE_EVENT_TYPES) {
      await emitEvent(svc.ctx, siteId, type, { to: "a@example.com", note: type });
    }
    await rx.waitFor(SUBSCRIBABLE_EVENT_TYPES.length);
    const got = rx.requests.map((r) => {
      const body = JSON.parse(r.text);
      assert.equal(r.headers.get("x-svc-event"), body.type);
      assert.equal(body.data.note, body.type);
      return body.type;
    });
    assert.deepEqual(got.sort(), [...SUBSCRIBABLE_EVENT_TYPES].sort());
    assert.equal(SUBSCRIBABLE_EVENT_TYPES.length, 16);
    for (const r of rx.requests) {
      assert.ok(await verify(hook.secret, r.text, r.headers.get("x-svc-signature")!));
    }
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("two webhooks of one site each get their own delivery, signed with their own secret", async () => {
  const svc = await startTestService();
  const a = startReceiver(always200);
  const b = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const ha = await addWebhook(svc, siteId, a.url);
    const hb = await addWebhook(svc, siteId, b.url);
    const p = await emitEvent(svc.ctx, siteId, "form.spam", {
      ...submittedData(),
      classification: "spam",
      spam_score: 80,
    });
    assert.equal(p.deliveries.length, 2);
    await a.waitFor(1);
    await b.waitFor(1);
    const ra = a.requests[0];
    const rb = b.requests[0];
    assert.equal(ra.text, rb.text, "the same event body");
    assert.notEqual(ra.headers.get("x-svc-delivery"), rb.headers.get("x-svc-delivery"));
    assert.ok(await verify(ha.secret, ra.text, ra.headers.get("x-svc-signature")!));
    assert.ok(await verify(hb.secret, rb.text, rb.headers.get("x-svc-signature")!));
    assert.ok(!(await verify(ha.secret, rb.text, rb.headers.get("x-svc-signature")!)));
    for (const d of p.deliveries) assert.equal((await settled(svc, d.id)).state, "succeeded");
  } finally {
    await a.close();
    await b.close();
    await svc.close();
  }
});

Deno.test("an event body over 64 KiB is stored in chunks and delivered byte for byte", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const fields: Record<string, string> = {};
    for (let i = 0; i < 12; i++) fields[`field_${i}`] = `Grüße ${i} ✓ `.repeat(700);
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData(fields));
    const size = new TextEncoder().encode(p.body).length;
    assert.ok(size > 64 * 1024, `body is ${size} bytes`);
    const stored = await getEvent(svc.ctx.kv, p.event.id);
    assert.ok(stored && "blob" in stored.body, "stored as a blob");
    await rx.waitFor(1);
    const got = rx.requests[0];
    assert.deepEqual(got.bytes, new TextEncoder().encode(p.body));
    assert.ok(await verify(hook.secret, got.text, got.headers.get("x-svc-signature")!));
    assert.deepEqual(JSON.parse(got.text).data.fields, fields);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("with SVC_EGRESS_PROXY set, deliveries go through the proxy", async () => {
  const rx = startReceiver(always200);
  // A real forward proxy for plain http: it gets the absolute URL and relays the request.
  const relayed: string[] = [];
  const proxy = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    relayed.push(`${req.method} ${req.url}`);
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: await req.arrayBuffer(),
      redirect: "manual",
    });
    return new Response(await res.arrayBuffer(), { status: res.status });
  });
  const svc = await startTestService({
    config: { SVC_EGRESS_PROXY: `http://127.0.0.1:${proxy.addr.port}` },
  });
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "email.sent", sent);
    await rx.waitFor(1);
    assert.deepEqual(relayed, [`POST ${rx.url}`]);
    const got = rx.requests[0];
    assert.ok(await verify(hook.secret, got.text, got.headers.get("x-svc-signature")!));
    assert.equal((await settled(svc, p.deliveries[0].id)).state, "succeeded");
  } finally {
    await svc.close();
    await proxy.shutdown();
    await rx.close();
  }
});
