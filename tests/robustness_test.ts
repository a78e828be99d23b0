/**
 * "No request to any endpoint with a malformed body, wrong types, huge strings
 * or odd headers gets a 5xx": a property over every route of
 * tests/helpers/routes.ts. Runs per route: FC_RUNS (default 100).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { seedSite, startTestService, type TestService } from "./helpers/service.ts";
import { ADMIN_ROUTES, KEYED_ROUTES } from "./helpers/routes.ts";

const RUNS = Number(Deno.env.get("FC_RUNS") ?? 100);

const huge = fc.constantFrom(1_000, 70_000, 1_100_000).map((n) => "x".repeat(n));
const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom("", " ", "\u0000", "\r\n", "ü".repeat(300), "😀".repeat(300), "null", "-1"),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: oddString },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1.5,
      2 ** 53,
      -(2 ** 60),
      1e308,
      true,
      null,
      {},
      [],
      { __proto__: { x: 1 } },
    ),
  },
);

/** Bodies built around a route's own fields, plus anything at all. */
function bodies(sample: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const names = Object.keys(sample ?? {});
  const nested = Object.entries(sample ?? {}).filter(([, v]) => typeof v === "object" && v);
  const shaped = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...(names.length ? names : ["x"]), "__proto__", "constructor"),
      fc.string(),
    ),
    value,
    { maxKeys: 8 },
  ).map((d) => ({ ...sample, ...d }));
  const deep = nested.length
    ? fc.tuple(fc.constantFrom(...nested), value).map(([[k, v], x]) => ({
      ...sample,
      [k]: Array.isArray(v)
        ? [x, ...v, { ...((v[0] as object) ?? {}), name: x }]
        : { ...(v as object), x },
    }))
    : shaped;
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: deep.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: huge.map((h) => JSON.stringify({ ...sample, [names[0] ?? "x"]: h })) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[1,", '{"a":1}{}', "\uFEFF{}", "1e999") },
  );
}

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/problem+json",
      "application/json; charset=utf-16",
      "text/plain",
      "multipart/form-data; boundary=x",
      "",
      ";;;",
    ),
    fc.string({ maxLength: 200 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  ),
  { nil: undefined },
);

/** Header values that a Request can carry (visible ASCII, spaces, tabs, Latin-1). */
const headerValue = fc.oneof(
  fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e\t]*$/.test(s)),
  fc.constantFrom("svc_live_", "svc_live_" + "A".repeat(43), "x".repeat(9000), "é", 'W/"x"'),
);
const oddHeaders = fc.dictionary(
  fc.constantFrom(
    "x-service-api-key",
    "X-SVC-API-KEY",
    "x-service-alt-api-key",
    "if-none-match",
    "accept",
    "x-svc-site-url",
    "authorization",
    "x-forwarded-for",
    "accept-encoding",
  ),
  headerValue,
  { maxKeys: 4 },
);

function pathValue(valid: string) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    { weight: 2, arbitrary: fc.string({ maxLength: 100 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constant("x".repeat(3000)) },
    { weight: 1, arbitrary: fc.constant(encodeURIComponent("€".repeat(600))) },
  );
}

