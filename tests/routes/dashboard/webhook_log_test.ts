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
