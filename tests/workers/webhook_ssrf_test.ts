/** Target safety with private targets NOT allowed (the production default). */
import assert from "node:assert/strict";
import { emitEvent } from "../../domain/webhooks/events.ts";
import { seedSite, startTestService, stillTrueFor, type TestService } from "../helpers/service.ts";
import { always200, type Receiver, startReceiver } from "../helpers/webhook_receiver.ts";
import { startDnsServer } from "../helpers/dns_server.ts";
import {
  addWebhook,
  attemptsRecorded,
  type CreatedWebhook,
  webhookState,
} from "../helpers/webhooks.ts";

const strict = { config: { SVC_ALLOW_PRIVATE_TARGETS: false } };

function urlOn(rx: Receiver, host: string): string {
  return `http://${host}:${rx.port}/hook`;
}

/**
 * Creates a webhook the way it would exist after the operator turned private
 * targets off: made while they were allowed, then the setting changed.
 */
async function webhookMadeWhileAllowed(svc: TestService, siteId: string, url: string) {
  svc.ctx.config.SVC_ALLOW_PRIVATE_TARGETS = true;
  try {
    return await addWebhook(svc, siteId, url);
  } finally {
    svc.ctx.config.SVC_ALLOW_PRIVATE_TARGETS = false;
  }
}

Deno.test("private literal targets are refused when the webhook is saved", async () => {
  const svc = await startTestService(strict);
  try {
    const { siteId } = await seedSite(svc);
    for (
      const url of [
        "http://127.0.0.1:8080/hook",
        "http://10.0.0.1/hook",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://localhost:3000/",
      ]
    ) {
      const r = await svc.admin("POST", `/sites/${siteId}/webhooks`, { url, events: ["all"] });
      assert.equal(r.status, 400, url);
      assert.equal(r.body.error, "invalid_payload");
      const details = r.body.details as { field: string; message: string }[];
      assert.equal(details[0].field, "url");
      assert.match(details[0].message, /not an allowed target/);
    }
    const listed = await svc.admin("GET", `/sites/${siteId}/webhooks`);
    assert.deepEqual(listed.body.items, []);
  } finally {
    await svc.close();
  }
});

Deno.test("deliveries to 127.0.0.1, 10.0.0.1, [::1] and ::ffff:127.0.0.1 are refused at send time and recorded", async () => {
  const svc = await startTestService(strict);
  const v4 = startReceiver(always200);
  const v6 = startReceiver(always200, { hostname: "::1" });
  try {
    const { siteId } = await seedSite(svc);
    const targets = [
      [urlOn(v4, "127.0.0.1"), /127\.0\.0\.1 is a non-public address \(loopback\)/],
      ["http://10.0.0.1:9/hook", /10\.0\.0\.1 is a non-public address \(private\)/],
      [urlOn(v6, "[::1]"), /::1 is a non-public address \(loopback\)/],
      [
        urlOn(v4, "[::ffff:127.0.0.1]"),
        /::ffff:7f00:1 is a non-public address \(ipv4Mapped form of 127\.0\.0\.1, loopback\)/,
      ],
    ] as const;
    const hooks: CreatedWebhook[] = [];
    for (const [url] of targets) hooks.push(await webhookMadeWhileAllowed(svc, siteId, url));
    const p = await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<m@example.com>",
      to: "a@example.com",
      mode: "relay",
    });
    assert.equal(p.deliveries.length, 4);
    for (const [i, [, why]] of targets.entries()) {
      const d = p.deliveries.find((x) => x.webhook_id === hooks[i].id)!;
      const view = await attemptsRecorded(svc, d.id, 1);
      const a = view.attempts[0];
      assert.equal(a.status, null);
      assert.match(a.error!, /^refused target: /);
      assert.match(a.error!, why);
      assert.ok(a.duration_ms < 500, "refused before any connection");
      const w = await webhookState(svc, hooks[i].id);
      assert.deepEqual([w.failure_count, w.last_status], [1, null]);
    }
    // The test call is refused the same way.
    const t = await svc.admin("POST", `/webhooks/${hooks[0].id}/test`);
    assert.equal(t.status, 200);
    assert.equal(t.body.status, null);
    assert.match(t.body.error as string, /refused target/);
    await stillTrueFor(
      100,
      () => v4.requests.length + v6.requests.length === 0,
      "no request reached a private address",
    );
  } finally {
    await v4.close();
    await v6.close();
    await svc.close();
  }
});

Deno.test("a host name that resolves to a private address is refused after the lookup", async () => {
  const svc = await startTestService(strict);
  const rx = startReceiver(always200);
  const dns = await startDnsServer({
    "hooks.customer.test": { A: ["127.0.0.1"] },
    "rebind.customer.test": { A: ["93.184.216.34"], AAAA: ["::ffff:a00:1"] },
  });
  svc.ctx.outbound = { nameServer: dns.nameServer };
  try {
    const { siteId } = await seedSite(svc);
    // Accepted when saved: a name is only judged by what it resolves to at send time.
    const hook = await addWebhook(svc, siteId, urlOn(rx, "hooks.customer.test"));
    const other = await addWebhook(svc, siteId, urlOn(rx, "rebind.customer.test"));
    const p = await emitEvent(svc.ctx, siteId, "email.sent", {
      message_id: "<m@example.com>",
      to: "a@example.com",
      mode: "relay",
    });
    const d1 = p.deliveries.find((d) => d.webhook_id === hook.id)!;
    const d2 = p.deliveries.find((d) => d.webhook_id === other.id)!;
    const a1 = (await attemptsRecorded(svc, d1.id, 1)).attempts[0];
    assert.equal(a1.status, null);
    assert.match(a1.error!, /refused target: hooks\.customer\.test -> 127\.0\.0\.1 .*loopback/);
    const a2 = (await attemptsRecorded(svc, d2.id, 1)).attempts[0];
    assert.match(
      a2.error!,
      /rebind\.customer\.test -> ::ffff:10\.0\.0\.1 .*form of 10\.0\.0\.1, private/,
    );
    assert.ok(dns.queries.includes("A hooks.customer.test"));
    assert.equal(rx.requests.length, 0);
  } finally {
    await rx.close();
    await svc.close();
    await dns.close();
  }
});
