/**
 * Webhook URLs with credentials (`https://user:pass@host/x`): sealed at rest
 * like the secret, never shown, and sent as Basic auth on delivery, also for
 * records written before credentials were sealed.
 */
import assert from "node:assert/strict";
import { emitEvent } from "../../../domain/webhooks/events.ts";
import { seal, unseal } from "../../../domain/kernel/crypto.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { createWebhook, type Webhook } from "../../../domain/webhooks/store.ts";
import { basicAuthorization, urlCredentialsAad } from "../../../domain/webhooks/delivery.ts";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { always200, startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook, settled, submittedData } from "../../helpers/webhooks.ts";

const USER = "hook-user";
const PASSWORD = "s3cr3t-P4ss";

/** `http://user:password@127.0.0.1:port/hook` for a receiver's URL. */
function withCredentials(url: string, user = USER, password = PASSWORD): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.href;
}

const basic = (user: string, password: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)))}`;

/** The webhook record exactly as KV holds it. */
async function storedRecord(svc: TestService, id: string): Promise<Webhook> {
  const e = await svc.ctx.kv.get<Webhook>(keys.webhook(id));
  assert.ok(e.value, "record stored");
  return e.value;
}

function assertNoCredentials(text: string, what: string) {
  assert.ok(!text.includes(PASSWORD), `${what}: password shown`);
  assert.ok(!text.includes(`${USER}:`), `${what}: user shown`);
  assert.ok(!text.includes(`${USER}@`), `${what}: user shown`);
}

Deno.test("URL credentials are sealed at rest and shown by no answer (create, get, list, PATCH)", async () => {
  const svc = await startTestService();
  try {
    const { siteId } = await seedSite(svc);
    const created = await svc.admin("POST", `/sites/${siteId}/webhooks`, {
      url: `https://${USER}:${PASSWORD}@hooks.example.com/in?x=1`,
      events: ["all"],
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.url, "https://hooks.example.com/in?x=1");
    assert.equal(created.body.has_credentials, true);
    assertNoCredentials(created.text, "create");
    const id = created.body.id as string;

    // At rest: no password (nor user) in clear; sealed and bound to this webhook.
    const stored = await storedRecord(svc, id);
    assertNoCredentials(JSON.stringify(stored), "stored record");
    assert.equal(stored.url, "https://hooks.example.com/in?x=1");
    const key = svc.ctx.config.encryptionKey;
    assert.equal(
      unseal(key, stored.url_credentials!, urlCredentialsAad(id)),
      `${USER}:${PASSWORD}`,
    );
    assert.throws(() => unseal(key, stored.url_credentials!, id), "not the secret's AAD");

    const got = await svc.admin("GET", `/webhooks/${id}`);
    assert.equal(got.body.url, "https://hooks.example.com/in?x=1");
    assertNoCredentials(got.text, "get");
    const list = await svc.admin("GET", `/sites/${siteId}/webhooks`);
    assertNoCredentials(list.text, "list");
    assert.deepEqual((list.body.items as { url: string }[]).map((w) => w.url), [
      "https://hooks.example.com/in?x=1",
    ]);

    // PATCH without url keeps them; with new credentials replaces them; without removes them.
    const paused = await svc.admin("PATCH", `/webhooks/${id}`, { paused: true });
    assertNoCredentials(paused.text, "PATCH paused");
    assert.equal(paused.body.has_credentials, true);
    const other = await svc.admin("PATCH", `/webhooks/${id}`, {
      url: `https://other:${PASSWORD}-2@b.example.com/`,
    });
    assert.equal(other.body.url, "https://b.example.com/");
    assertNoCredentials(other.text, "PATCH url");
    const s2 = await storedRecord(svc, id);
    assert.ok(!JSON.stringify(s2).includes(`${PASSWORD}-2`));
    assert.equal(unseal(key, s2.url_credentials!, urlCredentialsAad(id)), `other:${PASSWORD}-2`);
    const plain = await svc.admin("PATCH", `/webhooks/${id}`, { url: "https://c.example.com/" });
    assert.equal(plain.body.has_credentials, false);
    assert.equal((await storedRecord(svc, id)).url_credentials, null);
  } finally {
    await svc.close();
  }
});

