import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { updateHostedForm } from "../../../domain/forms/hosted_store.ts";

const CACHE = "public, max-age=60, stale-while-revalidate=300";

async function withForm(
  fn: (
    svc: TestService,
    s: { key: string; accountId: string; formId: string; siteId: string },
    clock: ManualClock,
  ) => Promise<void>,
) {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 12));
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const seeded = await seedSite(svc);
    const f = await svc.admin("POST", `/accounts/${seeded.accountId}/forms`, {
      name: "Contact",
      slug: "contact-1",
      fields: [
        { name: "email", label: "Email", type: "email", required: true },
        { name: "topic", label: "Topic", type: "select", options: ["A", "B"] },
      ],
      settings: { submit_label: "Send" },
    });
    assert.equal(f.status, 201, f.text);
    await fn(svc, { ...seeded, formId: f.body.id as string }, clock);
  } finally {
    await svc.close();
  }
}

Deno.test("render answers the form with cache headers and X-SVC-Form-Updated", async () => {
  await withForm(async (svc, { key, formId }) => {
    const r = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, {
      ok: true,
      form: {
        id: formId,
        name: "Contact",
        slug: "contact-1",
        fields: [
          { name: "email", label: "Email", type: "email", required: true },
          { name: "topic", label: "Topic", type: "select", options: ["A", "B"], required: false },
        ],
        settings: { submit_label: "Send" },
        updated_at: "2026-03-01T12:00:00.000Z",
      },
    });
    assert.equal(r.headers.get("cache-control"), CACHE);
    assert.equal(r.headers.get("x-svc-form-updated"), "2026-03-01T12:00:00.000Z");
    assert.match(r.headers.get("content-type") ?? "", /^application\/json/);
    assert.match(r.headers.get("etag") ?? "", /^"[0-9a-f]{32}"$/);
  });
});

Deno.test("render answers 304 with no body when If-None-Match names the current ETag", async () => {
  await withForm(async (svc, { key, formId }, clock) => {
    const first = await svc.api("GET", "forms/render/contact-1", { key });
    const etag = first.headers.get("etag")!;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const r = await svc.api("GET", "forms/render/contact-1", {
        key,
        headers: { "if-none-match": inm },
      });
      assert.equal(r.status, 304, inm);
      assert.equal(r.text, "");
      assert.equal(r.headers.get("etag"), etag);
      assert.equal(r.headers.get("cache-control"), CACHE);
      assert.equal(r.headers.get("x-svc-form-updated"), "2026-03-01T12:00:00.000Z");
    }
    // A change gives a new ETag: the old one gets the full form again.
    clock.advance(5000);
    await svc.admin("PATCH", `/forms/${formId}`, { name: "Contact us" });
    const after = await svc.api("GET", "forms/render/contact-1", {
      key,
      headers: { "if-none-match": etag },
    });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get("etag"), etag);
    assert.equal(after.headers.get("x-svc-form-updated"), "2026-03-01T12:00:05.000Z");
    assert.equal((after.body.form as { name: string }).name, "Contact us");
  });
});

Deno.test("invalid_slug 400 for anything but a-z, 0-9 and hyphen, before the key is looked at", async () => {
  await withForm(async (svc, { key }) => {
    for (
      const slug of ["Contact", "con_tact", "con%20tact", "caf%C3%A9", "a.b", "x%00y", "-ü-"]
    ) {
      for (const k of [key, undefined, "svc_live_unknown"]) {
        const r = await svc.api("GET", `forms/render/${slug}`, { key: k });
        assert.equal(r.status, 400, `${slug} ${k}`);
        assert.deepEqual(r.body, { error: "invalid_slug" });
      }
    }
    const empty = await svc.api("GET", "forms/render/");
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body, { error: "invalid_slug" });
  });
});

Deno.test("a valid slug without a key is missing_api_key, with a wrong key invalid_api_key", async () => {
  await withForm(async (svc) => {
    const none = await svc.api("GET", "forms/render/contact-1");
    assert.equal(none.status, 401);
    assert.deepEqual(none.body, { error: "missing_api_key" });
    const bad = await svc.api("GET", "forms/render/contact-1", { key: "svc_live_nope" });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.body, { error: "invalid_api_key" });
  });
});