async function request(
  svc: TestService,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
) {
  const res = await svc.app.request(url, { method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

Deno.test("no keyed /api/v1 request with odd bodies or headers gets a 5xx", async () => {
  const svc = await startTestService({ runJobs: false, logLevel: "silent" });
  try {
    const s = await seedSite(svc);
    for (const r of KEYED_ROUTES) {
      await fc.assert(
        fc.asyncProperty(
          bodies(r.body),
          contentType,
          oddHeaders,
          fc.boolean(),
          async (body, ct, extra, withKey) => {
            const headers: Record<string, string> = { ...extra };
            if (withKey) headers["x-service-api-key"] = s.key;
            if (ct !== undefined) headers["content-type"] = ct;
            const status = await request(
              svc,
              r.method,
              `/api/v1/${r.path}`,
              headers,
              r.method === "POST" ? body : undefined,
            );
            assert.ok(status < 500, `${r.method} ${r.path} answered ${status}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
    // Render with any slug at all.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (slug) => {
        const status = await request(
          svc,
          "GET",
          `/api/v1/forms/render/${encodeURIComponent(slug)}`,
          { "x-service-api-key": s.key },
          undefined,
        );
        assert.ok(status < 500, `render ${JSON.stringify(slug)} answered ${status}`);
      }),
      { numRuns: RUNS },
    );
  } finally {
    await svc.close();
  }
});

Deno.test("no operator request with odd bodies, ids or headers gets a 5xx", async () => {
  const svc = await startTestService({ runJobs: false, logLevel: "silent" });
  try {
    const s = await seedSite(svc);
    const form = await svc.admin("POST", `/accounts/${s.accountId}/forms`, {
      name: "F",
      slug: "f",
    });
    const block = await svc.admin("POST", "/ip-blocks", { ip: "192.0.2.1", reason: "manual" });
    const hook = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: "http://127.0.0.1:9/hook",
      events: ["all"],
    });
    assert.equal(hook.status, 201, hook.text);
    assert.equal(form.status, 201, form.text);
    assert.equal(block.status, 201, block.text);
    const template = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "T",
      slug: "t",
      subject: "S",
      html: "<p>x</p>",
    });
    const sequence = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 3600, template: "t" }],
    });
    const enrolled = await svc.api("POST", "sequences/enroll", {
      key: s.key,
      body: { sequence: "welcome", email: "ann@example.com" },
    });
    const domain = await svc.admin("POST", `/sites/${s.siteId}/sending-domains`, {
      domain: "mail.seeded.example.com",
      from_address: "hi@mail.seeded.example.com",
    });
    const dashUser = await svc.admin("POST", `/accounts/${s.accountId}/users`, {
      email: "seeded-user@example.com",
      password: "a long enough password",
    });
    const invitation = await svc.admin("POST", `/accounts/${s.accountId}/invitations`, {
      email: "seeded-invite@example.com",
    });
    const submitted = await svc.api("POST", "forms/submit", {
      key: s.key,
      body: { form_id: 1, fields: { email: "ann@example.com" } },
    });
    const inbound = await svc.admin("POST", "/inbound-domains", {
      domain: "in.seeded.example.com",
      url: "http://127.0.0.1:9/inbound",
    });
    for (const r of [template, sequence, domain, inbound]) assert.equal(r.status, 201, r.text);
    for (const r of [enrolled, submitted]) assert.equal(r.status, 200, r.text);
    const enrollments = await svc.admin("GET", `/sites/${s.siteId}/enrollments`);
    const firstEnrollment = (enrollments.body.items as { id: string }[])[0];
    const valid: Record<string, string> = {
      template: template.body.id as string,
      sequence: sequence.body.id as string,
      enrollment: firstEnrollment.id,
      domain: domain.body.id as string,
      user: dashUser.body.id as string,
      invitation: invitation.body.id as string,
      submission: submitted.body.id as string,
      account: s.accountId,
      site: s.siteId,
      key: s.keyId,
      form: form.body.id as string,
      block: block.body.id as string,
      email: "a@example.com",
      hook: hook.body.id as string,
      delivery: "01900000-0000-7000-8000-000000000001",
      event: "01900000-0000-7000-8000-000000000002",
      inbound: inbound.body.id as string,
      report: "01900000-0000-7000-8000-000000000003",
      log: "01900000-0000-7000-8000-000000000004",
      entry: "01900000-0000-7000-8000-000000000005",
      endpoint: "01900000-0000-7000-8000-000000000006",
    };
    const token = `Bearer ${svc.ctx.config.adminToken}`;
    for (const r of ADMIN_ROUTES) {
      const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const filled = fc.tuple(...params.map((p) => pathValue(valid[p]))).map((vals) =>
        params.reduce((path, p, i) => path.replace(`{${p}}`, vals[i]), r.path)
      );
      await fc.assert(
        fc.asyncProperty(
          filled,
          bodies(r.body),
          contentType,
          oddHeaders,
          fc.boolean(),
          async (path, body, ct, extra, withBody) => {
            const headers: Record<string, string> = { ...extra, authorization: token };
            if (ct !== undefined) headers["content-type"] = ct;
            const status = await request(
              svc,
              r.method,
              `/admin/api/v1${path}`,
              headers,
              withBody && r.method !== "GET" ? body : undefined,
            );
            assert.ok(status < 500, `${r.method} ${path.slice(0, 80)} answered ${status}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  } finally {
    await svc.close();
  }
});
