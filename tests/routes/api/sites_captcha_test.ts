import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { unseal } from "../../../domain/kernel/crypto.ts";
import { captchaSecret } from "../../../domain/forms/captcha_settings.ts";

const TURNSTILE_JS = "https://challenges.cloudflare.com/turnstile/v0/api.js";
const HCAPTCHA_JS = "https://js.hcaptcha.com/1/api.js";
const RECAPTCHA_JS = "https://www.google.com/recaptcha/api.js";
const SHARED_KEY = "1x00000000000000000000AA"; // the default SVC_TURNSTILE_SITE_KEY

async function withSite(
  fn: (svc: TestService, key: string, siteId: string) => Promise<void>,
  config: Parameters<typeof startTestService>[0] = {},
) {
  const svc = await startTestService({ runJobs: false, ...config });
  try {
    const { key, siteId } = await seedSite(svc);
    await fn(svc, key, siteId);
  } finally {
    await svc.close();
  }
}

const save = (svc: TestService, key: string, body: unknown) =>
  svc.api("POST", "sites/captcha", { key, body });

Deno.test("GET /sites/captcha of a new site is the shared widget with the service's own key", async () => {
  await withSite(async (svc, key) => {
    const r = await svc.api("GET", "sites/captcha", { key });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      ok: true,
      provider: "shared",
      site_key: SHARED_KEY,
      widget_js: TURNSTILE_JS,
      widget_class: "cf-turnstile",
      response_field: "cf-turnstile-response",
    });
  });
});

Deno.test("shared uses SVC_TURNSTILE_SITE_KEY as configured", async () => {
  await withSite(async (svc, key) => {
    const r = await svc.api("GET", "sites/captcha", { key });
    assert.equal(r.body.site_key, "0xCONFIGURED");
  }, { config: { SVC_TURNSTILE_SITE_KEY: "0xCONFIGURED" } });
});

Deno.test("each provider answers its row of the provider table", async () => {
  const rows = [
    ["turnstile", TURNSTILE_JS, "cf-turnstile", "cf-turnstile-response"],
    ["hcaptcha", HCAPTCHA_JS, "h-captcha", "h-captcha-response"],
    ["recaptcha", RECAPTCHA_JS, "g-recaptcha", "g-recaptcha-response"],
    // The spec's table: the same script for both reCAPTCHA versions (no ?render=).
    ["recaptcha_v3", RECAPTCHA_JS, "g-recaptcha-v3", "g-recaptcha-response"],
  ] as const;
  await withSite(async (svc, key) => {
    for (const [provider, js, cls, field] of rows) {
      const body = { provider, site_key: `pk-${provider}`, secret_key: "sk" };
      const expected = {
        ok: true,
        provider,
        site_key: `pk-${provider}`,
        widget_js: js,
        widget_class: cls,
        response_field: field,
      };
      const posted = await save(svc, key, body);
      assert.equal(posted.status, 200, posted.text);
      assert.deepEqual(posted.body, expected);
      assert.deepEqual((await svc.api("GET", "sites/captcha", { key })).body, expected);
    }
  });
});

Deno.test("none answers null widget fields and deletes saved keys", async () => {
  await withSite(async (svc, key, siteId) => {
    await save(svc, key, { provider: "hcaptcha", site_key: "pk", secret_key: "sk" });
    const r = await save(svc, key, { provider: "none", site_key: "ignored" });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      ok: true,
      provider: "none",
      site_key: null,
      widget_js: null,
      widget_class: null,
      response_field: null,
    });
    const site = await getSite(svc.ctx.kv, siteId);
    assert.deepEqual(site!.captcha, { provider: "none", site_key: null, secret: null });
    // The secret is gone: going back to a provider needs a secret again.
    const again = await save(svc, key, { provider: "hcaptcha", site_key: "pk" });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, { error: "secret_key_required_on_first_save" });
  });
});

Deno.test("shared deletes saved keys and answers the service's key", async () => {
  await withSite(async (svc, key, siteId) => {
    await save(svc, key, { provider: "turnstile", site_key: "own-key", secret_key: "sk" });
    const r = await save(svc, key, { provider: "shared" });
    assert.equal(r.status, 200);
    assert.equal(r.body.site_key, SHARED_KEY);
    assert.equal(r.body.widget_js, TURNSTILE_JS);
    const site = await getSite(svc.ctx.kv, siteId);
    assert.deepEqual(site!.captcha, { provider: "shared", site_key: null, secret: null });
  });
});

Deno.test("site_key_required for a provider other than shared or none without site_key", async () => {
  await withSite(async (svc, key, siteId) => {
    for (
      const body of [
        { provider: "turnstile", secret_key: "sk" },
        { provider: "recaptcha", site_key: "", secret_key: "sk" },
        { provider: "recaptcha_v3", site_key: "   ", secret_key: "sk" },
        { provider: "hcaptcha", site_key: null, secret_key: "sk" },
      ]
    ) {
      const r = await save(svc, key, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.deepEqual(r.body, { error: "site_key_required" });
    }
    assert.equal((await getSite(svc.ctx.kv, siteId))!.captcha.provider, "shared");
  });
});

Deno.test("secret_key_required_on_first_save when no secret is saved and none sent", async () => {
  await withSite(async (svc, key, siteId) => {
    for (const secret of [undefined, "", null]) {
      const r = await save(svc, key, { provider: "turnstile", site_key: "pk", secret_key: secret });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { error: "secret_key_required_on_first_save" });
    }
    assert.equal((await getSite(svc.ctx.kv, siteId))!.captcha.provider, "shared");
  });
});

