import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { MAX_FORM_JSON_CHARS } from "../../../domain/forms/hosted_schema.ts";

async function withAccount(
  fn: (svc: TestService, accountId: string, clock: ManualClock) => Promise<void>,
) {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const a = await svc.admin("POST", "/accounts", { name: "Acme" });
    await fn(svc, a.body.id as string, clock);
  } finally {
    await svc.close();
  }
}

const FIELDS = [
  { name: "name", label: "Your name", type: "text", placeholder: "Jane", required: true },
  { name: "email", label: "Email", type: "email", required: true },
  { name: "topic", label: "Topic", type: "select", options: ["Sales", "Support"] },
  { name: "agree", label: "I agree", type: "checkbox" },
];

function fields(r: { body: Record<string, unknown> }) {
  return (r.body.details as { field: string }[]).map((d) => d.field);
}

Deno.test("creating a hosted form answers 201 with the stored form", async () => {
  await withAccount(async (svc, accountId) => {
    const r = await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Contact",
      slug: "contact-us",
      fields: FIELDS,
      settings: { submit_label: "Send", brand_color: "#1a73e8", card_wrap: true },
    });
    assert.equal(r.status, 201, r.text);
    assert.match(r.body.id as string, /^[0-9a-f-]{36}$/);
    assert.equal(r.body.account_id, accountId);
    assert.equal(r.body.slug, "contact-us");
    assert.equal(r.body.archived, false);
    assert.equal(r.body.updated_at, "2026-01-01T00:00:00.000Z");
    // required defaults to false; a key never set stays missing.
    assert.deepEqual((r.body.fields as unknown[])[2], {
      name: "topic",
      label: "Topic",
      type: "select",
      options: ["Sales", "Support"],
      required: false,
    });
    assert.deepEqual(r.body.settings, {
      submit_label: "Send",
      brand_color: "#1a73e8",
      card_wrap: true,
    });
    const got = await svc.admin("GET", `/forms/${r.body.id}`);
    assert.deepEqual(got.body, r.body);
    const list = await svc.admin("GET", `/accounts/${accountId}/forms`);
    assert.deepEqual((list.body.items as { id: string }[]).map((f) => f.id), [r.body.id]);
  });
});

Deno.test("a duplicate slug in the same account is 409; another account may use it", async () => {
  await withAccount(async (svc, accountId) => {
    const body = { name: "A", slug: "same", fields: [] };
    assert.equal((await svc.admin("POST", `/accounts/${accountId}/forms`, body)).status, 201);
    const dup = await svc.admin("POST", `/accounts/${accountId}/forms`, body);
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, "conflict");
    assert.equal(typeof dup.body.message, "string");
    const other = await svc.admin("POST", "/accounts", { name: "Other" });
    const r = await svc.admin("POST", `/accounts/${other.body.id}/forms`, body);
    assert.equal(r.status, 201);
  });
});

Deno.test("unknown account or form ids answer 404 not_found", async () => {
  await withAccount(async (svc) => {
    const missing = "01900000-0000-7000-8000-000000000000";
    const calls: [string, string, unknown?][] = [
      ["POST", `/accounts/${missing}/forms`, { name: "x", slug: "x" }],
      ["GET", `/accounts/${missing}/forms`],
      ["GET", `/forms/${missing}`],
      ["PATCH", `/forms/${missing}`, { name: "y" }],
      ["POST", `/forms/${missing}/archive`],
      ["POST", `/forms/${missing}/restore`],
    ];
    for (const [m, p, b] of calls) {
      const r = await svc.admin(m, p, b);
      assert.equal(r.status, 404, `${m} ${p}`);
      assert.equal(r.body.error, "not_found");
      assert.equal(typeof r.body.message, "string");
    }
  });
});

Deno.test("form validation: name, slug, field name, label, type, options, required", async () => {
  await withAccount(async (svc, accountId) => {
    const post = (body: unknown) => svc.admin("POST", `/accounts/${accountId}/forms`, body);
    const field = (f: Record<string, unknown>) => ({
      name: "n",
      slug: "s",
      fields: [{ name: "a", label: "A", type: "text", ...f }],
    });
    const cases: [unknown, string[]][] = [
      [{ slug: "x" }, ["name"]],
      [{ name: "", slug: "x" }, ["name"]],
      [{ name: "x" }, ["slug"]],
      [{ name: "x", slug: "Has-Caps" }, ["slug"]],
      [{ name: "x", slug: "under_score" }, ["slug"]],
      [{ name: "x", slug: "spa ce" }, ["slug"]],
      [{ name: "x", slug: "" }, ["slug"]],
      [{ name: "x", slug: "s".repeat(101) }, ["slug"]],
      [field({ type: "color" }), ["fields.0.type"]],
      [field({ label: "" }), ["fields.0.label"]],
      [field({ name: "" }), ["fields.0.name"]],
      [field({ name: "has space" }), ["fields.0.name"]],
      [field({ required: "yes" }), ["fields.0.required"]],
      [field({ placeholder: 5 }), ["fields.0.placeholder"]],
      [field({ options: ["a"] }), ["fields.0.options"]],
      [field({ type: "select" }), ["fields.0.options"]],
      [field({ type: "select", options: [] }), ["fields.0.options"]],
      [field({ type: "select", options: [""] }), ["fields.0.options.0"]],
      [{ name: "x", slug: "x", fields: "nope" }, ["fields"]],
      [{ name: "x", slug: "x", settings: { brand_color: "red" } }, ["settings.brand_color"]],
      [{ name: "x", slug: "x", settings: { notify_email: "nope" } }, ["settings.notify_email"]],
      [{
        name: "x",
        slug: "x",
        fields: [{ name: "a", label: "A", type: "text" }, { name: "a", label: "B", type: "email" }],
      }, ["fields.1.name"]],
    ];
    for (const [body, expected] of cases) {
      const r = await post(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual(fields(r), expected, JSON.stringify(body));
    }
    assert.equal(
      ((await svc.admin("GET", `/accounts/${accountId}/forms`)).body.items as unknown[]).length,
      0,
    );
  });
});

Deno.test("slug of 100 characters is accepted, 101 is not; 50 fields pass, 51 do not", async () => {
  await withAccount(async (svc, accountId) => {
    const post = (body: unknown) => svc.admin("POST", `/accounts/${accountId}/forms`, body);
    assert.equal((await post({ name: "x", slug: "s".repeat(100) })).status, 201);
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `f${i}`, label: "L", type: "text" }));
    assert.equal((await post({ name: "x", slug: "fifty", fields: many(50) })).status, 201);
    const r = await post({ name: "x", slug: "fifty-one", fields: many(51) });
    assert.equal(r.status, 400);
    assert.deepEqual(fields(r), ["fields"]);
  });
});

