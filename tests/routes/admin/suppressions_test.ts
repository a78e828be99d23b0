import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { getSuppression, getUnsubscribe } from "../../../domain/suppressions/store.ts";

async function withSvc(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

Deno.test("suppressions: add (lowercase) 201, list, read, delete 204, then 404", async () => {
  await withSvc(async (svc) => {
    const r = await svc.admin("POST", "/suppressions", {
      email: "Bounced@Example.COM",
      reason: "bounced",
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.email, "bounced@example.com");
    assert.equal(r.body.reason, "bounced");
    assert.ok(
      await getSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, "bounced@example.com"),
    );
    const again = await svc.admin("POST", "/suppressions", {
      email: "bounced@example.com",
      reason: "manual",
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.reason, "bounced"); // the first record stays
    await svc.admin("POST", "/suppressions", { email: "x@example.org", reason: "complained" });
    const list = await svc.admin("GET", "/suppressions");
    assert.deepEqual((list.body.items as { email: string }[]).map((s) => s.email).sort(), [
      "bounced@example.com",
      "x@example.org",
    ]);
    assert.equal((await svc.admin("GET", "/suppressions/BOUNCED@example.com")).status, 200);
    const del = await svc.admin("DELETE", "/suppressions/Bounced@example.com");
    assert.equal(del.status, 204);
    assert.equal(
      await getSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, "bounced@example.com"),
      null,
    );
    const del2 = await svc.admin("DELETE", "/suppressions/bounced@example.com");
    assert.equal(del2.status, 404);
    assert.equal(del2.body.error, "not_found");
    assert.equal((await svc.admin("DELETE", "/suppressions/not-an-address")).status, 404);
  });
});

Deno.test("suppressions: validation of email and reason", async () => {
  await withSvc(async (svc) => {
    const cases: [unknown, string][] = [
      [{ reason: "manual" }, "email"],
      [{ email: "nope", reason: "manual" }, "email"],
      [{ email: `${"a".repeat(320)}@x.org`, reason: "manual" }, "email"],
      [{ email: "a@x.org" }, "reason"],
      [{ email: "a@x.org", reason: "spam" }, "reason"],
    ];
    for (const [body, field] of cases) {
      const r = await svc.admin("POST", "/suppressions", body);
      assert.equal(r.status, 400);
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), [field]);
    }
  });
});

Deno.test("unsubscribes: per site add 201, list, delete 204; unknown site 404", async () => {
  await withSvc(async (svc) => {
    const { siteId } = await seedSite(svc);
    const other = await seedSite(svc);
    const r = await svc.admin("POST", `/sites/${siteId}/unsubscribes`, {
      email: "Gone@Example.com",
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual({ ...r.body, created_at: "" }, {
      site_id: siteId,
      email: "gone@example.com",
      source: "manual",
      created_at: "",
    });
    assert.equal(
      (await svc.admin("POST", `/sites/${siteId}/unsubscribes`, { email: "gone@example.com" }))
        .status,
      200,
    );
    assert.ok(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, siteId, "gone@example.com"),
    );
    assert.equal(
      await getUnsubscribe(
        svc.ctx.kv,
        svc.ctx.config.encryptionKey,
        other.siteId,
        "gone@example.com",
      ),
      null,
    );
    const list = await svc.admin("GET", `/sites/${siteId}/unsubscribes`);
    assert.deepEqual((list.body.items as { email: string }[]).map((u) => u.email), [
      "gone@example.com",
    ]);
    assert.deepEqual(
      (await svc.admin("GET", `/sites/${other.siteId}/unsubscribes`)).body.items,
      [],
    );
    const bad = await svc.admin("POST", `/sites/${siteId}/unsubscribes`, { email: "nope" });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    assert.equal(
      (await svc.admin("DELETE", `/sites/${other.siteId}/unsubscribes/gone@example.com`)).status,
      404,
    );
    assert.equal(
      (await svc.admin("DELETE", `/sites/${siteId}/unsubscribes/gone@example.com`)).status,
      204,
    );
    assert.equal(
      await getUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, siteId, "gone@example.com"),
      null,
    );
    const missing = "01900000-0000-7000-8000-000000000000";
    for (
      const [m, p, b] of [
        ["POST", `/sites/${missing}/unsubscribes`, { email: "a@b.org" }],
        ["GET", `/sites/${missing}/unsubscribes`, undefined],
        ["DELETE", `/sites/${missing}/unsubscribes/a@b.org`, undefined],
      ] as const
    ) {
      const res = await svc.admin(m, p, b);
      assert.equal(res.status, 404, `${m} ${p}`);
      assert.equal(res.body.error, "not_found");
    }
  });
});
