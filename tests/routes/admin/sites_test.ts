import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

const T0 = Date.UTC(2026, 6, 1);
const MISSING = "01900000-0000-7000-8000-000000000000";

async function withSvc(fn: (svc: TestService, clock: ManualClock) => Promise<void>) {
  const clock = new ManualClock(T0);
  const svc = await startTestService({ runJobs: false, clock });
  try {
    await fn(svc, clock);
  } finally {
    await svc.close();
  }
}

Deno.test("accounts: create 201, read, patch, list; unknown id 404; bad body 400", async () => {
  await withSvc(async (svc) => {
    const a = await svc.admin("POST", "/accounts", { name: "Acme", monthly_email_limit: 1000 });
    assert.equal(a.status, 201);
    assert.deepEqual({ ...a.body, id: "" }, {
      id: "",
      name: "Acme",
      monthly_email_limit: 1000,
      monthly_form_limit: null,
      created_at: new Date(T0).toISOString(),
      updated_at: new Date(T0).toISOString(),
    });
    assert.deepEqual((await svc.admin("GET", `/accounts/${a.body.id}`)).body, a.body);
    const p = await svc.admin("PATCH", `/accounts/${a.body.id}`, { monthly_form_limit: 50 });
    assert.equal(p.body.monthly_form_limit, 50);
    assert.equal(p.body.monthly_email_limit, 1000);
    const list = await svc.admin("GET", "/accounts");
    assert.deepEqual((list.body.items as { id: string }[]).map((x) => x.id), [a.body.id]);
    assert.equal((await svc.admin("GET", `/accounts/${MISSING}`)).status, 404);
    assert.equal((await svc.admin("PATCH", `/accounts/${MISSING}`, { name: "x" })).status, 404);
    const bad = await svc.admin("POST", "/accounts", { name: "", monthly_email_limit: -1 });
    assert.equal(bad.status, 400);
    assert.deepEqual((bad.body.details as { field: string }[]).map((d) => d.field), [
      "name",
      "monthly_email_limit",
    ]);
  });
});

Deno.test("sites: create 201 with defaults; duplicate domain 409; unknown account 400", async () => {
  await withSvc(async (svc) => {
    const a = await svc.admin("POST", "/accounts", { name: "Acme" });
    const s = await svc.admin("POST", "/sites", {
      account_id: a.body.id,
      name: "Shop",
      domain: "Shop.Example.com.",
    });
    assert.equal(s.status, 201, s.text);
    assert.equal(s.body.domain, "shop.example.com");
    assert.equal(s.body.verified, false);
    assert.equal(s.body.disabled, null);
    assert.equal(s.body.request_limit, null);
    assert.deepEqual(s.body.captcha, { provider: "shared", site_key: null, has_secret: false });
    const dup = await svc.admin("POST", "/sites", { name: "Again", domain: "shop.example.com" });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, "conflict");
    const noAcct = await svc.admin("POST", "/sites", {
      account_id: MISSING,
      name: "x",
      domain: "x.example.com",
    });
    assert.equal(noAcct.status, 400);
    assert.equal(noAcct.body.error, "invalid_payload");
    const badDomain = await svc.admin("POST", "/sites", { name: "x", domain: "not a domain" });
    assert.equal(badDomain.status, 400);
    assert.equal((await svc.admin("GET", `/sites/${MISSING}`)).status, 404);
    const listed = await svc.admin("GET", `/accounts/${a.body.id}/sites`);
    assert.deepEqual((listed.body.items as { id: string }[]).map((x) => x.id), [s.body.id]);
  });
});

Deno.test("sites: PATCH to a domain of another site is 409 and changes nothing", async () => {
  await withSvc(async (svc) => {
    const one = await seedSite(svc);
    const two = await seedSite(svc);
    const r = await svc.admin("PATCH", `/sites/${two.siteId}`, { domain: one.domain });
    assert.equal(r.status, 409);
    assert.equal((await svc.admin("GET", `/sites/${two.siteId}`)).body.domain, two.domain);
    const ok = await svc.admin("PATCH", `/sites/${two.siteId}`, { domain: "fresh.example.net" });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.domain, "fresh.example.net");
  });
});