Deno.test("a form definition of exactly the size cap stores in KV; one character more is refused", async () => {
  await withAccount(async (svc, accountId) => {
    // Two-byte characters in V8's serialisation are the worst case for KV's 64 KiB.
    type F = { name: string; label: string; type: string; options: string[]; required: boolean };
    const def = { name: "n", fields: [] as F[], settings: {} };
    const size = () => JSON.stringify(def).length;
    const room = () => MAX_FORM_JSON_CHARS - size();
    for (let i = 0; room() > 403; i++) {
      def.fields.push({ name: `f${i}`, label: "ж", type: "select", options: [], required: false });
      const opts = def.fields[i].options;
      while (opts.length < 90 && room() > 403) opts.push("ж".repeat(200)); // 203 chars of JSON
    }
    // Two more options sized to land exactly on the cap.
    const last = def.fields[def.fields.length - 1].options;
    const r = room() - 6;
    last.push("ж".repeat(Math.floor(r / 2)), "ж".repeat(r - Math.floor(r / 2)));
    assert.equal(size(), MAX_FORM_JSON_CHARS);

    const ok = await svc.admin("POST", `/accounts/${accountId}/forms`, { ...def, slug: "at-cap" });
    assert.equal(ok.status, 201, ok.text.slice(0, 300));
    const back = await svc.admin("GET", `/forms/${ok.body.id}`);
    assert.deepEqual(back.body.fields, def.fields);

    last[last.length - 1] += "ж";
    const over = await svc.admin("POST", `/accounts/${accountId}/forms`, { ...def, slug: "over" });
    assert.equal(over.status, 400);
    assert.equal(over.body.error, "invalid_payload");
    assert.match((over.body.details as { message: string }[])[0].message, /too large/);
    // PATCH is held to the same cap.
    const patched = await svc.admin("PATCH", `/forms/${ok.body.id}`, { fields: def.fields });
    assert.equal(patched.status, 400);
  });
});

Deno.test("PATCH changes name, slug, fields and settings and moves updated_at", async () => {
  await withAccount(async (svc, accountId, clock) => {
    const f = await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Old",
      slug: "old",
      fields: FIELDS,
      settings: { submit_label: "Go" },
    });
    clock.advance(60_000);
    const r = await svc.admin("PATCH", `/forms/${f.body.id}`, {
      name: "New",
      slug: "new",
      settings: { success_message: "Thanks" },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.name, "New");
    assert.equal(r.body.slug, "new");
    assert.deepEqual(r.body.fields, f.body.fields);
    assert.deepEqual(r.body.settings, { success_message: "Thanks" });
    assert.equal(r.body.updated_at, "2026-01-01T00:01:00.000Z");
    assert.equal(r.body.created_at, f.body.created_at);
    // The old slug is free again, the new one is taken.
    assert.equal(
      (await svc.admin("POST", `/accounts/${accountId}/forms`, { name: "x", slug: "old" })).status,
      201,
    );
    const taken = await svc.admin("PATCH", `/forms/${f.body.id}`, { slug: "old" });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error, "conflict");
    const bad = await svc.admin("PATCH", `/forms/${f.body.id}`, { fields: [{ name: "a" }] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    assert.equal((await svc.admin("GET", `/forms/${f.body.id}`)).body.slug, "new");
  });
});

Deno.test("archive and restore answer the form; updated_at moves", async () => {
  await withAccount(async (svc, accountId, clock) => {
    const f = await svc.admin("POST", `/accounts/${accountId}/forms`, { name: "F", slug: "f" });
    clock.advance(1000);
    const a = await svc.admin("POST", `/forms/${f.body.id}/archive`);
    assert.equal(a.status, 200);
    assert.equal(a.body.archived, true);
    assert.equal(a.body.archived_at, "2026-01-01T00:00:01.000Z");
    assert.equal(a.body.updated_at, "2026-01-01T00:00:01.000Z");
    clock.advance(1000);
    const r = await svc.admin("POST", `/forms/${f.body.id}/restore`);
    assert.equal(r.status, 200);
    assert.equal(r.body.archived, false);
    assert.equal(r.body.archived_at, null);
    assert.equal(r.body.updated_at, "2026-01-01T00:00:02.000Z");
  });
});

Deno.test("the operator API needs the bearer token", async () => {
  await withAccount(async (svc, accountId) => {
    for (const auth of [undefined, "Bearer wrong-token-0123456789", "Basic abc"]) {
      const r = await svc.app.request(`/admin/api/v1/accounts/${accountId}/forms`, {
        headers: auth ? { authorization: auth } : {},
      });
      assert.equal(r.status, 401);
      const body = await r.json();
      assert.equal(body.error, "unauthorized");
      assert.equal(typeof body.message, "string");
    }
  });
});
