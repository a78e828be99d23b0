import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { isIpBlocked } from "../../../domain/blocks/blocks.ts";

const T0 = Date.UTC(2026, 5, 1);

async function withSvc(fn: (svc: TestService, clock: ManualClock) => Promise<void>) {
  const clock = new ManualClock(T0);
  const svc = await startTestService({ runJobs: false, clock });
  try {
    await fn(svc, clock);
  } finally {
    await svc.close();
  }
}

Deno.test("POST /ip-blocks answers 201 with the block; rate_limit is self-liftable", async () => {
  await withSvc(async (svc) => {
    const { siteId } = await seedSite(svc);
    const until = new Date(T0 + 3600_000).toISOString();
    const r = await svc.admin("POST", "/ip-blocks", {
      ip: "203.0.113.5",
      reason: "rate_limit",
      blocked_until: until,
      site_id: siteId,
      note: "Too many submissions",
    });
    assert.equal(r.status, 201, r.text);
    assert.match(r.body.id as string, /^[0-9a-f-]{36}$/);
    assert.deepEqual({ ...r.body, id: "" }, {
      id: "",
      ip: "203.0.113.5",
      reason: "rate_limit",
      blockedAt: new Date(T0).toISOString(),
      blockedUntil: until,
      selfLiftable: true,
      note: "Too many submissions",
      triggeredBySiteId: siteId,
      liftedAt: null,
      liftedBySiteId: null,
      active: true,
    });
    const manual = await svc.admin("POST", "/ip-blocks", { ip: "203.0.113.6", reason: "abuse" });
    assert.equal(manual.status, 201);
    assert.equal(manual.body.selfLiftable, false);
    assert.equal(manual.body.blockedUntil, null);
    assert.equal(manual.body.triggeredBySiteId, null);
    assert.equal(await isIpBlocked(svc.ctx, "203.0.113.6"), true);
  });
});

Deno.test("addresses are stored in canonical form", async () => {
  await withSvc(async (svc) => {
    const cases = [
      ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
      ["::ffff:198.51.100.3", "198.51.100.3"],
      [" 192.0.2.1 ", "192.0.2.1"],
    ];
    for (const [ip, stored] of cases) {
      const r = await svc.admin("POST", "/ip-blocks", { ip, reason: "manual" });
      assert.equal(r.status, 201, ip);
      assert.equal(r.body.ip, stored);
    }
    assert.equal(await isIpBlocked(svc.ctx, "2001:db8::0:1"), true);
  });
});

Deno.test("POST /ip-blocks validation errors name the field", async () => {
  await withSvc(async (svc) => {
    const past = new Date(T0 - 1000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: "manual" }, "ip"],
      [{ ip: "999.1.1.1", reason: "manual" }, "ip"],
      [{ ip: "example.com", reason: "manual" }, "ip"],
      [{ ip: "0x7f.1", reason: "manual" }, "ip"],
      [{ ip: "fe80::1%eth0", reason: "manual" }, "ip"],
      [{ ip: 1234, reason: "manual" }, "ip"],
      [{ ip: "192.0.2.1" }, "reason"],
      [{ ip: "192.0.2.1", reason: "" }, "reason"],
      [{ ip: "192.0.2.1", reason: "manual", blocked_until: "tomorrow" }, "blocked_until"],
      [{ ip: "192.0.2.1", reason: "manual", blocked_until: past }, "blocked_until"],
      [{ ip: "192.0.2.1", reason: "manual", site_id: "nope" }, "site_id"],
      [{ ip: "192.0.2.1", reason: "manual", note: "n".repeat(501) }, "note"],
    ];
    for (const [body, field] of cases) {
      const r = await svc.admin("POST", "/ip-blocks", body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), [field]);
    }
    assert.deepEqual((await svc.admin("GET", "/ip-blocks")).body.items, []);
  });
});

Deno.test("GET /ip-blocks lists newest first; GET /ip-blocks/{id} reads one; unknown is 404", async () => {
  await withSvc(async (svc, clock) => {
    const a = await svc.admin("POST", "/ip-blocks", { ip: "192.0.2.1", reason: "manual" });
    clock.advance(10);
    const b = await svc.admin("POST", "/ip-blocks", { ip: "192.0.2.2", reason: "manual" });
    const list = await svc.admin("GET", "/ip-blocks");
    assert.deepEqual((list.body.items as { id: string }[]).map((x) => x.id), [
      b.body.id,
      a.body.id,
    ]);
    const limited = await svc.admin("GET", "/ip-blocks?limit=1");
    assert.equal((limited.body.items as unknown[]).length, 1);
    const clamped = await svc.admin("GET", "/ip-blocks?limit=99999");
    assert.equal((clamped.body.items as unknown[]).length, 2);
    for (const bad of ["abc", "0", "-1", "1.5", ""]) {
      const r = await svc.admin("GET", `/ip-blocks?limit=${bad}`);
      assert.equal(r.status, 400, `limit=${bad}`);
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), ["limit"]);
    }
    assert.deepEqual((await svc.admin("GET", `/ip-blocks/${a.body.id}`)).body, a.body);
    const missing = await svc.admin("GET", "/ip-blocks/01900000-0000-7000-8000-000000000000");
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, "not_found");
  });
});

Deno.test("POST /ip-blocks/{id}/lift lifts any block; again is 409; unknown is 404", async () => {
  await withSvc(async (svc, clock) => {
    const b = await svc.admin("POST", "/ip-blocks", { ip: "192.0.2.3", reason: "manual" });
    clock.advance(5000);
    const r = await svc.admin("POST", `/ip-blocks/${b.body.id}/lift`);
    assert.equal(r.status, 200);
    assert.equal(r.body.liftedAt, new Date(T0 + 5000).toISOString());
    assert.equal(r.body.liftedBySiteId, null);
    assert.equal(r.body.active, false);
    assert.equal(await isIpBlocked(svc.ctx, "192.0.2.3"), false);
    const again = await svc.admin("POST", `/ip-blocks/${b.body.id}/lift`);
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "conflict");
    const missing = await svc.admin("POST", "/ip-blocks/nope/lift");
    assert.equal(missing.status, 404);
  });
});