Deno.test("form_not_found 404 for an unknown slug or a very long one", async () => {
  await withForm(async (svc, { key }) => {
    for (const slug of ["nope", "a".repeat(5000)]) {
      const r = await svc.api("GET", `forms/render/${slug}`, { key });
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, { error: "form_not_found" });
      assert.equal(r.headers.get("cache-control"), null);
    }
  });
});

Deno.test("forms of another account are not found", async () => {
  await withForm(async (svc) => {
    const other = await seedSite(svc); // its own account
    const r = await svc.api("GET", "forms/render/contact-1", { key: other.key });
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { error: "form_not_found" });
  });
});

Deno.test("another site of the same account renders the form", async () => {
  await withForm(async (svc, { accountId }) => {
    const sibling = await seedSite(svc, { accountId });
    const r = await svc.api("GET", "forms/render/contact-1", { key: sibling.key });
    assert.equal(r.status, 200);
  });
});

Deno.test("site_has_no_owner 403 for a site linked to no account", async () => {
  await withForm(async (svc) => {
    const orphan = await seedSite(svc, { noAccount: true });
    const r = await svc.api("GET", "forms/render/contact-1", { key: orphan.key });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: "site_has_no_owner" });
  });
});

Deno.test("form_archived 410 for an archived form; restore brings it back", async () => {
  await withForm(async (svc, { key, formId }) => {
    await svc.admin("POST", `/forms/${formId}/archive`);
    const r = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal(r.status, 410);
    assert.deepEqual(r.body, { error: "form_archived" });
    await svc.admin("POST", `/forms/${formId}/restore`);
    assert.equal((await svc.api("GET", "forms/render/contact-1", { key })).status, 200);
  });
});

Deno.test("a disabled site gets site_disabled on render", async () => {
  await withForm(async (svc, { key, siteId }) => {
    await svc.admin("POST", `/sites/${siteId}/disable`, { automatic: true });
    const r = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: "site_disabled" });
  });
});

Deno.test("render is served from memory for up to 30 s: a change made by another process shows after that, this process's own changes at once", async () => {
  await withForm(async (svc, { key, formId }, clock) => {
    const first = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal(first.status, 200);
    // Another process changes the form: written to KV without this process's use case.
    await updateHostedForm(svc.ctx, formId, (f) => ({ ...f, name: "Elsewhere" }));
    clock.advance(29_000);
    const cached = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal((cached.body.form as { name: string }).name, "Contact");
    assert.equal(cached.headers.get("etag"), first.headers.get("etag"));
    clock.advance(2_000);
    const fresh = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal((fresh.body.form as { name: string }).name, "Elsewhere");
    assert.notEqual(fresh.headers.get("etag"), first.headers.get("etag"));
    // This process's own change: at once.
    const p = await svc.admin("PATCH", `/forms/${formId}`, { name: "Here" });
    assert.equal(p.status, 200, p.text);
    const now = await svc.api("GET", "forms/render/contact-1", { key });
    assert.equal((now.body.form as { name: string }).name, "Here");
  });
});

Deno.test("a cached render still checks the key: a key revoked after a render is refused at once", async () => {
  await withForm(async (svc, { key, siteId }) => {
    const extra = await svc.admin("POST", `/sites/${siteId}/api-keys`);
    const other = extra.body.api_key as string;
    assert.equal((await svc.api("GET", "forms/render/contact-1", { key })).status, 200);
    assert.equal((await svc.api("GET", "forms/render/contact-1", { key: other })).status, 200);
    await svc.admin("DELETE", `/sites/${siteId}/api-keys/${extra.body.id}`);
    const r = await svc.api("GET", "forms/render/contact-1", { key: other });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { error: "invalid_api_key" });
    assert.equal((await svc.api("GET", "forms/render/contact-1", { key })).status, 200);
  });
});
