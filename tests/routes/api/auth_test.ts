/**
 * Authentication and envelopes on every keyed route (tests/helpers/routes.ts):
 * the three header names in any case, missing/invalid keys, disabled sites,
 * bad bodies, and an unexpected failure.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { errorShape, KEYED_ROUTES, type KeyedRoute } from "../../helpers/routes.ts";
import type { Logger } from "../../../domain/kernel/log.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

async function withSite(
  fn: (svc: TestService, s: Awaited<ReturnType<typeof seedSite>>) => Promise<void>,
  opts: Parameters<typeof startTestService>[0] = {},
) {
  const svc = await startTestService({ runJobs: false, ...opts });
  try {
    await fn(svc, await seedSite(svc));
  } finally {
    await svc.close();
  }
}

const label = (r: KeyedRoute) => `${r.method} ${r.path}`;

/** Calls a route with a valid body (for POST) and the given headers. */
function call(svc: TestService, r: KeyedRoute, headers: Record<string, string>) {
  return svc.api(r.method, r.path, { headers, body: r.method === "POST" ? r.body : undefined });
}

const isAuthError = (status: number) => status === 401 || status === 403;

Deno.test("every keyed route: no key header is 401 missing_api_key, also when empty", async () => {
  await withSite(async (svc) => {
    for (const r of KEYED_ROUTES) {
      const variants: Record<string, string>[] = [
        {},
        { "x-service-api-key": "" },
        { "x-svc-api-key": "   " },
      ];
      for (const headers of variants) {
        const a = await call(svc, r, headers);
        assert.equal(a.status, 401, label(r));
        assert.deepEqual(a.body, errorShape(r.envelope, "missing_api_key"), label(r));
      }
    }
  });
});

Deno.test("every keyed route: unknown, revoked and rotated keys are 401 invalid_api_key", async () => {
  await withSite(async (svc, s) => {
    const revoked = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${revoked.body.id}`);
    const rotating = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    await svc.admin("POST", `/sites/${s.siteId}/api-keys/${rotating.body.id}/rotate`);
    const bad = [
      "svc_live_doesnotexist",
      "not-even-a-key",
      "x".repeat(5000),
      revoked.body.api_key as string,
      rotating.body.api_key as string,
    ];
    for (const r of KEYED_ROUTES) {
      for (const key of bad) {
        const a = await call(svc, r, { "x-service-api-key": key });
        assert.equal(a.status, 401, label(r));
        assert.deepEqual(a.body, errorShape(r.envelope, "invalid_api_key"), label(r));
      }
    }
  });
});

Deno.test("every keyed route accepts the key under all three header names, in any case", async () => {
  await withSite(async (svc, s) => {
    const names = [
      "x-service-api-key",
      "X-Service-Api-Key",
      "x-service-alt-api-key",
      "X-SERVICE-ALT-API-KEY",
      "x-svc-api-key",
      "X-SVC-API-Key",
    ];
    for (const r of KEYED_ROUTES) {
      for (const name of names) {
        const a = await call(svc, r, { [name]: s.key });
        assert.ok(!isAuthError(a.status), `${label(r)} with ${name}: ${a.status} ${a.text}`);
      }
    }
  });
});

Deno.test("a disabled site gets 403 site_disabled everywhere but blocks/status and blocks/lift", async () => {
  await withSite(async (svc, s) => {
    await svc.admin("POST", `/sites/${s.siteId}/disable`, { automatic: false });
    for (const r of KEYED_ROUTES) {
      const a = await call(svc, r, { "x-service-api-key": s.key });
      if (r.allowDisabled) {
        assert.ok(!isAuthError(a.status) || a.body.error === "requires_admin_review", label(r));
        assert.notEqual(a.body.error, "site_disabled", label(r));
      } else {
        assert.equal(a.status, 403, label(r));
        assert.deepEqual(a.body, errorShape(r.envelope, "site_disabled"), label(r));
      }
    }
    const status = KEYED_ROUTES.filter((r) => r.allowDisabled).map((r) => r.path).sort();
    assert.deepEqual(status, ["blocks/lift", "blocks/status"]);
  });
});

Deno.test("every POST route: a body that is not JSON or has a wrong Content-Type gets the route's own error", async () => {
  await withSite(async (svc, s) => {
    for (const r of KEYED_ROUTES.filter((r) => r.method === "POST")) {
      const json = JSON.stringify(r.body);
      const cases: [string, Record<string, string>][] = [
        ["{not json", { "content-type": "application/json" }],
        ["", { "content-type": "application/json" }],
        [json, { "content-type": "text/plain" }],
        [json, { "content-type": "application/x-www-form-urlencoded" }],
        [json, {}],
      ];
      for (const [raw, headers] of cases) {
        const a = await svc.api(r.method, r.path, { key: s.key, raw, headers });
        assert.equal(a.status, 400, `${label(r)} ${raw.slice(0, 10)} ${JSON.stringify(headers)}`);
        // invalid_payload always names what failed (here the body itself).
        const { details, ...rest } = a.body;
        if (r.badJson === "invalid_payload") {
          assert.ok(Array.isArray(details) && details.length > 0, label(r));
        } else assert.equal(details, undefined, label(r));
        assert.deepEqual(rest, errorShape(r.envelope, r.badJson!), label(r));
      }
      // JSON with a charset or a +json type is JSON.
      const ok = await svc.api(r.method, r.path, {
        key: s.key,
        raw: json,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      assert.notEqual(ok.body.error, r.badJson, label(r));
    }
  });
});

Deno.test("the key is checked before the body", async () => {
  await withSite(async (svc) => {
    for (const r of KEYED_ROUTES.filter((r) => r.method === "POST")) {
      const a = await svc.api(r.method, r.path, { raw: "{oops", headers: {} });
      assert.deepEqual(a.body, errorShape(r.envelope, "missing_api_key"), label(r));
    }
  });
});

Deno.test("success answers carry ok true", async () => {
  await withSite(async (svc, s) => {
    const captcha = await svc.api("GET", "sites/captcha", { key: s.key });
    assert.equal(captcha.body.ok, true);
    const status = await svc.api("GET", "blocks/status", { key: s.key });
    assert.equal(status.body.ok, true);
  });
});

Deno.test("an unexpected failure answers 500 with no internals, in the route's envelope, and is logged", async () => {
  const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (msg, fields) => logged.push({ msg, fields }),
  };
  await withSite(async (svc, s) => {
    const kv = svc.ctx.kv;
    const realGet = kv.get.bind(kv);
    // Storage breaks with an error that carries internals.
    kv.get = (() => {
      throw new Error("disk failure at /var/lib/secret/path.kv");
    }) as typeof kv.get;
    try {
      for (const r of KEYED_ROUTES) {
        const a = await call(svc, r, { "x-service-api-key": s.key });
        assert.equal(a.status, 500, label(r));
        assert.deepEqual(a.body, errorShape(r.envelope, "internal_error"), label(r));
        assert.ok(!a.text.includes("disk failure"));
        assert.ok(!a.text.includes("/var/lib"));
      }
    } finally {
      kv.get = realGet;
    }
    assert.equal(logged.length, KEYED_ROUTES.length);
    const first = logged[0];
    assert.equal(first.msg, "unhandled error");
    assert.match(String((first.fields?.error as Error).message), /disk failure/);
    assert.equal(typeof first.fields?.path, "string");
  }, { log });
});

Deno.test("a key that worked is refused at once after revoke or rotate, and its site's changes apply at once", async () => {
  await withSite(async (svc, s) => {
    const route = KEYED_ROUTES.find((r) => r.path === "mail/domain-status")!;
    const used = async (key: string) => (await call(svc, route, { "x-service-api-key": key }));
    const revoked = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    const rotating = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    for (const k of [revoked, rotating, { body: { api_key: s.key } }]) {
      assert.equal((await used(k.body.api_key as string)).status, 200);
    }
    await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${revoked.body.id}`);
    const rotated = await svc.admin(
      "POST",
      `/sites/${s.siteId}/api-keys/${rotating.body.id}/rotate`,
    );
    assert.equal((await used(revoked.body.api_key as string)).status, 401);
    assert.equal((await used(rotating.body.api_key as string)).status, 401);
    assert.equal((await used(rotated.body.api_key as string)).status, 200);
    // The site as it is now, not as it was when the key was first seen.
    await svc.admin("POST", `/sites/${s.siteId}/disable`, { automatic: false });
    assert.equal((await used(s.key)).status, 403);
    await svc.admin("POST", `/sites/${s.siteId}/enable`);
    const renamed = await svc.admin("PATCH", `/sites/${s.siteId}`, { name: "Renamed Site" });
    assert.equal(renamed.status, 200, renamed.text);
    const now = await used(s.key);
    assert.equal(now.status, 200);
    assert.equal((now.body.site as { name: string }).name, "Renamed Site");
  });
});

