import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { type CaptchaStandIn, startCaptchaProvider } from "../../helpers/captcha_provider.ts";
import { eventsOf, legitBody, setCaptcha, startFormsService, submit } from "../../helpers/forms.ts";
import type { Config } from "../../../domain/kernel/config.ts";

const SHARED_SECRET = "0x-shared-service-secret";
const SITE_SECRETS = {
  turnstile: "0x-site-turnstile-secret",
  hcaptcha: "0x-site-hcaptcha-secret",
  recaptcha: "6L-site-recaptcha-secret",
};

async function setup(
  fn: (svc: TestService, p: CaptchaStandIn) => Promise<void>,
  config: Partial<Config> = {},
) {
  const p = await startCaptchaProvider({
    secrets: {
      turnstile: [SHARED_SECRET, SITE_SECRETS.turnstile],
      hcaptcha: [SITE_SECRETS.hcaptcha],
      recaptcha: [SITE_SECRETS.recaptcha],
    },
    valid: { "good-token": null, "v3-high": 0.9, "v3-edge": 0.5, "v3-low": 0.49 },
  });
  const svc = await startFormsService({
    runJobs: false,
    config: {
      SVC_TURNSTILE_SECRET: SHARED_SECRET,
      SVC_TURNSTILE_VERIFY_URL: p.urls.turnstile,
      SVC_HCAPTCHA_VERIFY_URL: p.urls.hcaptcha,
      SVC_RECAPTCHA_VERIFY_URL: p.urls.recaptcha,
      ...config,
    },
  });
  try {
    await fn(svc, p);
  } finally {
    await svc.close();
    await p.close();
  }
}

async function storedCount(svc: TestService, siteId: string): Promise<number> {
  const r = await svc.admin("GET", `/sites/${siteId}/submissions`);
  return (r.body.items as unknown[]).length;
}

function withIp(domain: string, token: Record<string, string>, ip = "203.0.113.9") {
  const b = legitBody(domain, token);
  return { ...b, visitor: { ...b.visitor, ip } };
}

Deno.test("captcha shared: the service's own secret, the token and remoteip go form-encoded to Turnstile", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    const ok = await submit(svc, key, withIp(domain, { captcha_token: "good-token" }));
    assert.equal(ok.status, 200);
    assert.ok(ok.body.id, ok.text);
    assert.equal(p.calls.length, 1);
    const call = p.calls[0];
    assert.equal(call.provider, "turnstile");
    assert.equal(call.contentType, "application/x-www-form-urlencoded");
    assert.equal(call.params.secret, SHARED_SECRET);
    assert.equal(call.params.response, "good-token");
    assert.equal(call.params.remoteip, "203.0.113.9");
    assert.match(call.params.idempotency_key, /^[0-9a-f-]{36}$/);

    const bad = await submit(svc, key, withIp(domain, { captcha_token: "forged" }, "203.0.113.10"));
    assert.equal(bad.status, 200);
    assert.deepEqual(bad.body, { ok: true, blocked: true, reason: "captcha_rejected" });
    assert.equal(await storedCount(svc, siteId), 1);
    const formEvents = (await eventsOf(svc, siteId)).filter((e) => e.type.startsWith("form."));
    assert.equal(formEvents.length, 1, "no event for a blocked submission");
  });
});

Deno.test("captcha turnstile: the site's saved secret is unsealed and sent", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    await setCaptcha(svc, siteId, "turnstile", "0x-site-key", SITE_SECRETS.turnstile);
    const ok = await submit(svc, key, legitBody(domain, { captcha_token: "good-token" }));
    assert.ok(ok.body.id);
    assert.equal(p.calls[0].params.secret, SITE_SECRETS.turnstile);
    assert.ok(!("remoteip" in p.calls[0].params), "no remoteip without a visitor ip");
    const bad = await submit(svc, key, legitBody(domain, { captcha_token: "forged" }));
    assert.deepEqual(bad.body, { ok: true, blocked: true, reason: "captcha_rejected" });
  });
});

Deno.test("captcha hcaptcha: secret, response, remoteip and sitekey go to hCaptcha", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    await setCaptcha(
      svc,
      siteId,
      "hcaptcha",
      "10000000-ffff-ffff-ffff-000000000001",
      SITE_SECRETS.hcaptcha,
    );
    const ok = await submit(
      svc,
      key,
      withIp(domain, { captcha_token: "good-token" }, "2001:db8::7"),
    );
    assert.ok(ok.body.id, ok.text);
    assert.deepEqual(
      { ...p.calls[0].params },
      {
        secret: SITE_SECRETS.hcaptcha,
        response: "good-token",
        remoteip: "2001:db8::7",
        sitekey: "10000000-ffff-ffff-ffff-000000000001",
      },
    );
    assert.equal(p.calls[0].provider, "hcaptcha");
    const bad = await submit(svc, key, legitBody(domain, { captcha_token: "forged" }));
    assert.deepEqual(bad.body, { ok: true, blocked: true, reason: "captcha_rejected" });
  });
});

