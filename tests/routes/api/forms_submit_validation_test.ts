import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { FORMS_BODY_LIMIT } from "../../../domain/forms/schema.ts";

type Case = { name: string; patch: Record<string, unknown>; ok: boolean; field?: string };

const s = (n: number, ch = "a") => ch.repeat(n);

function cases(): Case[] {
  const out: Case[] = [];
  const pair = (
    name: string,
    field: string,
    at: unknown,
    over: unknown,
    wrap: (v: unknown) => Record<string, unknown>,
  ) => {
    out.push({ name: `${name} at the limit passes`, patch: wrap(at), ok: true });
    out.push({ name: `${name} one over fails`, patch: wrap(over), ok: false, field });
  };
  pair(
    "fields value 10,000 chars",
    "fields.message",
    s(10_000),
    s(10_001),
    (v) => ({ fields: { message: v } }),
  );
  pair(
    "fields value of 10,000 emoji",
    "fields.message",
    s(10_000, "😀"),
    s(10_001, "😀"),
    (v) => ({ fields: { message: v } }),
  );
  const manyFields = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, "x"]));
  pair("fields 500 entries", "fields", manyFields(500), manyFields(501), (v) => ({ fields: v }));
  pair("form_name 200", "form_name", s(200), s(201), (v) => ({ form_name: v }));
  pair("template 50", "template", s(50), s(51), (v) => ({ template: v }));
  pair(
    "notify_emails 10 items",
    "notify_emails",
    Array.from({ length: 10 }, (_, i) => `n${i}@example.com`),
    Array.from({ length: 11 }, (_, i) => `n${i}@example.com`),
    (v) => ({ notify_emails: v }),
  );
  pair("from_name 120", "from_name", s(120), s(121), (v) => ({ from_name: v }));
  pair("visitor.ip 64", "visitor.ip", s(64), s(65), (v) => ({ visitor: { ip: v } }));
  pair(
    "visitor.user_agent 500",
    "visitor.user_agent",
    s(500),
    s(501),
    (v) => ({ visitor: { user_agent: v } }),
  );
  pair(
    "visitor.referrer 500",
    "visitor.referrer",
    s(500),
    s(501),
    (v) => ({ visitor: { referrer: v } }),
  );
  pair("captcha_token 6,000", "captcha_token", s(6000), s(6001), (v) => ({ captcha_token: v }));
  pair(
    "cf_turnstile_token 4,000",
    "cf_turnstile_token",
    s(4000),
    s(4001),
    (v) => ({ cf_turnstile_token: v }),
  );
  pair(
    "confirm.subject 200",
    "confirm.subject",
    s(200),
    s(201),
    (v) => ({ confirm: { subject: v } }),
  );
  pair(
    "confirm.body 20,000",
    "confirm.body",
    s(20_000),
    s(20_001),
    (v) => ({ confirm: { body: v } }),
  );
  pair(
    "confirm.from_name 120",
    "confirm.from_name",
    s(120),
    s(121),
    (v) => ({ confirm: { from_name: v } }),
  );
  pair("form_id as a positive integer", "form_id", 1, 0, (v) => ({ form_id: v }));
  pair(
    "form_id up to 2^53-1",
    "form_id",
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    (v) => ({ form_id: v }),
  );
  const bad = (name: string, field: string, patch: Record<string, unknown>) =>
    out.push({ name, patch, ok: false, field });
  bad("form_id missing fails", "form_id", { form_id: undefined });
  bad("form_id negative fails", "form_id", { form_id: -3 });
  bad("form_id fraction fails", "form_id", { form_id: 1.5 });
  bad("form_id as a string fails", "form_id", { form_id: "7" });
  bad("fields as an array fails", "fields", { fields: ["a"] });
  bad("fields as a string fails", "fields", { fields: "name=x" });
  bad("a field value that is a number fails", "fields.age", { fields: { age: 30 } });
  bad("a field value that is an object fails", "fields.x", { fields: { x: { y: "z" } } });
  bad("notify_emails with a non-string item fails", "notify_emails.0", { notify_emails: [5] });
  bad("notify_emails as a string fails", "notify_emails", { notify_emails: "a@example.com" });
  bad("visitor as a string fails", "visitor", { visitor: "1.2.3.4" });
  bad("captcha_provider outside the enum fails", "captcha_provider", {
    captcha_provider: "recaptcha_v4",
  });
  bad("confirm.enabled as a string fails", "confirm.enabled", { confirm: { enabled: "yes" } });
  bad("site_url without a scheme fails", "site_url", { site_url: "example.com/contact" });
  out.push({
    name: "site_url as a full URL passes",
    patch: { site_url: "https://example.com/contact" },
    ok: true,
  });
  out.push({
    name: "captcha_provider is accepted and ignored",
    patch: { captcha_provider: "none" },
    ok: true,
  });
  out.push({
    name: "unknown body fields are ignored",
    patch: { colour: "blue", nested: { a: 1 } },
    ok: true,
  });
  out.push({ name: "fields left out default to {}", patch: { fields: undefined }, ok: true });
  out.push({
    name: "optional fields sent as null count as not sent",
    patch: { form_name: null, visitor: null, confirm: null, fields: null },
    ok: true,
  });
  return out;
}

async function withSite(fn: (svc: TestService, key: string, domain: string) => Promise<void>) {
  const svc = await startFormsService({ runJobs: false });
  try {
    const { key, domain } = await seedSite(svc);
    await fn(svc, key, domain);
  } finally {
    await svc.close();
  }
}

