import assert from "node:assert/strict";
import { seedSite, startTestService } from "../../helpers/service.ts";

Deno.test("operator creates, reads, lists and changes sequences", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { accountId } = await seedSite(svc);
    const r = await svc.admin("POST", `/accounts/${accountId}/sequences`, {
      key: "trial",
      name: "Trial",
      enabled: false,
      steps: [
        { delay_seconds: 0, template: "welcome", subject: "Hi {{name}}" },
        { delay_seconds: 3600, template: "welcome", enabled: false },
      ],
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.key, "trial");
    assert.equal(r.body.name, "Trial");
    assert.equal(r.body.enabled, false);
    assert.equal(r.body.account_id, accountId);
    assert.deepEqual(r.body.steps, [
      { index: 0, delay_seconds: 0, template: "welcome", subject: "Hi {{name}}", enabled: true },
      { index: 1, delay_seconds: 3600, template: "welcome", subject: null, enabled: false },
    ]);
    const id = r.body.id as string;
    assert.deepEqual((await svc.admin("GET", `/sequences/${id}`)).body, r.body);
    const list = await svc.admin("GET", `/accounts/${accountId}/sequences`);
    assert.deepEqual((list.body.items as { id: string }[]).map((s) => s.id), [id]);

    const p = await svc.admin("PATCH", `/sequences/${id}`, {
      enabled: true,
      name: "Trial v2",
      steps: [{ delay_seconds: 60, template: "welcome" }],
    });
    assert.equal(p.status, 200);
    assert.equal(p.body.enabled, true);
    assert.equal(p.body.name, "Trial v2");
    assert.equal((p.body.steps as unknown[]).length, 1);
    assert.equal((await svc.admin("PATCH", `/sequences/${crypto.randomUUID()}`, {})).status, 404);
    assert.equal((await svc.admin("GET", `/sequences/${crypto.randomUUID()}`)).status, 404);
    assert.equal(
      (await svc.admin("POST", `/accounts/${crypto.randomUUID()}/sequences`, {
        key: "k",
        name: "n",
      })).status,
      404,
    );
  } finally {
    await svc.close();
  }
});

Deno.test("sequence keys are unique per account and up to 80 characters", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const make = (accountId: string, key: string) =>
      svc.admin("POST", `/accounts/${accountId}/sequences`, { key, name: "S", steps: [] });
    assert.equal((await make(a.accountId, "k".repeat(80))).status, 201);
    const long = await make(a.accountId, "k".repeat(81));
    assert.equal(long.status, 400);
    assert.equal((long.body.details as { field: string }[])[0].field, "key");
    assert.equal((await make(a.accountId, "dup")).status, 201);
    const dup = await make(a.accountId, "dup");
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, "conflict");
    // Another account may use the same key.
    assert.equal((await make(b.accountId, "dup")).status, 201);
  } finally {
    await svc.close();
  }
});

Deno.test("sequence steps need a template the account can use and sane delays", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { accountId } = await seedSite(svc);
    const make = (steps: unknown) =>
      svc.admin("POST", `/accounts/${accountId}/sequences`, { key: "s", name: "S", steps });
    const missing = await make([
      { delay_seconds: 0, template: "welcome" },
      { delay_seconds: 0, template: "no-such-template" },
    ]);
    assert.equal(missing.status, 400);
    assert.deepEqual((missing.body.details as { field: string }[]).map((d) => d.field), [
      "steps.1.template",
    ]);
    for (
      const step of [
        { delay_seconds: -1, template: "welcome" },
        { delay_seconds: 1.5, template: "welcome" },
        { delay_seconds: 365 * 86400 + 1, template: "welcome" },
        { template: "welcome" },
        { delay_seconds: 0 },
        { delay_seconds: 0, template: "welcome", subject: "s".repeat(501) },
      ]
    ) {
      const r = await make([step]);
      assert.equal(r.status, 400, JSON.stringify(step));
      assert.equal(r.body.error, "invalid_payload");
    }
    assert.equal((await make([{ delay_seconds: 365 * 86400, template: "welcome" }])).status, 201);
    const p = await svc.admin("PATCH", `/sequences/${crypto.randomUUID()}`, {
      steps: [{ delay_seconds: 0, template: "no-such-template" }],
    });
    assert.equal(p.status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("enrollments list newest first with a limit, and one can be stopped by hand", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { accountId, siteId, key } = await seedSite(svc);
    const other = await seedSite(svc, { accountId });
    await svc.admin("POST", `/accounts/${accountId}/sequences`, {
      key: "s",
      name: "S",
      steps: [{ delay_seconds: 86400, template: "welcome" }],
    });
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await svc.api("POST", "sequences/enroll", { key, body: { sequence: "s", email } });
    }
    await svc.api("POST", "sequences/enroll", {
      key: other.key,
      body: { sequence: "s", email: "z@example.com" },
    });
    const all = await svc.admin("GET", `/sites/${siteId}/enrollments`);
    const items = all.body.items as Record<string, unknown>[];
    assert.deepEqual(items.map((e) => e.email), [
      "c@example.com",
      "b@example.com",
      "a@example.com",
    ]);
    assert.equal(items[0].next_step, 0);
    assert.equal(typeof items[0].next_due_at, "string");
    assert.deepEqual(items[0].steps, []);
    const two = await svc.admin("GET", `/sites/${siteId}/enrollments?limit=2`);
    assert.equal((two.body.items as unknown[]).length, 2);
    const others = await svc.admin("GET", `/sites/${other.siteId}/enrollments`);
    assert.deepEqual((others.body.items as { email: string }[]).map((e) => e.email), [
      "z@example.com",
    ]);

    const stop = await svc.admin("POST", `/enrollments/${items[0].id}/stop`);
    assert.equal(stop.status, 200);
    assert.equal(stop.body.state, "stopped");
    assert.equal(stop.body.stop_reason, "manual");
    assert.equal(stop.body.next_due_at, null);
    assert.equal((await svc.admin("GET", `/enrollments/${items[0].id}`)).body.state, "stopped");
    // Stopped: the address can be enrolled again.
    const again = await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "s", email: "c@example.com" },
    });
    assert.equal(again.body.result, "enrolled");
    assert.equal((await svc.admin("POST", `/enrollments/${crypto.randomUUID()}/stop`)).status, 404);
    assert.equal((await svc.admin("GET", `/sites/${crypto.randomUUID()}/enrollments`)).status, 404);
  } finally {
    await svc.close();
  }
});
