/**
 * Retention: PATCH /sites/{id} sets retention_days (1..3650, or null for the
 * service's SVC_RETENTION_DAYS); the hourly sweep removes the site's older
 * submissions and email log records (an injected clock stands in for the
 * days), keeps the newer ones and other sites' records, and keeps counters.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import type { Config } from "../../../domain/kernel/config.ts";
import { sweepRetention } from "../../../domain/privacy/retention.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";

const DAY = 86_400_000;

async function withService(
  clock: ManualClock,
  config: Partial<Config>,
  fn: (svc: TestService) => Promise<void>,
) {
  const smtp = await startSmtp();
  const svc = await startFormsService({
    runJobs: false,
    clock,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test", ...config },
  });
  try {
    await fn(svc);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

async function stored(svc: TestService, siteId: string) {
  const subs = await svc.admin("GET", `/sites/${siteId}/submissions`);
  const log = await svc.admin("GET", `/sites/${siteId}/email-log`);
  return {
    submissions: (subs.body.items as { id: string }[]).map((s) => s.id),
    emails: (log.body.items as { id: string }[]).length,
  };
}

async function submitOne(svc: TestService, site: { key: string; domain: string }) {
  const r = await submit(svc, site.key, legitBody(site.domain));
  assert.equal(r.status, 200, r.text);
  return r.body.id as string;
}

Deno.test("a site's retention_days removes its older submissions and email log, keeps newer ones and other sites'", async () => {
  const clock = new ManualClock(Date.parse("2026-01-01T10:00:00Z"));
  await withService(clock, {}, async (svc) => {
    const short = await seedSite(svc);
    const keep = await seedSite(svc);
    const p = await svc.admin("PATCH", `/sites/${short.siteId}`, { retention_days: 30 });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.retention_days, 30);
    assert.equal((await svc.admin("GET", `/sites/${keep.siteId}`)).body.retention_days, null);

    const old = await submitOne(svc, short);
    const keptOld = await submitOne(svc, keep);
    clock.advance(10 * DAY);
    const recent = await submitOne(svc, short);
    clock.advance(21 * DAY);
    assert.deepEqual((await stored(svc, short.siteId)).submissions, [recent, old]);

    assert.ok((await sweepRetention(svc.ctx)) >= 2, "the old submission and its notification");
    const after = await stored(svc, short.siteId);
    assert.deepEqual(after.submissions, [recent]);
    assert.equal(after.emails, 1, "the recent notification's log record stays");
    assert.equal((await svc.admin("GET", `/submissions/${old}`)).status, 404);
    assert.deepEqual((await stored(svc, keep.siteId)).submissions, [keptOld]);
    const stats = await svc.admin("GET", `/sites/${short.siteId}/email-stats`);
    assert.equal(stats.body.logged, 2, "counters stay");
    assert.equal(await sweepRetention(svc.ctx), 0, "nothing more to remove");
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: clock.now() })).findings, []);
  });
});

Deno.test("SVC_RETENTION_DAYS applies to sites without their own retention_days", async () => {
  const clock = new ManualClock(Date.parse("2026-01-01T10:00:00Z"));
  await withService(clock, { SVC_RETENTION_DAYS: 7 }, async (svc) => {
    const site = await seedSite(svc);
    const own = await seedSite(svc, { site: { retention_days: 100 } });
    await submitOne(svc, site);
    const ownOld = await submitOne(svc, own);
    clock.advance(8 * DAY);
    await sweepRetention(svc.ctx);
    assert.deepEqual((await stored(svc, site.siteId)).submissions, []);
    assert.deepEqual((await stored(svc, own.siteId)).submissions, [ownOld]);
  });
});

Deno.test("retention_days outside 1..3650 is refused with invalid_payload; null clears it", async () => {
  const clock = new ManualClock();
  await withService(clock, {}, async (svc) => {
    const { siteId } = await seedSite(svc);
    for (const bad of [0, 3651, 1.5, "30"]) {
      const r = await svc.admin("PATCH", `/sites/${siteId}`, { retention_days: bad });
      assert.equal(r.status, 400, `${bad}`);
      assert.equal(r.body.error, "invalid_payload");
    }
    assert.equal(
      (await svc.admin("PATCH", `/sites/${siteId}`, { retention_days: 3650 })).body.retention_days,
      3650,
    );
    assert.equal(
      (await svc.admin("PATCH", `/sites/${siteId}`, { retention_days: null })).body.retention_days,
      null,
    );
  });
});