Deno.test("the receiver gets the URL's credentials as Basic auth; webhook.test's `to` has none", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, withCredentials(rx.url));
    assert.equal(hook.url, rx.url);
    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    await rx.waitFor(1);
    assert.equal(rx.requests[0].headers.get("authorization"), basic(USER, PASSWORD));
    assert.equal(new URL(rx.requests[0].url).pathname, "/hook");
    assert.equal((await settled(svc, p.deliveries[0].id)).state, "succeeded");

    const t = await svc.admin("POST", `/webhooks/${hook.id}/test`);
    assert.equal(t.body.status, 200);
    await rx.waitFor(2);
    assert.equal(rx.requests[1].headers.get("authorization"), basic(USER, PASSWORD));
    assert.equal(JSON.parse(rx.requests[1].text).data.to, rx.url);
    assertNoCredentials(rx.requests[1].text, "webhook.test body");

    // Without credentials, no Authorization header.
    await svc.admin("PATCH", `/webhooks/${hook.id}`, { url: rx.url });
    await svc.admin("POST", `/webhooks/${hook.id}/test`);
    await rx.waitFor(3);
    assert.equal(rx.requests[2].headers.get("authorization"), null);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("Basic auth is built byte for byte as fetch builds it from a URL's userinfo", async () => {
  const rx = startReceiver(always200);
  try {
    const cases = [
      ["us%20er", "p%40ss%3Aw"],
      ["tok", ""],
      ["", "pw"],
      ["%C3%A9", "%C3%BC"],
      ["a%zz", "%41%"],
    ];
    for (const [user, password] of cases) {
      const u = new URL(rx.url);
      u.username = user;
      u.password = password;
      const r = await fetch(u.href, { method: "POST", body: "x" });
      await r.body?.cancel();
      const fromFetch = rx.requests.at(-1)!.headers.get("authorization");
      assert.equal(
        basicAuthorization(`${u.username}:${u.password}`),
        fromFetch,
        `${user}:${password}`,
      );
    }
  } finally {
    await rx.close();
  }
});

Deno.test("a record written with credentials in its URL (before sealing) still delivers, shows none, and is sealed on its next write", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    // The old shape: credentials in `url`, no url_credentials field.
    await createWebhook(svc.ctx.kv, {
      id,
      site_id: siteId,
      url: withCredentials(rx.url),
      events: ["all"],
      paused: false,
      secret: seal(svc.ctx.config.encryptionKey, "whsec_legacy", id),
      created_at: now,
      updated_at: now,
    });

    const got = await svc.admin("GET", `/webhooks/${id}`);
    assert.equal(got.body.url, rx.url);
    assert.equal(got.body.has_credentials, true);
    assertNoCredentials(got.text, "legacy get");
    assertNoCredentials((await svc.admin("GET", `/sites/${siteId}/webhooks`)).text, "legacy list");

    const p = await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    await rx.waitFor(1);
    assert.equal(rx.requests[0].headers.get("authorization"), basic(USER, PASSWORD));
    assert.equal((await settled(svc, p.deliveries[0].id)).state, "succeeded");

    // Any write seals them; delivery is unchanged.
    const patched = await svc.admin("PATCH", `/webhooks/${id}`, { events: ["form.submitted"] });
    assert.equal(patched.status, 200);
    const stored = await storedRecord(svc, id);
    assertNoCredentials(JSON.stringify(stored), "migrated record");
    assert.equal(stored.url, rx.url);
    await emitEvent(svc.ctx, siteId, "form.submitted", submittedData());
    await rx.waitFor(2);
    assert.equal(rx.requests[1].headers.get("authorization"), basic(USER, PASSWORD));
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("credentials that cannot be unsealed fail the attempt with a reason, not the worker", async () => {
  const svc = await startTestService();
  const rx = startReceiver(always200);
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, withCredentials(rx.url));
    const stored = await storedRecord(svc, hook.id);
    // Sealed for another webhook: the AAD does not match.
    await svc.ctx.kv.set(keys.webhook(hook.id), {
      ...stored,
      url_credentials: seal(svc.ctx.config.encryptionKey, "x:y", "another-id"),
    });
    const t = await svc.admin("POST", `/webhooks/${hook.id}/test`);
    assert.equal(t.status, 200);
    assert.equal(t.body.status, null);
    assert.match(t.body.error as string, /credentials cannot be unsealed/);
    assert.equal(rx.requests.length, 0);
  } finally {
    await rx.close();
    await svc.close();
  }
});
