import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { updateSite } from "../../../domain/sites/store.ts";

/** A sequence whose steps are far in the future, so nothing is sent here. */
async function makeSequence(
  svc: TestService,
  accountId: string,
  key: string,
  steps = [{ delay_seconds: 86_400, template: "welcome" }],
) {
  const r = await svc.admin("POST", `/accounts/${accountId}/sequences`, {
    key,
    name: "Onboarding",
    enabled: true,
    steps,
  });
  assert.equal(r.status, 201, r.text);
  return r.body;
}

Deno.test("enroll answers enrolled, then exists while the address is active", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, accountId, siteId } = await seedSite(svc);
    await makeSequence(svc, accountId, "onboarding");
    const first = await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "onboarding", email: "Jane.Doe@Example.COM", data: { name: "Jane" } },
    });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { ok: true, result: "enrolled" });
    // Same address in another case: the same enrollment.
    const again = await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "onboarding", email: "jane.doe@example.com" },
    });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, { ok: false, result: "exists" });
    const list = await svc.admin("GET", `/sites/${siteId}/enrollments`);
    const items = list.body.items as Record<string, unknown>[];
    assert.equal(items.length, 1);
    assert.equal(items[0].email, "jane.doe@example.com");
    assert.equal(items[0].state, "active");
    assert.equal(items[0].sequence, "onboarding");
    assert.deepEqual(items[0].data, { name: "Jane" });
  } finally {
    await svc.close();
  }
});

Deno.test("concurrent enrollments of one address make exactly one", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, accountId, siteId } = await seedSite(svc);
    await makeSequence(svc, accountId, "race");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        svc.api("POST", "sequences/enroll", {
          key,
          body: { sequence: "race", email: "race@example.com" },
        })),
    );
    assert.equal(answers.filter((a) => a.body.result === "enrolled").length, 1);
    assert.equal(answers.filter((a) => a.body.result === "exists").length, 7);
    assert.equal(
      ((await svc.admin("GET", `/sites/${siteId}/enrollments`)).body.items as unknown[]).length,
      1,
    );
  } finally {
    await svc.close();
  }
});

Deno.test("enroll answers no_steps for a sequence without steps", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, accountId, siteId } = await seedSite(svc);
    await makeSequence(svc, accountId, "empty", []);
    const r = await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "empty", email: "a@example.com" },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: false, result: "no_steps" });
    assert.deepEqual((await svc.admin("GET", `/sites/${siteId}/enrollments`)).body.items, []);
  } finally {
    await svc.close();
  }
});

Deno.test("enroll answers 404 sequence_not_found for an unknown key, another account's, or no account", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const orphan = await seedSite(svc, { noAccount: true });
    await makeSequence(svc, a.accountId, "only-a");
    for (
      const [key, sequence] of [[a.key, "nope"], [b.key, "only-a"], [orphan.key, "only-a"]]
    ) {
      const r = await svc.api("POST", "sequences/enroll", {
        key,
        body: { sequence, email: "a@example.com" },
      });
      assert.equal(r.status, 404, `${sequence}`);
      assert.deepEqual(r.body, {
        ok: false,
        error: "sequence_not_found",
        reason: "sequence_not_found",
      });
    }
    // The key is matched exactly.
    const upper = await svc.api("POST", "sequences/enroll", {
      key: a.key,
      body: { sequence: "ONLY-A", email: "a@example.com" },
    });
    assert.equal(upper.status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("enroll validates sequence, email and data at their limits", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, accountId } = await seedSite(svc);
    const k80 = "s".repeat(80);
    await makeSequence(svc, accountId, k80);
    const ok = (body: unknown) => svc.api("POST", "sequences/enroll", { key, body });
    const bad = async (body: unknown, field: string) => {
      const r = await ok(body);
      assert.equal(r.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(r.body.ok, false);
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(r.body.reason, "invalid_payload");
      const fields = (r.body.details as { field: string }[]).map((d) => d.field);
      assert.ok(fields.includes(field), `${fields} should include ${field}`);
    };
    // sequence: 80 passes, 81 fails (before the lookup), missing, wrong type, empty.
    assert.equal((await ok({ sequence: k80, email: "a@example.com" })).body.result, "enrolled");
    await bad({ sequence: k80 + "s", email: "a@example.com" }, "sequence");
    await bad({ email: "a@example.com" }, "sequence");
    await bad({ sequence: 12, email: "a@example.com" }, "sequence");
    await bad({ sequence: "", email: "a@example.com" }, "sequence");
    // email: required, valid.
    await bad({ sequence: k80 }, "email");
    await bad({ sequence: k80, email: "not-an-address" }, "email");
    await bad({ sequence: k80, email: ["a@example.com"] }, "email");
    // data: keys up to 64, values string / number / boolean.
    const k64 = "k".repeat(64);
    assert.equal(
      (await ok({ sequence: k80, email: "b@example.com", data: { [k64]: "v", n: 1, t: true } }))
        .body.result,
      "enrolled",
    );
    await bad(
      { sequence: k80, email: "c@example.com", data: { [k64 + "k"]: "v" } },
      `data.${k64}k`,
    );
    await bad({ sequence: k80, email: "c@example.com", data: { a: { b: 1 } } }, "data.a");
    await bad({ sequence: k80, email: "c@example.com", data: { a: null } }, "data.a");
    await bad({ sequence: k80, email: "c@example.com", data: { a: [1] } }, "data.a");
    await bad({ sequence: k80, email: "c@example.com", data: "text" }, "data");
    // Unknown fields are ignored.
    assert.equal(
      (await ok({ sequence: k80, email: "d@example.com", extra: 1 })).body.result,
      "enrolled",
    );
  } finally {
    await svc.close();
  }
});

Deno.test("enroll answers invalid_payload for bad JSON and a body not declared as JSON", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key } = await seedSite(svc);
    const cases = [
      { raw: "{not json", headers: { "content-type": "application/json" } },
      {
        raw: JSON.stringify({ sequence: "x", email: "a@example.com" }),
        headers: { "content-type": "text/plain" },
      },
      { raw: "[1,2]", headers: { "content-type": "application/json" } },
      { raw: "", headers: { "content-type": "application/json" } },
    ];
    for (const c of cases) {
      const r = await svc.api("POST", "sequences/enroll", { key, ...c });
      assert.equal(r.status, 400, c.raw);
      assert.equal(r.body.ok, false);
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(r.body.reason, "invalid_payload");
    }
  } finally {
    await svc.close();
  }
});

Deno.test("enroll answers the key errors first, with ok false and a reason", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, siteId } = await seedSite(svc);
    const body = { sequence: "x", email: "a@example.com" };
    const missing = await svc.api("POST", "sequences/enroll", { body });
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.body, {
      ok: false,
      error: "missing_api_key",
      reason: "missing_api_key",
    });
    const invalid = await svc.api("POST", "sequences/enroll", { key: "svc_live_x", raw: "{bad" });
    assert.equal(invalid.status, 401);
    assert.equal(invalid.body.error, "invalid_api_key");
    await updateSite(svc.ctx, siteId, (s) => ({
      ...s,
      disabled: { automatic: false, reason: null, at: new Date().toISOString() },
    }));
    const disabled = await svc.api("POST", "sequences/enroll", { key, body });
    assert.equal(disabled.status, 403);
    assert.deepEqual(disabled.body, { ok: false, error: "site_disabled", reason: "site_disabled" });
  } finally {
    await svc.close();
  }
});
