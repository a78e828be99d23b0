import assert from "node:assert/strict";
import { eventually, startTestService } from "../../helpers/service.ts";
import { always200, startReceiver } from "../../helpers/webhook_receiver.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("a webhook's page sends a test and lists deliveries with each attempt's status and duration", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const a = await seedUser(svc);
    const b = await seedUser(svc, "Bravo");
    const hook = await svc.admin("POST", `/sites/${a.siteId}/webhooks`, {
      url: rx.url,
      events: ["all"],
    });
    assert.equal(hook.status, 201, hook.text);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    await svc.api("POST", "forms/submit", {
      key,
      body: { form_id: 1, fields: { email: "ann@example.org", message: "Opening hours?" } },
    });
    await rx.waitFor(1);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const url = `/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}`;
    await eventually(async () => /succeeded/.test((await user.get(url)).text));
    const page = await user.get(url);
    assert.match(page.text, /#1 200 \d+ ms/);
    const tested = await user.post(`${url}/test`);
    assert.equal(tested.status, 200);
    assert.match(tested.text, /Test sent: HTTP 200 in \d+ ms/);
    assert.ok(rx.requests.some((r) => r.text.includes("webhook.test")));

    const other = new Browser(svc);
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(url)).status, 404);
    assert.equal(
      (await other.get(`/dashboard/sites/${b.siteId}/webhooks/${hook.body.id}`)).status,
      404,
    );
    const before = rx.requests.length;
    await other.get(`/dashboard/sites/${b.siteId}`);
    assert.equal(
      (await other.post(`/dashboard/sites/${b.siteId}/webhooks/${hook.body.id}/test`)).status,
      404,
    );
    assert.equal(rx.requests.length, before, "no test was sent");
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("a webhook is added with chosen events, its events changed to all and back, paused from its page", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const b = await seedUser(svc, "Bravo");
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const list = `/dashboard/sites/${a.siteId}/webhooks`;
    const form = await user.get(list);
    assert.match(form.text, /<label for="wh-ev-email.bounced">/);
    const none = await user.post(list, { url: "https://hooks.example.com/none" });
    assert.equal(none.status, 400);
    assert.match(none.text, /must name at least one event/);
    await user.get(list);
    const made = await user.post(list, {
      url: "https://hooks.example.com/in",
      "event:email.bounced": "on",
      "event:form.submitted": "on",
    });
    assert.equal(made.status, 201, made.text);
    const hooks = (await svc.admin("GET", `/sites/${a.siteId}/webhooks`)).body.items as {
      id: string;
      events: string[];
    }[];
    assert.deepEqual(hooks[0].events, ["email.bounced", "form.submitted"]);
    const url = `${list}/${hooks[0].id}`;
    const page = await user.get(url);
    assert.match(page.text, /Events: email\.bounced, form\.submitted/);
    assert.match(
      page.text,
      /id="ev-form.submitted" type="checkbox" name="event:form.submitted" checked/,
    );
    assert.equal((await user.post(`${url}/events`, { all_events: "on" })).status, 200);
    assert.deepEqual((await svc.admin("GET", `/webhooks/${hooks[0].id}`)).body.events, ["all"]);
    await user.get(url);
    const back = await user.post(`${url}/events`, { "event:email.opened": "on" });
    assert.match(back.text, /Saved\./);
    assert.deepEqual((await svc.admin("GET", `/webhooks/${hooks[0].id}`)).body.events, [
      "email.opened",
    ]);
    assert.equal((await user.post(`${url}/pause`)).status, 303);
    assert.equal((await svc.admin("GET", `/webhooks/${hooks[0].id}`)).body.paused, true);

    const other = new Browser(svc, "192.0.2.80");
    await other.signIn(b.email, b.password);
    await other.get("/dashboard/");
    assert.equal(
      (await other.post(`/dashboard/sites/${b.siteId}/webhooks/${hooks[0].id}/events`, {
        all_events: "on",
      })).status,
      404,
    );
    assert.deepEqual((await svc.admin("GET", `/webhooks/${hooks[0].id}`)).body.events, [
      "email.opened",
    ]);
  } finally {
    await svc.close();
  }
});

