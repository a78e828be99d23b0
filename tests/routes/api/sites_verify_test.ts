import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { getSite } from "../../../domain/sites/store.ts";

async function withSite(
  fn: (svc: TestService, key: string, siteId: string, domain: string) => Promise<void>,
) {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, siteId, domain } = await seedSite(svc);
    await fn(svc, key, siteId, domain);
  } finally {
    await svc.close();
  }
}

const verify = (svc: TestService, key: string, body: unknown) =>
  svc.api("POST", "sites/verify", { key, body });

Deno.test("verify with a matching URL marks the site verified and answers the spec's shape", async () => {
  await withSite(async (svc, key, siteId, domain) => {
    const r = await verify(svc, key, { site_url: `https://www.${domain}/`, plugin_ver: "1.2.3" });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, {
      ok: true,
      site: { id: siteId, name: "Example Site", domain, verified: true, domain_match: true },
      turnstile_site_key: "1x00000000000000000000AA",
      captcha: {
        provider: "shared",
        site_key: "1x00000000000000000000AA",
        widget_js: "https://challenges.cloudflare.com/turnstile/v0/api.js",
        widget_class: "cf-turnstile",
        response_field: "cf-turnstile-response",
      },
    });
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(site.verified, true);
    assert.equal(site.domain_match, true);
    assert.equal(site.site_url, `https://www.${domain}/`);
    assert.equal(site.plugin_ver, "1.2.3");
  });
});

Deno.test("host matching ignores case, port and a trailing dot", async () => {
  await withSite(async (svc, key, _id, domain) => {
    for (
      const url of [
        `https://${domain.toUpperCase()}`,
        `http://${domain}:8080/x`,
        `https://${domain}./`,
        `https://sub.${domain}.:443`,
      ]
    ) {
      const r = await verify(svc, key, { site_url: url });
      assert.equal(r.status, 200);
      assert.equal((r.body.site as { domain_match: boolean }).domain_match, true, url);
    }
  });
});

Deno.test("a non-matching URL leaves an unverified site unverified, domain_match false", async () => {
  await withSite(async (svc, key, siteId, domain) => {
    const r = await verify(svc, key, { site_url: `https://evil-${domain}/` });
    assert.equal(r.status, 200);
    const site = r.body.site as Record<string, unknown>;
    assert.equal(site.verified, false);
    assert.equal(site.domain_match, false);
    const stored = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(stored.verified, false);
    assert.equal(stored.site_url, `https://evil-${domain}/`);
  });
});

Deno.test("a verified site stays verified after a non-matching call; domain_match is per call", async () => {
  await withSite(async (svc, key, _id, domain) => {
    await verify(svc, key, { site_url: `https://${domain}` });
    const miss = await verify(svc, key, { site_url: "https://elsewhere.org" });
    assert.deepEqual(
      [
        (miss.body.site as Record<string, unknown>).verified,
        (miss.body.site as Record<string, unknown>).domain_match,
      ],
      [true, false],
    );
    const hit = await verify(svc, key, { site_url: `https://${domain}` });
    assert.equal((hit.body.site as Record<string, unknown>).domain_match, true);
  });
});

Deno.test("turnstile_site_key is the shared key whatever the provider; captcha follows the provider", async () => {
  await withSite(async (svc, key, _id, domain) => {
    await svc.api("POST", "sites/captcha", {
      key,
      body: { provider: "hcaptcha", site_key: "own-h-key", secret_key: "s" },
    });
    const r = await verify(svc, key, { site_url: `https://${domain}` });
    assert.equal(r.body.turnstile_site_key, "1x00000000000000000000AA");
    assert.deepEqual(r.body.captcha, {
      provider: "hcaptcha",
      site_key: "own-h-key",
      widget_js: "https://js.hcaptcha.com/1/api.js",
      widget_class: "h-captcha",
      response_field: "h-captcha-response",
    });
  });
});

Deno.test("verify's captcha object gives recaptcha_v3 the table's script address, without ?render=", async () => {
  await withSite(async (svc, key, _id, domain) => {
    await svc.api("POST", "sites/captcha", {
      key,
      body: { provider: "recaptcha_v3", site_key: "v3-key", secret_key: "s" },
    });
    const r = await verify(svc, key, { site_url: `https://${domain}` });
    assert.deepEqual(r.body.captcha, {
      provider: "recaptcha_v3",
      site_key: "v3-key",
      widget_js: "https://www.google.com/recaptcha/api.js",
      widget_class: "g-recaptcha-v3",
      response_field: "g-recaptcha-response",
    });
  });
});

Deno.test("versions of 20 characters are saved; 21 is invalid_payload and saves nothing", async () => {
  await withSite(async (svc, key, siteId, domain) => {
    const v20 = "v".repeat(20);
    const ok = await verify(svc, key, {
      site_url: `https://${domain}`,
      plugin_ver: v20,
      wp_version: "6.5.2",
      php_version: "8.3.0",
    });
    assert.equal(ok.status, 200);
    let site = (await getSite(svc.ctx.kv, siteId))!;
    assert.deepEqual([site.plugin_ver, site.wp_version, site.php_version], [v20, "6.5.2", "8.3.0"]);
    for (const field of ["plugin_ver", "wp_version", "php_version"]) {
      const r = await verify(svc, key, { site_url: "https://other.org", [field]: "x".repeat(21) });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(r.body.ok, undefined);
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), [field]);
    }
    site = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(site.site_url, `https://${domain}`);
    assert.equal(site.domain_match, true);
  });
});

Deno.test("a version not sent keeps the saved one", async () => {
  await withSite(async (svc, key, siteId, domain) => {
    await verify(svc, key, { site_url: `https://${domain}`, wp_version: "6.5" });
    await verify(svc, key, { site_url: `https://${domain}`, php_version: "8.2" });
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.deepEqual([site.wp_version, site.php_version], ["6.5", "8.2"]);
  });
});

Deno.test("invalid_payload when site_url is missing or not a full URL", async () => {
  await withSite(async (svc, key) => {
    for (
      const body of [
        {},
        { site_url: "" },
        { site_url: "example.com" },
        { site_url: "//example.com/x" },
        { site_url: "/contact" },
        { site_url: "ftp://example.com" },
        { site_url: 42 },
        { site_url: null },
      ]
    ) {
      const r = await verify(svc, key, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), ["site_url"]);
    }
  });
});

Deno.test("verify answers invalid_json for a body that is not JSON", async () => {
  await withSite(async (svc, key) => {
    const r = await svc.api("POST", "sites/verify", {
      key,
      raw: "site_url=https://x.org",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: "invalid_json" });
  });
});

Deno.test("many concurrent verify calls on one site all succeed", async () => {
  await withSite(async (svc, key, _siteId, domain) => {
    const answers = await Promise.all(
      Array.from(
        { length: 64 },
        (_, i) => verify(svc, key, { site_url: `https://${domain}/p${i}`, plugin_ver: String(i) }),
      ),
    );
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
  });
});
