import assert from "node:assert/strict";
import {
  emitEvent,
  EVENT_TYPES,
  SUBSCRIBABLE_EVENT_TYPES,
  subscribes,
} from "../../../domain/webhooks/events.ts";
import {
  type EventRecord,
  getEvent,
  listDeliveriesOfEvent,
  listDeliveriesOfWebhook,
  listEventsOfSite,
  putEventMutations,
} from "../../../domain/webhooks/store.ts";
import { uuidv7, uuidv7Time } from "../../../domain/kernel/ids.ts";
import { createWebhook } from "../../../domain/webhooks/store.ts";
import { unpackText } from "../../../domain/kernel/kv/blob.ts";
import { seedSite, startTestService } from "../../helpers/service.ts";

Deno.test("subscribes: all includes every type, a list only its own", () => {
  assert.ok(subscribes(["all"], "form.spam"));
  assert.ok(subscribes(["all"], "some.future_type"));
  assert.ok(subscribes(["email.sent", "form.spam"], "form.spam"));
  assert.ok(!subscribes(["email.sent"], "form.spam"));
});

Deno.test("emitEvent stores the outer body and one delivery per matching, unpaused webhook", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { siteId } = await seedSite(svc);
    const base = {
      site_id: siteId,
      secret: "sealed",
      created_at: "",
      updated_at: "",
    };
    await createWebhook(svc.ctx.kv, {
      ...base,
      id: "w-all",
      url: "http://a",
      events: ["all"],
      paused: false,
    });
    await createWebhook(svc.ctx.kv, {
      ...base,
      id: "w-sent",
      url: "http://b",
      events: ["email.sent"],
      paused: false,
    });
    await createWebhook(svc.ctx.kv, {
      ...base,
      id: "w-paused",
      url: "http://c",
      events: ["all"],
      paused: true,
    });
    const p = await emitEvent(svc.ctx, siteId, "form.spam", {
      submission_id: "s1",
      form_id: 3,
      form_name: "",
      referrer: null,
      fields: { a: "b" },
      spam_score: 0,
    });
    const body = JSON.parse(p.body);
    assert.deepEqual(Object.keys(body).sort(), ["created_at", "data", "id", "site_id", "type"]);
    assert.equal(body.type, "form.spam");
    assert.equal(body.site_id, siteId);
    assert.match(body.id, /^[0-9a-f-]{36}$/);
    assert.match(body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Empty values are left out; 0 and objects stay.
    assert.deepEqual(body.data, {
      submission_id: "s1",
      form_id: 3,
      fields: { a: "b" },
      spam_score: 0,
    });
    const stored = await getEvent(svc.ctx.kv, body.id);
    assert.equal(await unpackText(svc.ctx.kv, stored!.body), p.body);
    // One delivery, to w-all: listed in the event, stored by its first attempt (none ran here).
    assert.deepEqual(stored!.deliveries, [{ id: p.deliveries[0].id, webhook_id: "w-all" }]);
    const listed = await listDeliveriesOfEvent(svc.ctx.kv, body.id);
    assert.deepEqual(listed.map((d) => [d.webhook_id, d.state, d.attempts.length]), [
      ["w-all", "pending", 0],
    ]);
    assert.equal((await listDeliveriesOfWebhook(svc.ctx.kv, "w-all")).length, 0);
  } finally {
    await svc.close();
  }
});

Deno.test("event ids are time-ordered UUIDs; an event stored with a random id still reads and lists", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { siteId } = await seedSite(svc);
    // As events were stored before phase 4: a random id, a separate time-ordered index id.
    const old: EventRecord = {
      id: crypto.randomUUID(),
      type: "form.submitted",
      site_id: siteId,
      created_at: new Date().toISOString(),
      body: { inline: "{}" },
      deliveries: [],
    };
    await putEventMutations(svc.ctx.kv.atomic(), old, uuidv7()).commit();
    const a = await emitEvent(svc.ctx, siteId, "form.submitted", { submission_id: "s1" });
    const b = await emitEvent(svc.ctx, siteId, "form.spam", { submission_id: "s2" });
    for (const e of [a, b]) {
      assert.match(
        e.event.id,
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      assert.equal(JSON.parse(e.body).id, e.event.id);
      assert.ok(Math.abs(uuidv7Time(e.event.id) - Date.now()) < 60_000);
    }
    assert.ok(a.event.id < b.event.id, "later events sort after earlier ones");
    assert.equal((await getEvent(svc.ctx.kv, old.id))?.type, "form.submitted");
    const listed = (await listEventsOfSite(svc.ctx.kv, siteId)).map((e) => e.id);
    assert.deepEqual(listed, [b.event.id, a.event.id, old.id]);
  } finally {
    await svc.close();
  }
});

Deno.test("event names are the spec's event reference, email.delayed not email.delivery_delayed", () => {
  assert.deepEqual([...EVENT_TYPES].sort(), [
    "domain.unverified",
    "domain.verified",
    "email.bounced",
    "email.clicked",
    "email.complained",
    "email.delayed",
    "email.delivered",
    "email.failed",
    "email.held",
    "email.opened",
    "email.rejected",
    "email.sent",
    "email.suppressed",
    "email.unsubscribed",
    "form.spam",
    "form.submitted",
    "webhook.test",
  ]);
  assert.ok(!SUBSCRIBABLE_EVENT_TYPES.includes("webhook.test" as never));
});