Deno.test("api keys: issue, list without hashes, rotate (old fails at once), revoke", async () => {
  await withSvc(async (svc) => {
    const { siteId, key, keyId } = await seedSite(svc);
    assert.match(key, /^svc_live_/);
    const list = await svc.admin("GET", `/sites/${siteId}/api-keys`);
    const item = (list.body.items as Record<string, unknown>[])[0];
    assert.equal(item.id, keyId);
    assert.equal(item.hash, undefined);
    assert.ok(!list.text.includes(key));
    const rot = await svc.admin("POST", `/sites/${siteId}/api-keys/${keyId}/rotate`);
    assert.equal(rot.status, 200);
    assert.equal(rot.body.id, keyId);
    const newKey = rot.body.api_key as string;
    assert.notEqual(newKey, key);
    assert.equal((await svc.api("GET", "sites/captcha", { key })).body.error, "invalid_api_key");
    assert.equal((await svc.api("GET", "sites/captcha", { key: newKey })).status, 200);
    const del = await svc.admin("DELETE", `/sites/${siteId}/api-keys/${keyId}`);
    assert.equal(del.status, 204);
    assert.equal(
      (await svc.api("GET", "sites/captcha", { key: newKey })).body.error,
      "invalid_api_key",
    );
    assert.equal(
      (await svc.admin("POST", `/sites/${siteId}/api-keys/${keyId}/rotate`)).status,
      404,
    );
    assert.equal((await svc.admin("DELETE", `/sites/${MISSING}/api-keys/${keyId}`)).status, 404);
    assert.equal((await svc.admin("POST", `/sites/${MISSING}/api-keys`)).status, 404);
  });
});

Deno.test("disable and enable a site", async () => {
  await withSvc(async (svc, clock) => {
    const { siteId, key } = await seedSite(svc);
    const d = await svc.admin("POST", `/sites/${siteId}/disable`, {
      automatic: true,
      reason: "Spam wave",
    });
    assert.equal(d.status, 200, d.text);
    assert.deepEqual(d.body.disabled, {
      automatic: true,
      reason: "Spam wave",
      at: new Date(T0).toISOString(),
    });
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 403);
    // Disabling again keeps the original time, takes the new kind and reason.
    clock.advance(1000);
    const again = await svc.admin("POST", `/sites/${siteId}/disable`, { automatic: false });
    assert.deepEqual(again.body.disabled, {
      automatic: false,
      reason: null,
      at: new Date(T0).toISOString(),
    });
    const e = await svc.admin("POST", `/sites/${siteId}/enable`);
    assert.equal(e.status, 200);
    assert.equal(e.body.disabled, null);
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 200);
    // No body means automatic false.
    const plain = await svc.admin("POST", `/sites/${siteId}/disable`);
    assert.equal(plain.status, 200);
    assert.equal((plain.body.disabled as { automatic: boolean }).automatic, false);
  });
});