Deno.test("a webhook's URL is changed, its secret renewed (shown once) and it is deleted from its page; not another account's", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const b = await seedUser(svc, "Bravo");
    const hook = await svc.admin("POST", `/sites/${a.siteId}/webhooks`, {
      url: "https://hooks.example.com/old",
      events: ["all"],
    });
    const url = `/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}`;
    const other = new Browser(svc, "192.0.2.84");
    await other.signIn(b.email, b.password);
    const foreign = `/dashboard/sites/${b.siteId}/webhooks/${hook.body.id}`;
    for (const action of ["url", "rotate", "delete"]) {
      await other.get("/dashboard/");
      const p = await other.post(`${foreign}/${action}`, { url: "https://evil.example.com/" });
      assert.equal(p.status, 404, action);
    }
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get(url);
    const moved = await user.post(`${url}/url`, { url: "https://hooks.example.com/new" });
    assert.equal(moved.status, 200);
    assert.equal(
      (await svc.admin("GET", `/webhooks/${hook.body.id}`)).body.url,
      "https://hooks.example.com/new",
    );
    await user.get(url);
    const bad = await user.post(`${url}/url`, { url: "not a url" });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /role="alert"/);
    await user.get(url);
    const rotated = await user.post(`${url}/rotate`);
    const secret = /<code id="new-secret">(whsec_[^<]+)<\/code>/.exec(rotated.text)?.[1];
    assert.ok(secret && secret !== hook.body.secret);
    assert.doesNotMatch((await user.get(url)).text, /whsec_/);
    assert.equal((await user.post(`${url}/delete`)).status, 303);
    assert.equal((await svc.admin("GET", `/webhooks/${hook.body.id}`)).status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("the delivery log's recover button delivers dropped events again and marks them recovered; not another account's", async () => {
  const svc = await startTestService();
  let down = true;
  const rx = startReceiver(() => new Response(null, { status: down ? 500 : 200 }));
  try {
    const a = await seedUser(svc);
    const b = await seedUser(svc, "Bravo");
    const hook = await svc.admin("POST", `/sites/${a.siteId}/webhooks`, {
      url: rx.url,
      events: ["all"],
    });
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    await svc.api("POST", "forms/submit", {
      key,
      body: { form_id: 1, fields: { email: "ann@example.org", message: "Opening hours?" } },
    });
    // Two events (form.submitted, and email.sent for the notification), 3 attempts each.
    await rx.waitFor(6, 15_000);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const url = `/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}`;
    await eventually(async () => {
      const p = (await user.get(url)).text;
      return (p.match(/<td>dropped<\/td>/g) ?? []).length === 2;
    }, 10_000);
    assert.match((await user.get(url)).text, />Recover dropped deliveries</);

    const other = new Browser(svc);
    await other.signIn(b.email, b.password);
    await other.get(`/dashboard/sites/${b.siteId}`);
    const since = new Date(Date.now() - 3600_000).toISOString().slice(0, 16);
    assert.equal((await other.post(`${url}/recover`, { since })).status, 404);
    await user.get(url);

    const bad = await user.post(`${url}/recover`, { since: "soon" });
    assert.equal(bad.status, 400);
    down = false;
    const ok = await user.post(`${url}/recover`, { since });
    assert.equal(ok.status, 200);
    assert.match(ok.text, /Recovering 2 dropped deliveries/);
    await rx.waitFor(8);
    const page = await eventually(async () => {
      const p = (await user.get(url)).text;
      return /succeeded\s*(<!-- -->)?\s*\(recovery\)/.test(p) ? p : null;
    });
    assert.match(page, /dropped\s*(<!-- -->)?\s*\(recovered\)/);
  } finally {
    await rx.close();
    await svc.close();
  }
});