Deno.test("forms/submit validation: every limit passes at the limit and fails one over", async () => {
  await withSite(async (svc, key, domain) => {
    for (const c of cases()) {
      const body: Record<string, unknown> = { ...legitBody(domain), ...c.patch };
      for (const [k, v] of Object.entries(c.patch)) if (v === undefined) delete body[k];
      const r = await submit(svc, key, body);
      if (c.ok) {
        assert.equal(r.status, 200, `${c.name}: ${r.text.slice(0, 300)}`);
        assert.equal(r.body.ok, true, c.name);
        assert.match(String(r.body.id), /^[0-9a-f-]{36}$/, c.name);
      } else {
        assert.equal(r.status, 400, `${c.name}: ${r.text.slice(0, 300)}`);
        assert.equal(r.body.error, "invalid_payload", c.name);
        assert.ok(!("ok" in r.body), `${c.name}: errors carry no ok field`);
        const fields = (r.body.details as { field: string }[]).map((d) => d.field);
        assert.ok(fields.includes(c.field!), `${c.name}: details name ${c.field}, got ${fields}`);
      }
    }
  });
});

Deno.test("forms/submit: bad JSON and a wrong Content-Type answer invalid_json with no ok", async () => {
  await withSite(async (svc, key) => {
    const cases: [string, string | undefined][] = [
      ['{"form_id": 1,', "application/json"],
      ["", "application/json"],
      ['{"form_id": 1}', "text/plain"],
      ['{"form_id": 1}', undefined],
      ["form_id=1", "application/x-www-form-urlencoded"],
    ];
    for (const [raw, ct] of cases) {
      const r = await svc.api("POST", "forms/submit", {
        key,
        raw,
        headers: ct ? { "content-type": ct } : {},
      });
      assert.equal(r.status, 400, `${ct} ${raw}`);
      assert.deepEqual(r.body, { error: "invalid_json" });
    }
    // Valid JSON that is not an object is a payload problem.
    const arr = await svc.api("POST", "forms/submit", { key, body: [1, 2] });
    assert.equal(arr.body.error, "invalid_payload");
  });
});

Deno.test("forms/submit: the key is checked before the body", async () => {
  await withSite(async (svc) => {
    const none = await svc.api("POST", "forms/submit", {
      raw: "{",
      headers: { "content-type": "application/json" },
    });
    assert.equal(none.status, 401);
    assert.deepEqual(none.body, { error: "missing_api_key" });
    const wrong = await svc.api("POST", "forms/submit", {
      key: "svc_live_nope",
      body: { form_id: 1 },
    });
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, { error: "invalid_api_key" });
  });
});

Deno.test("forms/submit: a body over the size limit is invalid_payload; large fields are kept exactly", async () => {
  await withSite(async (svc, key, domain) => {
    // 120 fields of about 10,000 characters: about 1.3 MB, far over one KV value.
    const fields: Record<string, string> = {};
    for (let i = 0; i < 120; i++) {
      fields[`field_${i}`] = `${i}:` + "a".repeat(8_990) + "ü".repeat(990) + "<>&\"'";
    }
    const ok = await submit(svc, key, legitBody(domain, { fields }));
    assert.equal(ok.status, 200, ok.text.slice(0, 200));
    const stored = await svc.admin("GET", `/submissions/${ok.body.id}`);
    assert.equal(stored.status, 200);
    assert.deepEqual(stored.body.fields, fields);
    assert.equal(JSON.stringify(stored.body.fields), JSON.stringify(fields));

    const huge = JSON.stringify({ form_id: 1, fields: { a: "x".repeat(FORMS_BODY_LIMIT) } });
    const r = await svc.api("POST", "forms/submit", {
      key,
      raw: huge,
      headers: { "content-type": "application/json" },
    });
    // Past the body limit: 413 (was 400 before bodies were bounded the same way everywhere).
    assert.equal(r.status, 413);
    assert.equal(r.body.error, "invalid_payload");
    assert.ok(!("ok" in r.body));
  });
});

Deno.test("forms/submit: a field named __proto__ is stored as sent", async () => {
  await withSite(async (svc, key, domain) => {
    const raw =
      `{"form_id": 3, "fields": {"__proto__": "x", "name": "Ann"}, "visitor": {"user_agent": "${"Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0"}", "referrer": "https://${domain}/"}}`;
    const r = await svc.api("POST", "forms/submit", {
      key,
      raw,
      headers: { "content-type": "application/json" },
    });
    assert.equal(r.status, 200, r.text);
    const stored = await svc.admin("GET", `/submissions/${r.body.id}`);
    assert.equal(JSON.stringify(stored.body.fields), '{"__proto__":"x","name":"Ann"}');
  });
});

Deno.test("forms/submit: no valid notification address and no site default is 400 and stores nothing", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const { key, siteId, domain } = await seedSite(svc, { site: { default_notify_email: null } });
    const r = await submit(
      svc,
      key,
      legitBody(domain, {
        notify_emails: ["not-an-address", "also bad", ""],
        notify_email: "nope",
      }),
    );
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: "no_notify_email_configured" });
    const list = await svc.admin("GET", `/sites/${siteId}/submissions`);
    assert.deepEqual(list.body.items, []);
    // One valid address is enough.
    const ok = await submit(svc, key, legitBody(domain, { notify_email: "me@example.com" }));
    assert.equal(ok.status, 200);
  } finally {
    await svc.close();
  }
});
