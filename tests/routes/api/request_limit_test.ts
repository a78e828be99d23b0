import assert from "node:assert/strict";
import { Hono } from "hono";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { envelope, errorHandler } from "../../../routes/errors.ts";
import { requireSite } from "../../../routes/api/auth.ts";
import type { AppEnv } from "../../../routes/types.ts";

const T0 = Date.UTC(2026, 7, 1);

async function withLimitedSite(
  limit: { per_minute: number; burst: number } | null,
  fn: (svc: TestService, key: string, clock: ManualClock, siteId: string) => Promise<void>,
) {
  const clock = new ManualClock(T0);
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const { key, siteId } = await seedSite(svc);
    if (limit) {
      const r = await svc.admin("PATCH", `/sites/${siteId}`, { request_limit: limit });
      assert.equal(r.status, 200);
    }
    await fn(svc, key, clock, siteId);
  } finally {
    await svc.close();
  }
}

Deno.test("the limit is off by default: no 429 and no RateLimit headers", async () => {
  await withLimitedSite(null, async (svc, key) => {
    for (let i = 0; i < 100; i++) {
      const r = await svc.api("GET", "sites/captcha", { key });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("ratelimit-limit"), null);
    }
  });
});

Deno.test("over the limit: 429 rate_limited with Retry-After and RateLimit headers", async () => {
  await withLimitedSite({ per_minute: 60, burst: 3 }, async (svc, key, clock) => {
    for (const left of ["2", "1", "0"]) {
      const r = await svc.api("GET", "sites/captcha", { key });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("ratelimit-limit"), "3");
      assert.equal(r.headers.get("ratelimit-remaining"), left);
      assert.ok(Number(r.headers.get("ratelimit-reset")) >= 1);
    }
    const r = await svc.api("GET", "sites/captcha", { key });
    assert.equal(r.status, 429);
    assert.deepEqual(r.body, { error: "rate_limited" });
    assert.equal(r.headers.get("retry-after"), "1");
    assert.equal(r.headers.get("ratelimit-limit"), "3");
    assert.equal(r.headers.get("ratelimit-remaining"), "0");
    assert.equal(r.headers.get("ratelimit-reset"), "3");
    // A POST is refused before its body is read.
    const p = await svc.api("POST", "sites/verify", { key, raw: "not json" });
    assert.equal(p.status, 429);
    // One second later one request fits again.
    clock.advance(1000);
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 200);
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 429);
  });
});

Deno.test("each endpoint answers 429 in its own envelope, also with a disabled site on blocks/*", async () => {
  await withLimitedSite({ per_minute: 1, burst: 1 }, async (svc, key, _clock, siteId) => {
    await svc.api("GET", "blocks/status", { key });
    const plain = await svc.api("GET", "forms/render/some-form", { key });
    assert.deepEqual([plain.status, plain.body], [429, { error: "rate_limited" }]);
    await svc.admin("POST", `/sites/${siteId}/disable`, { automatic: true });
    const status = await svc.api("GET", "blocks/status", { key });
    assert.deepEqual([status.status, status.body], [429, { ok: false, error: "rate_limited" }]);
    assert.equal(status.headers.get("retry-after"), "60");
    const lift = await svc.api("POST", "blocks/lift", { key, body: { kind: "site" } });
    assert.deepEqual([lift.status, lift.body], [429, { ok: false, error: "rate_limited" }]);
  });
});

Deno.test("the limit is per key: another key of the same site has its own bucket", async () => {
  await withLimitedSite({ per_minute: 1, burst: 1 }, async (svc, key, _clock, siteId) => {
    const second = (await svc.admin("POST", `/sites/${siteId}/api-keys`)).body.api_key as string;
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 200);
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 429);
    assert.equal((await svc.api("GET", "sites/captcha", { key: second })).status, 200);
  });
});

Deno.test("concurrent requests cannot overdraw the bucket", async () => {
  await withLimitedSite({ per_minute: 1, burst: 5 }, async (svc, key) => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => svc.api("GET", "sites/captcha", { key })),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 200).length, 5);
    assert.equal(statuses.filter((s) => s === 429).length, 20);
  });
});

Deno.test("turning the limit off takes effect at once", async () => {
  await withLimitedSite({ per_minute: 1, burst: 1 }, async (svc, key, _clock, siteId) => {
    await svc.api("GET", "sites/captcha", { key });
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 429);
    await svc.admin("PATCH", `/sites/${siteId}`, { request_limit: null });
    assert.equal((await svc.api("GET", "sites/captcha", { key })).status, 200);
  });
});

Deno.test("requireSite gives any route file the limit in that file's envelope", async () => {
  await withLimitedSite({ per_minute: 1, burst: 1 }, async (svc, key) => {
    // A stand-in for a route file of another capability (mail/send's envelope).
    const app = new Hono<AppEnv>();
    app.onError(errorHandler(svc.ctx.log));
    app.post("/mail/send", envelope("mail"), requireSite(svc.ctx), (c) => c.json({ ok: true }));
    const call = () =>
      app.request("/mail/send", { method: "POST", headers: { "x-service-api-key": key } });
    assert.equal((await call()).status, 200);
    const r = await call();
    assert.equal(r.status, 429);
    assert.deepEqual(await r.json(), {
      ok: false,
      sent: false,
      reason: "rate_limited",
      error: "rate_limited",
    });
    assert.equal(r.headers.get("retry-after"), "60");
  });
});