Deno.test("disable validates its body; unknown sites are 404", async () => {
  await withSvc(async (svc) => {
    const { siteId } = await seedSite(svc);
    for (const body of [{ automatic: "yes" }, { reason: 5 }, { reason: "r".repeat(501) }]) {
      const r = await svc.admin("POST", `/sites/${siteId}/disable`, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
    }
    assert.equal((await svc.admin("GET", `/sites/${siteId}`)).body.disabled, null);
    assert.equal((await svc.admin("POST", `/sites/${MISSING}/disable`, {})).status, 404);
    assert.equal((await svc.admin("POST", `/sites/${MISSING}/enable`)).status, 404);
  });
});

Deno.test("request_limit is set and cleared with PATCH /sites/{id}; bad values are invalid_payload", async () => {
  await withSvc(async (svc) => {
    const { siteId } = await seedSite(svc);
    const on = await svc.admin("PATCH", `/sites/${siteId}`, {
      request_limit: { per_minute: 60, burst: 10 },
    });
    assert.equal(on.status, 200);
    assert.deepEqual(on.body.request_limit, { per_minute: 60, burst: 10 });
    for (
      const bad of [
        { per_minute: 0, burst: 1 },
        { per_minute: 60, burst: 0 },
        { per_minute: 1.5, burst: 1 },
        { per_minute: 60 },
        "60/min",
      ]
    ) {
      const r = await svc.admin("PATCH", `/sites/${siteId}`, { request_limit: bad });
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(r.body.error, "invalid_payload");
    }
    const off = await svc.admin("PATCH", `/sites/${siteId}`, { request_limit: null });
    assert.equal(off.body.request_limit, null);
  });
});

Deno.test("very long ids in operator paths answer 404, not a storage error", async () => {
  await withSvc(async (svc) => {
    for (
      const p of [
        `/sites/${"x".repeat(3000)}`,
        `/forms/${"€".repeat(700)}`,
        `/suppressions/${"a".repeat(2000)}@x.org`,
      ]
    ) {
      const r = await svc.admin("GET", p);
      assert.equal(r.status, 404, p.slice(0, 20));
      assert.equal(r.body.error, "not_found");
    }
  });
});

Deno.test("an unexpected failure in the operator API answers 500 {error, message} with no internals", async () => {
  const svc = await startTestService({ runJobs: false, logLevel: "silent" });
  try {
    const kv = svc.ctx.kv;
    const realGet = kv.get.bind(kv);
    kv.get = (() => {
      throw new Error("disk failure at /var/lib/x.kv");
    }) as typeof kv.get;
    try {
      const r = await svc.admin("GET", `/sites/${MISSING}`);
      assert.equal(r.status, 500);
      assert.deepEqual(Object.keys(r.body).sort(), ["error", "message"]);
      assert.equal(r.body.error, "internal_error");
      assert.ok(!r.text.includes("disk failure"));
    } finally {
      kv.get = realGet;
    }
  } finally {
    await svc.close();
  }
});

/** One request over a real socket, exactly as written (fetch always adds a Content-Length). */
async function rawPost(base: string, path: string, headers: string[]) {
  const url = new URL(base);
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  try {
    const head = [`POST ${path} HTTP/1.1`, `host: ${url.host}`, "connection: close", ...headers];
    await conn.write(new TextEncoder().encode(head.join("\r\n") + "\r\n\r\n"));
    let text = "";
    const buf = new Uint8Array(8192);
    for (let n = await conn.read(buf); n !== null; n = await conn.read(buf)) {
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
    return { status, body: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4) || "{}") };
  } finally {
    conn.close();
  }
}

Deno.test("a JSON Content-Type and no body at all is no body: the API key is made", async () => {
  await withSvc(async (svc) => {
    const { siteId } = await seedSite(svc);
    const base = await svc.listen();
    const auth = `authorization: Bearer ${svc.ctx.config.adminToken}`;
    const path = `/admin/api/v1/sites/${siteId}/api-keys`;
    // What `curl -X POST -H 'content-type: application/json'` sends: no length, no body.
    const r = await rawPost(base, path, [auth, "content-type: application/json"]);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.match(r.body.api_key, /^svc_/);
    // An empty chunked body is no body either; a body that is not JSON is still refused.
    const chunked = await rawPost(base, path, [
      auth,
      "content-type: application/json",
      "transfer-encoding: chunked\r\n\r\n0",
    ]);
    assert.equal(chunked.status, 201, JSON.stringify(chunked.body));
    const bad = await svc.admin("POST", `/sites/${siteId}/api-keys`, undefined, {});
    assert.equal(bad.status, 201);
    const text = await fetch(base + path, {
      method: "POST",
      headers: {
        authorization: `Bearer ${svc.ctx.config.adminToken}`,
        "content-type": "text/plain",
      },
      body: "mode=test",
    });
    assert.equal(text.status, 400);
    assert.equal((await text.json()).error, "invalid_json");
  });
});