Deno.test("a saved secret is kept when omitted, also across a provider change", async () => {
  await withSite(async (svc, key, siteId) => {
    await save(svc, key, { provider: "turnstile", site_key: "pk1", secret_key: "first-secret" });
    const r = await save(svc, key, { provider: "hcaptcha", site_key: "pk2" });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.provider, "hcaptcha");
    assert.equal(r.body.site_key, "pk2");
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(
      unseal(svc.ctx.config.encryptionKey, site.captcha.secret!, siteId),
      "first-secret",
    );
    assert.equal(captchaSecret(svc.ctx, site), "first-secret");
    // Sending a new one replaces it.
    await save(svc, key, { provider: "hcaptcha", site_key: "pk2", secret_key: "second" });
    const after = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(captchaSecret(svc.ctx, after), "second");
  });
});

Deno.test("the secret is sealed with AES-256-GCM, a fresh nonce per write, bound to the site", async () => {
  await withSite(async (svc, key, siteId) => {
    const body = { provider: "turnstile", site_key: "pk", secret_key: "the-secret-value" };
    await save(svc, key, body);
    const a = (await getSite(svc.ctx.kv, siteId))!.captcha.secret!;
    await save(svc, key, body);
    const b = (await getSite(svc.ctx.kv, siteId))!.captcha.secret!;
    assert.ok(!a.includes("the-secret-value"));
    const nonce = (s: string) => s.split(".")[1];
    assert.equal(Buffer.from(nonce(a), "base64").length, 12);
    assert.notEqual(nonce(a), nonce(b));
    assert.notEqual(a, b);
    assert.equal(unseal(svc.ctx.config.encryptionKey, a, siteId), "the-secret-value");
    // Another site's id as AAD does not open it.
    assert.throws(() => unseal(svc.ctx.config.encryptionKey, a, "another-site"));
  });
});

Deno.test("the secret is never returned by GET, POST, verify or the operator API", async () => {
  await withSite(async (svc, key, siteId) => {
    const secret = "never-show-me-0123";
    const texts = [
      (await save(svc, key, { provider: "recaptcha", site_key: "pk", secret_key: secret })).text,
      (await svc.api("GET", "sites/captcha", { key })).text,
      (await svc.api("POST", "sites/verify", { key, body: { site_url: "https://x.org" } })).text,
      (await svc.admin("GET", `/sites/${siteId}`)).text,
    ];
    for (const t of texts) {
      assert.ok(!t.includes(secret));
      assert.ok(!t.includes("secret_key"));
    }
  });
});

Deno.test("encryption_failed 500 with a message when the encryption key is unusable; nothing saved", async () => {
  await withSite(async (svc, key, siteId) => {
    const r = await save(svc, key, { provider: "turnstile", site_key: "pk", secret_key: "sk" });
    assert.equal(r.status, 500);
    assert.equal(r.body.error, "encryption_failed");
    assert.equal(typeof r.body.message, "string");
    assert.ok((r.body.message as string).length > 10);
    assert.equal(r.body.ok, undefined);
    assert.deepEqual(Object.keys(r.body).sort(), ["error", "message"]);
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.deepEqual(site.captcha, { provider: "shared", site_key: null, secret: null });
  }, { config: { encryptionKey: new Uint8Array(16) }, logLevel: "silent" });
});

Deno.test("invalid_payload when provider is missing or not allowed", async () => {
  await withSite(async (svc, key) => {
    for (
      const body of [{}, { provider: "friendlycaptcha" }, { provider: 3 }, { provider: null }, []]
    ) {
      const r = await save(svc, key, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(r.body.ok, undefined);
      assert.ok(Array.isArray(r.body.details));
    }
  });
});

Deno.test("site_key up to 200 and secret_key up to 500 characters (201 and 501 fail)", async () => {
  await withSite(async (svc, key) => {
    const ok = await save(svc, key, {
      provider: "turnstile",
      site_key: "k".repeat(200),
      secret_key: "s".repeat(500),
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.site_key, "k".repeat(200));

    const longKey = await save(svc, key, {
      provider: "turnstile",
      site_key: "k".repeat(201),
      secret_key: "s",
    });
    assert.equal(longKey.status, 400);
    assert.equal(longKey.body.error, "invalid_payload");
    assert.deepEqual((longKey.body.details as { field: string }[]).map((d) => d.field), [
      "site_key",
    ]);

    const longSecret = await save(svc, key, {
      provider: "turnstile",
      site_key: "k",
      secret_key: "s".repeat(501),
    });
    assert.equal(longSecret.status, 400);
    assert.deepEqual((longSecret.body.details as { field: string }[]).map((d) => d.field), [
      "secret_key",
    ]);
    // Saved settings are the 200-character ones still.
    assert.equal((await svc.api("GET", "sites/captcha", { key })).body.site_key, "k".repeat(200));
  });
});

Deno.test("a too long key is invalid_payload even with provider shared", async () => {
  await withSite(async (svc, key) => {
    const r = await save(svc, key, { provider: "shared", site_key: "k".repeat(201) });
    assert.equal(r.status, 400);
    assert.equal(r.body.error, "invalid_payload");
  });
});

Deno.test("invalid_json for a body that is not JSON or not declared as JSON", async () => {
  await withSite(async (svc, key) => {
    const cases: { raw: string; headers: Record<string, string> }[] = [
      { raw: "{not json", headers: { "content-type": "application/json" } },
      { raw: JSON.stringify({ provider: "none" }), headers: { "content-type": "text/plain" } },
      { raw: JSON.stringify({ provider: "none" }), headers: {} },
      { raw: "", headers: { "content-type": "application/json" } },
    ];
    for (const c of cases) {
      const r = await svc.api("POST", "sites/captcha", { key, ...c });
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { error: "invalid_json" });
    }
  });
});
