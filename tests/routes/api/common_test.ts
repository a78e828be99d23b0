/**
 * Rules common to every keyed endpoint that the per-endpoint tests do not walk:
 * unknown body fields are ignored (spec: Endpoints, Versioning 2) and the
 * X-SVC-Site-URL header is optional and unverified (spec: Authentication 7).
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { startFormsService } from "../../helpers/forms.ts";
import { KEYED_ROUTES, type KeyedRoute } from "../../helpers/routes.ts";

const label = (r: KeyedRoute) => `${r.method} ${r.path}`;

/** What decides an answer: status, ok, sent and the error code. */
const gist = (a: { status: number; body: Record<string, unknown> }) => ({
  status: a.status,
  ok: a.body.ok,
  sent: a.body.sent,
  error: a.body.error,
  result: a.body.result,
  blocked: a.body.blocked,
});

async function withSite(fn: (svc: TestService, key: string) => Promise<void>) {
  const svc = await startFormsService({ runJobs: false });
  try {
    await fn(svc, (await seedSite(svc)).key);
  } finally {
    await svc.close();
  }
}

Deno.test("every POST route ignores unknown body fields: the answer is the one without them", async () => {
  await withSite(async (svc, key) => {
    for (const r of KEYED_ROUTES.filter((r) => r.method === "POST")) {
      const plain = await svc.api("POST", r.path, { key, body: r.body });
      const extra = await svc.api("POST", r.path, {
        key,
        body: { ...r.body, unknown_field: { nested: [1, "x"] }, api_version: 2, ok: false },
      });
      assert.notEqual(extra.body.error, "invalid_payload", `${label(r)}: ${extra.text}`);
      assert.notEqual(extra.body.error, "bad_body", `${label(r)}: ${extra.text}`);
      assert.deepEqual(gist(extra), gist(plain), label(r));
    }
  });
});

Deno.test("X-SVC-Site-URL is optional and unverified: any value, or none, gives the same answer", async () => {
  await withSite(async (svc, key) => {
    for (const r of KEYED_ROUTES.filter((r) => r.method === "GET")) {
      const none = await svc.api(r.method, r.path, { key });
      for (const url of ["https://not-this-site.example.net", "garbage", ""]) {
        const a = await svc.api(r.method, r.path, { key, headers: { "X-SVC-Site-URL": url } });
        assert.deepEqual(gist(a), gist(none), `${label(r)} with ${url}`);
        assert.ok(a.status < 400 || r.path.startsWith("forms/render"), `${label(r)}: ${a.text}`);
      }
    }
    // And on a POST: a mismatching site URL does not stop a send.
    const sent = await svc.api("POST", "mail/send", {
      key,
      body: { to: "ann@example.com", subject: "Hi", text: "x" },
      headers: { "X-SVC-Site-URL": "https://not-this-site.example.net" },
    });
    assert.equal(sent.body.sent, true, sent.text);
  });
});