Deno.test("many distinct wrong keys from one address: 429 rate_limited in each route's envelope, with Retry-After", async () => {
  const clock = new ManualClock(Date.UTC(2026, 7, 1));
  await withSite(async (svc, s) => {
    const attacker = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const a = await svc.api("GET", "sites/captcha", { ip: attacker, key: `svc_live_guess${i}` });
      statuses.push(a.status);
    }
    assert.equal(statuses.indexOf(429), 29, "the 30th wrong key (SVC_AUTH_FAILURE_LIMIT)");
    assert.ok(statuses.slice(29).every((st) => st === 429));
    for (const r of KEYED_ROUTES) {
      // Every route, a valid key included: a lucky guess must not show.
      const a = await svc.api(r.method, r.path, {
        ip: attacker,
        key: s.key,
        body: r.method === "POST" ? r.body : undefined,
      });
      assert.equal(a.status, 429, label(r));
      assert.deepEqual(a.body, errorShape(r.envelope, "rate_limited"), label(r));
      const wait = Number(a.headers.get("retry-after"));
      assert.ok(wait > 0 && wait <= 60, `${label(r)} Retry-After ${wait}`);
    }
    // Another address (the site's own server) is served.
    const other = await svc.api("GET", "sites/captcha", { ip: "198.51.100.10", key: s.key });
    assert.equal(other.status, 200);
    // After the window the address is served again.
    clock.advance(60_000);
    const later = await svc.api("GET", "sites/captcha", { ip: attacker, key: s.key });
    assert.equal(later.status, 200);
  }, { clock });
});

Deno.test("a revoked key sent again and again does not lock its address out", async () => {
  await withSite(async (svc, s) => {
    const stale = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${stale.body.id}`);
    const ip = "198.51.100.20";
    for (let i = 0; i < 100; i++) {
      const a = await svc.api("GET", "sites/captcha", { ip, key: stale.body.api_key as string });
      assert.equal(a.status, 401);
    }
    assert.equal((await svc.api("GET", "sites/captcha", { ip, key: s.key })).status, 200);
  });
});
