/**
 * GET /metrics (Prometheus text) and request ids: the operator token or
 * SVC_METRICS_TOKEN opens it (and the metrics token nothing else); requests
 * are counted by route pattern and status with latency histograms, beside job
 * runs, webhook attempts, SMTP results, jobs pending and KV commits; each
 * answer carries X-Request-Id, which the webhook deliveries it caused record.
 */
import assert from "node:assert/strict";
import { eventually, seedSite, startTestService } from "../../helpers/service.ts";
import { formBody, seedSite as seedProcessSite, startService, TOKEN } from "../../fault/harness.ts";
import { legitBody, submit } from "../../helpers/forms.ts";
import { startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";
import { OPS_ROUTES } from "../../helpers/routes.ts";
import { createCtx } from "../../../domain/kernel/context.ts";
import { testConfig } from "../../../domain/kernel/config.ts";
import { Metrics } from "../../../domain/kernel/metrics.ts";
import { listDeliveriesOfEvent, listEventsOfSite } from "../../../domain/webhooks/store.ts";

const METRICS_TOKEN = "metrics-scraper-token-0123456789";

Deno.test("GET /metrics opens with the operator token or SVC_METRICS_TOKEN, and that token opens nothing else", async () => {
  const svc = await startTestService({ config: { SVC_METRICS_TOKEN: METRICS_TOKEN } });
  try {
    for (const r of OPS_ROUTES) {
      const get = (auth?: string) =>
        svc.app.request(r.path, { headers: auth ? { authorization: auth } : {} });
      assert.equal((await get()).status, 401);
      assert.equal((await get("Bearer wrong-token-wrong-token-wrong")).status, 401);
      const admin = await get(`Bearer ${svc.ctx.config.adminToken}`);
      assert.equal(admin.status, 200);
      assert.match(admin.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
      await admin.text();
      const scraper = await get(`Bearer ${METRICS_TOKEN}`);
      assert.equal(scraper.status, 200);
      await scraper.text();
      const post = await svc.app.request(r.path, {
        method: "POST",
        headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
      });
      assert.equal(post.status, 405);
      await post.text();
    }
    const other = await svc.admin("GET", "/accounts", undefined, { token: METRICS_TOKEN });
    assert.equal(other.status, 401);
  } finally {
    await svc.close();
  }
});

Deno.test("after traffic, /metrics has requests by route and status, latency, jobs, webhooks, SMTP and KV", async () => {
  const rx = startReceiver();
  const svc = await startTestService();
  try {
    const site = await seedSite(svc);
    await addWebhook(svc, site.siteId, rx.url, ["form.submitted"]);
    assert.equal((await submit(svc, site.key, legitBody(site.domain))).status, 200);
    assert.equal((await svc.api("GET", "sites/captcha", { key: "svc_live_nope" })).status, 401);
    await rx.waitFor(1);
    await svc.runner.idle();
    const res = await svc.app.request("/metrics", {
      headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
    });
    const text = await res.text();
    const has = (line: RegExp) => assert.match(text, line, text);
    has(
      /^svc_http_requests_total\{route="\/api\/v1\/forms\/submit",method="POST",status="200"\} 1$/m,
    );
    has(
      /^svc_http_requests_total\{route="\/api\/v1\/sites\/captcha",method="GET",status="401"\} 1$/m,
    );
    has(
      /^svc_http_requests_total\{route="\/admin\/api\/v1\/sites\/:id\/api-keys",method="POST",status="201"\} 1$/m,
    );
    has(
      /^svc_http_request_duration_seconds_bucket\{route="\/api\/v1\/forms\/submit",le="\+Inf"\} 1$/m,
    );
    has(/^svc_http_request_duration_seconds_count\{route="\/api\/v1\/forms\/submit"\} 1$/m);
    has(/^svc_job_runs_total\{kind="[a-z_.-]+",outcome="ok"\} \d+$/m);
    has(/^svc_webhook_attempts_total\{outcome="success"\} 1$/m);
    has(/^svc_smtp_sends_total\{result="sent"\} 1$/m);
    has(/^svc_jobs_pending \d+$/m);
    has(/^svc_jobs_dead 0$/m);
    has(/^svc_kv_commits \d+$/m);
    has(/^# TYPE svc_http_request_duration_seconds histogram$/m);
  } finally {
    await svc.close();
    await rx.close();
  }
});

Deno.test("each answer carries X-Request-Id, and the webhook deliveries it caused record it", async () => {
  const rx = startReceiver();
  const svc = await startTestService();
  try {
    const site = await seedSite(svc);
    await addWebhook(svc, site.siteId, rx.url, ["form.submitted"]);
    const fresh = await submit(svc, site.key, legitBody(site.domain));
    assert.match(fresh.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    const given = await svc.api("POST", "forms/submit", {
      key: site.key,
      body: legitBody(site.domain, { form_id: 8 }),
      headers: { "x-request-id": "lb-7f3a9c" },
    });
    assert.equal(given.headers.get("x-request-id"), "lb-7f3a9c");
    await rx.waitFor(2);
    const events = await listEventsOfSite(svc.ctx.kv, site.siteId, 10);
    const ids = [];
    for (const e of events) {
      for (const d of await listDeliveriesOfEvent(svc.ctx.kv, e.id)) ids.push(d.request_id);
    }
    assert.deepEqual(ids.sort(), [fresh.headers.get("x-request-id"), "lb-7f3a9c"].sort());
    const bad = await svc.api("GET", "sites/captcha", {
      key: site.key,
      headers: { "x-request-id": "has spaces and is not a token" },
    });
    assert.notEqual(bad.headers.get("x-request-id"), "has spaces and is not a token");
  } finally {
    await svc.close();
    await rx.close();
  }
});

Deno.test("log lines written while a request is handled carry its request id", async () => {
  const lines: string[] = [];
  const original = console.error;
  console.error = (line: string) => void lines.push(line);
  const ctx = createCtx(testConfig({ SVC_LOG_LEVEL: "info" }), await Deno.openKv(":memory:"));
  try {
    await ctx.requestScope.run({ request_id: "req-42" }, () => {
      ctx.log.info("inside");
      return Promise.resolve();
    });
    ctx.log.info("outside");
  } finally {
    console.error = original;
    await ctx.close();
  }
  const [inside, outside] = lines.map((l) => JSON.parse(l));
  assert.equal(inside.request_id, "req-42");
  assert.equal(outside.request_id, undefined);
});

Deno.test("label values are escaped as Prometheus text requires", () => {
  const m = new Metrics();
  m.inc("x_total", { route: 'a"b\\c\nd' });
  assert.match(m.render(), /^x_total\{route="a\\"b\\\\c\\nd"\} 1$/m);
});

Deno.test({
  name: "counts of the job worker threads reach /metrics of the service process",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-metrics-" });
    const rx = startReceiver();
    const svc = await startService(`${dir}/svc.kv`, { SVC_JOB_WORKERS: "1" });
    try {
      const site = await seedProcessSite(svc, "Metrics", rx.url);
      const r = await svc.api("forms/submit", site.key, formBody("metrics", 1, "m.example"));
      assert.equal(r.status, 200);
      await rx.waitFor(1, 15_000);
      const scrape = async () => {
        const res = await fetch(`${svc.base}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        return await res.text();
      };
      // The worker thread sends what it counted each second.
      const text = await eventually(
        async () => {
          const t = await scrape();
          return /^svc_webhook_attempts_total\{outcome="success"\} [1-9]/m.test(t) ? t : null;
        },
        5_000,
        200,
      );
      assert.match(text, /^svc_job_runs_total\{kind="[^"]+",outcome="ok"\} [1-9]/m);
    } finally {
      await svc.term();
      await rx.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