Deno.test("captcha recaptcha v2: a valid token passes, an invalid one is blocked", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    await setCaptcha(svc, siteId, "recaptcha", "6L-site-key", SITE_SECRETS.recaptcha);
    const ok = await submit(svc, key, legitBody(domain, { captcha_token: "good-token" }));
    assert.ok(ok.body.id);
    assert.equal(p.calls[0].provider, "recaptcha");
    assert.equal(p.calls[0].params.secret, SITE_SECRETS.recaptcha);
    const bad = await submit(svc, key, legitBody(domain, { captcha_token: "forged" }));
    assert.deepEqual(bad.body, { ok: true, blocked: true, reason: "captcha_rejected" });
  });
});

Deno.test("captcha recaptcha v3: a score of 0.5 passes, 0.49 is blocked", async () => {
  await setup(async (svc) => {
    const { key, siteId, domain } = await seedSite(svc);
    await setCaptcha(svc, siteId, "recaptcha_v3", "6L-site-key", SITE_SECRETS.recaptcha);
    for (
      const [token, blocked] of [["v3-high", false], ["v3-edge", false], ["v3-low", true]] as const
    ) {
      const r = await submit(svc, key, legitBody(domain, { captcha_token: token }));
      assert.equal(r.status, 200);
      if (blocked) {
        assert.deepEqual(r.body, { ok: true, blocked: true, reason: "captcha_rejected" }, token);
      } else assert.ok(r.body.id, token);
    }
    assert.equal(await storedCount(svc, siteId), 2);
  });
});

Deno.test("captcha: cf_turnstile_token is used when captcha_token is empty; captcha_token wins", async () => {
  await setup(async (svc, p) => {
    const { key, domain } = await seedSite(svc);
    const a = await submit(
      svc,
      key,
      legitBody(domain, { captcha_token: "", cf_turnstile_token: "good-token" }),
    );
    assert.ok(a.body.id);
    assert.equal(p.calls.at(-1)!.params.response, "good-token");
    const b = await submit(
      svc,
      key,
      legitBody(domain, { captcha_token: "forged", cf_turnstile_token: "good-token" }),
    );
    assert.deepEqual(b.body, { ok: true, blocked: true, reason: "captcha_rejected" });
    assert.equal(p.calls.at(-1)!.params.response, "forged");
  });
});

Deno.test("captcha: no token, or provider none, continues without asking the provider", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    const a = await submit(svc, key, legitBody(domain));
    assert.ok(a.body.id);
    await setCaptcha(svc, siteId, "none");
    const b = await submit(
      svc,
      key,
      legitBody(domain, { captcha_token: "forged", captcha_provider: "turnstile" }),
    );
    assert.ok(b.body.id);
    assert.equal(p.calls.length, 0);
  });
});

Deno.test("captcha: an unreachable provider, an HTTP 500 or a wrong saved secret lets the submission through", async () => {
  await setup(async (svc, p) => {
    const { key, siteId, domain } = await seedSite(svc);
    const err = await submit(svc, key, legitBody(domain, { captcha_token: "http500" }));
    assert.ok(err.body.id, "HTTP 500 from the provider");
    await setCaptcha(svc, siteId, "hcaptcha", "k", "a-secret-the-provider-does-not-know");
    const wrongSecret = await submit(svc, key, legitBody(domain, { captcha_token: "forged" }));
    assert.ok(wrongSecret.body.id, "invalid-input-secret blames the secret, not the visitor");
    assert.equal(p.calls.at(-1)!.params.secret, "a-secret-the-provider-does-not-know");
  });
  const dead = await startCaptchaProvider({
    secrets: { turnstile: [], hcaptcha: [], recaptcha: [] },
    valid: {},
  });
  const url = dead.unreachableUrl;
  await dead.close();
  await setup(async (svc) => {
    const { key, domain } = await seedSite(svc);
    const r = await submit(svc, key, legitBody(domain, { captcha_token: "anything" }));
    assert.equal(r.status, 200);
    assert.ok(r.body.id, "unreachable provider");
  }, { SVC_TURNSTILE_VERIFY_URL: url });
});

Deno.test("captcha: a provider slower than the timeout is given up on, and the submission goes on", async () => {
  await setup(async (svc, p) => {
    const { key, domain } = await seedSite(svc);
    const t0 = performance.now();
    const r = await submit(svc, key, legitBody(domain, { captcha_token: "slow:3000:forged" }));
    const took = performance.now() - t0;
    assert.ok(r.body.id, r.text);
    assert.ok(took >= 250 && took < 2000, `took ${took} ms`);
    assert.equal(p.calls.length, 1);
    // Within the timeout the provider's answer counts.
    const slowButInTime = await submit(
      svc,
      key,
      legitBody(domain, { captcha_token: "slow:50:forged" }),
    );
    assert.deepEqual(slowButInTime.body, { ok: true, blocked: true, reason: "captcha_rejected" });
  }, { SVC_CAPTCHA_TIMEOUT_MS: 300 });
});
