import assert from "node:assert/strict";
import { verify } from "@octokit/webhooks-methods";
import { emitEvent } from "../../../domain/webhooks/events.ts";
import { unseal } from "../../../domain/kernel/crypto.ts";
import { getWebhook } from "../../../domain/webhooks/store.ts";
import { MAX_WEBHOOKS_PER_SITE, TEST_MESSAGE } from "../../../domain/webhooks/webhooks.ts";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { always200, startReceiver, statuses } from "../../helpers/webhook_receiver.ts";
import { addWebhook, settled, sleep } from "../../helpers/webhooks.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

Deno.test("creating a webhook answers 201 with its secret once, stored sealed", async () => {
  const svc = await startTestService();
  try {
    const { siteId } = await seedSite(svc);
    const r = await svc.admin("POST", `/sites/${siteId}/webhooks`, {
      url: "https://hooks.example.com/in",
      events: ["form.submitted", "email.sent"],
    });
    assert.equal(r.status, 201);
    const b = r.body;
    assert.match(b.id as string, UUID);
    assert.match(b.secret as string, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(b.url, "https://hooks.example.com/in");
    assert.deepEqual(b.events, ["form.submitted", "email.sent"]);
    assert.equal(b.paused, false);
    assert.equal(b.site_id, siteId);
    assert.deepEqual([b.success_count, b.failure_count, b.last_status], [0, 0, null]);

    // At rest the secret is AES-256-GCM ciphertext bound to the webhook id.
    const stored = await getWebhook(svc.ctx.kv, b.id as string);
    assert.ok(!JSON.stringify(stored).includes(b.secret as string));
    assert.equal(unseal(svc.ctx.config.encryptionKey, stored!.secret, b.id as string), b.secret);
    assert.throws(() => unseal(svc.ctx.config.encryptionKey, stored!.secret, "other-id"));

    const g = await svc.admin("GET", `/webhooks/${b.id}`);
    assert.equal(g.status, 200);
    assert.equal(g.body.secret, undefined);
    assert.ok(!g.text.includes("whsec_"));
    assert.deepEqual(
      Object.keys(g.body).sort(),
      [
        "created_at",
        "events",
        "failure_count",
        "has_credentials",
        "id",
        "last_attempt_at",
        "last_status",
        "paused",
        "previous_secret_valid_until",
        "site_id",
        "standard_webhooks",
        "success_count",
        "updated_at",
        "url",
      ],
    );
    const list = await svc.admin("GET", `/sites/${siteId}/webhooks`);
    assert.deepEqual((list.body.items as { id: string }[]).map((w) => w.id), [b.id]);
    assert.ok(!list.text.includes("whsec_"));
  } finally {
    await svc.close();
  }
});

Deno.test("webhook bodies are validated field by field", async () => {
  const svc = await startTestService();
  try {
    const { siteId } = await seedSite(svc);
    const bad = async (body: unknown, field: string, message?: RegExp) => {
      const r = await svc.admin("POST", `/sites/${siteId}/webhooks`, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
      const d = r.body.details as { field: string; message: string }[];
      const hit = d.find((x) => x.field === field);
      assert.ok(hit, `${JSON.stringify(body)}: ${JSON.stringify(d)}`);
      if (message) assert.match(hit.message, message);
    };
    const url = "https://hooks.example.com/";
    await bad({ events: ["all"] }, "url");
    await bad({ url: "hooks.example.com", events: ["all"] }, "url", /full URL/);
    await bad({ url: "ftp://hooks.example.com/", events: ["all"] }, "url");
    await bad({ url: "https://x.com/" + "a".repeat(2000), events: ["all"] }, "url", /2000/);
    await bad({ url }, "events");
    await bad({ url, events: [] }, "events", /at least one/);
    await bad({ url, events: "all" }, "events");
    await bad({ url, events: ["email.sent", "email.nope"] }, "events.1", /unknown event/);
    await bad({ url, events: ["webhook.test"] }, "events.0", /needs no subscription/);
    // The overview's name for the delayed event is not one (spec: Delivery rules 5).
    await bad({ url, events: ["email.delivery_delayed"] }, "events.0", /unknown event/);
    await bad({ url, events: ["all"], paused: "yes" }, "paused");

    const notJson = await svc.app.request(`/admin/api/v1/sites/${siteId}/webhooks`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${svc.ctx.config.adminToken}`,
        "content-type": "application/json",
      },
      body: "{nope",
    });
    assert.equal(notJson.status, 400);
    assert.equal((await notJson.json()).error, "invalid_json");

    const listed = await svc.admin("GET", `/sites/${siteId}/webhooks`);
    assert.deepEqual(listed.body.items, [], "nothing was saved");

    const all = await addWebhook(svc, siteId, url, ["email.sent", "all"]);
    assert.deepEqual(all.events, ["all"]);
    const dup = await addWebhook(svc, siteId, url, ["email.sent", "form.spam", "email.sent"]);
    assert.deepEqual(dup.events, ["email.sent", "form.spam"]);
  } finally {
    await svc.close();
  }
});

Deno.test("unknown ids answer 404 not_found", async () => {
  const svc = await startTestService();
  try {
    const id = crypto.randomUUID();
    const calls: [string, string, unknown?][] = [
      ["POST", `/sites/${id}/webhooks`, { url: "https://x.example.com/", events: ["all"] }],
      ["GET", `/sites/${id}/webhooks`],
      ["GET", `/sites/${id}/events`],
      ["GET", `/webhooks/${id}`],
      ["PATCH", `/webhooks/${id}`, { paused: true }],
      ["DELETE", `/webhooks/${id}`],
      ["POST", `/webhooks/${id}/test`],
      ["POST", `/webhooks/${id}/rotate-secret`],
      ["GET", `/webhooks/${id}/deliveries`],
      ["GET", `/deliveries/${id}`],
      ["GET", `/events/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await svc.admin(method, path, body);
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.equal(r.body.error, "not_found");
      assert.equal(typeof r.body.message, "string");
    }
  } finally {
    await svc.close();
  }
});

Deno.test("PATCH changes url, events and paused; DELETE removes the webhook", async () => {
  const svc = await startTestService();
  try {
    const { siteId } = await seedSite(svc);
    const w = await addWebhook(svc, siteId, "https://a.example.com/", ["all"]);
    const before = (await svc.admin("GET", `/webhooks/${w.id}`)).body;
    await sleep(5);
    const r = await svc.admin("PATCH", `/webhooks/${w.id}`, {
      url: "https://b.example.com/hook",
      events: ["form.spam"],
      paused: true,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.url, "https://b.example.com/hook");
    assert.deepEqual(r.body.events, ["form.spam"]);
    assert.equal(r.body.paused, true);
    assert.notEqual(r.body.updated_at, before.updated_at);
    assert.equal(r.body.secret, undefined);

    const bad = await svc.admin("PATCH", `/webhooks/${w.id}`, { events: ["nope"] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    const resumed = await svc.admin("PATCH", `/webhooks/${w.id}`, { paused: false });
    assert.equal(resumed.body.paused, false);
    assert.deepEqual(resumed.body.events, ["form.spam"], "unchanged fields stay");

    assert.equal((await svc.admin("DELETE", `/webhooks/${w.id}`)).status, 204);
    assert.equal((await svc.admin("GET", `/webhooks/${w.id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/webhooks/${w.id}`)).status, 404);
    assert.deepEqual((await svc.admin("GET", `/sites/${siteId}/webhooks`)).body.items, []);
  } finally {
    await svc.close();
  }
});

Deno.test(`a site has at most ${MAX_WEBHOOKS_PER_SITE} webhooks`, async () => {
  const svc = await startTestService();
  try {
    const { siteId } = await seedSite(svc);
    for (let i = 0; i < MAX_WEBHOOKS_PER_SITE; i++) {
      await addWebhook(svc, siteId, `https://h${i}.example.com/`);
    }
    const r = await svc.admin("POST", `/sites/${siteId}/webhooks`, {
      url: "https://one-more.example.com/",
      events: ["all"],
    });
    assert.equal(r.status, 409);
    assert.equal(r.body.error, "conflict");
    assert.match(r.body.message as string, /at most 20/);
  } finally {
    await svc.close();
  }
});

Deno.test("webhook.test is one signed POST without X-SVC-Delivery; its status becomes last_status", async () => {
  const svc = await startTestService();
  const rx = startReceiver(statuses(204, 500));
  try {
    const { siteId } = await seedSite(svc);
    const w = await addWebhook(svc, siteId, rx.url, ["email.sent"]);
    const r = await svc.admin("POST", `/webhooks/${w.id}/test`);
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 204);
    assert.equal(r.body.ok, true);
    assert.equal(rx.requests.length, 1);
    const got = rx.requests[0];
    assert.equal(got.headers.get("x-svc-event"), "webhook.test");
    assert.equal(got.headers.get("x-svc-delivery"), null);
    const svcHeaders = [...got.headers.keys()].filter((h) => h.startsWith("x-svc-")).sort();
    assert.deepEqual(svcHeaders, ["x-svc-event", "x-svc-signature"]);
    assert.equal(got.headers.get("user-agent"), "Service-Webhooks/1.0");
    assert.equal(got.headers.get("content-type"), "application/json");
    assert.ok(await verify(w.secret, got.text, got.headers.get("x-svc-signature")!));
    const body = JSON.parse(got.text);
    assert.deepEqual(Object.keys(body), ["id", "type", "created_at", "site_id", "data"]);
    assert.equal(body.type, "webhook.test");
    assert.equal(body.site_id, siteId);
    assert.equal(body.id, r.body.event_id);
    assert.deepEqual(body.data, { message: TEST_MESSAGE, to: rx.url });
    let state = (await svc.admin("GET", `/webhooks/${w.id}`)).body;
    assert.deepEqual([state.last_status, state.success_count, state.failure_count], [204, 0, 0]);

    // A failing test is tried once, and is not retried.
    const r2 = await svc.admin("POST", `/webhooks/${w.id}/test`);
    assert.equal(r2.body.status, 500);
    assert.equal(r2.body.ok, false);
    await sleep(1_700);
    assert.equal(rx.requests.length, 2);
    state = (await svc.admin("GET", `/webhooks/${w.id}`)).body;
    assert.deepEqual([state.last_status, state.success_count, state.failure_count], [500, 0, 0]);

    // No receiver at all: status null.
    await rx.close();
    const r3 = await svc.admin("POST", `/webhooks/${w.id}/test`);
    assert.equal(r3.body.status, null);
    assert.match(r3.body.error as string, /request failed/);
    state = (await svc.admin("GET", `/webhooks/${w.id}`)).body;
    assert.equal(state.last_status, null);
  } finally {
    await rx.close().catch(() => {});
    await svc.close();
  }
});

Deno.test("rotating the secret signs later deliveries with the new one only", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const w = await addWebhook(svc, siteId, rx.url);
    const r = await svc.admin("POST", `/webhooks/${w.id}/rotate-secret`);
    assert.equal(r.status, 200);
    assert.equal(r.body.id, w.id);
    const fresh = r.body.secret as string;
    assert.match(fresh, /^whsec_/);
    assert.notEqual(fresh, w.secret);
    await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<m@example.com>",
      to: "a@example.com",
      mode: "relay",
    });
    await rx.waitFor(1);
    const got = rx.requests[0];
    const sig = got.headers.get("x-svc-signature")!;
    assert.ok(await verify(fresh, got.text, sig));
    assert.ok(!(await verify(w.secret, got.text, sig)));
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("deliveries and events are listed newest first, with every attempt", async () => {
  const svc = await startTestService();
  // The first email.sent attempt fails, everything else succeeds.
  let failed = false;
  const rx = startReceiver((req) => {
    if (failed || req.headers.get("x-svc-event") !== "email.sent") return new Response("ok");
    failed = true;
    return new Response(null, { status: 500 });
  });
  try {
    const { siteId } = await seedSite(svc);
    const w = await addWebhook(svc, siteId, rx.url);
    const first = await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<1@example.com>",
      to: "a@example.com",
      mode: "relay",
      subject: "",
    });
    await sleep(5);
    const second = await emitEvent(svc.ctx, siteId, "email.delivered", {
      message_id: "<1@example.com>",
      to: "a@example.com",
    });
    await settled(svc, first.deliveries[0].id);
    await settled(svc, second.deliveries[0].id);

    const list = await svc.admin("GET", `/webhooks/${w.id}/deliveries`);
    assert.equal(list.status, 200);
    const items = list.body.items as {
      id: string;
      event_id: string;
      state: string;
      attempts: { n: number; at: string; status: number | null; duration_ms: number }[];
    }[];
    assert.deepEqual(items.map((d) => d.id), [second.deliveries[0].id, first.deliveries[0].id]);
    const firstView = items[1];
    assert.equal(firstView.event_id, first.event.id);
    assert.equal(firstView.state, "succeeded");
    assert.deepEqual(firstView.attempts.map((a) => [a.n, a.status]), [[1, 500], [2, 200]]);
    for (const a of firstView.attempts) {
      assert.ok(!Number.isNaN(Date.parse(a.at)));
      assert.equal(typeof a.duration_ms, "number");
    }
    const limited = await svc.admin("GET", `/webhooks/${w.id}/deliveries?limit=1`);
    assert.equal((limited.body.items as unknown[]).length, 1);

    const one = await svc.admin("GET", `/deliveries/${first.deliveries[0].id}`);
    assert.equal(one.body.webhook_id, w.id);

    const events = await svc.admin("GET", `/sites/${siteId}/events`);
    const bodies = events.body.items as Record<string, unknown>[];
    assert.deepEqual(bodies.map((e) => e.id), [second.event.id, first.event.id]);
    assert.deepEqual(bodies[1], JSON.parse(first.body), "the outer body receivers got");
    assert.equal((bodies[1].data as Record<string, unknown>).subject, undefined);

    const ev = await svc.admin("GET", `/events/${first.event.id}`);
    assert.deepEqual(ev.body.event, JSON.parse(first.body));
    assert.deepEqual(
      (ev.body.deliveries as { id: string }[]).map((d) => d.id),
      [first.deliveries[0].id],
    );
  } finally {
    await rx.close();
    await svc.close();
  }
});
