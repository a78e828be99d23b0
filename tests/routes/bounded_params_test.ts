/**
 * Path and query parameters become Deno KV key parts, and a key over 2 KiB
 * makes KV throw: every route answers 400 or 404 for over-long ones, never 500.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../helpers/service.ts";
import { ADMIN_ROUTES, KEYED_ROUTES } from "../helpers/routes.ts";
import { MAX_QUERY_PARAM } from "../../routes/admin/body.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

/** Ids that are long, or short but heavy as a KV key (NULs weigh two bytes, emoji four). */
const LONG_IDS = [
  "a".repeat(5_000),
  "%00".repeat(1_000),
  "%00".repeat(330),
  encodeURIComponent("😀".repeat(300)),
];

Deno.test("the outbox's ?to= of 2,100 characters is 400 invalid_payload, not 500", async () => {
  await withService(async (svc) => {
    for (const to of ["b".repeat(2_100), "b".repeat(321), "\u0000".repeat(700)]) {
      const r = await svc.admin("GET", `/outbox?to=${encodeURIComponent(to)}`);
      assert.equal(r.status, 400, `${to.length}: ${r.text.slice(0, 200)}`);
      assert.equal(r.body.error, "invalid_payload");
      assert.equal(typeof r.body.message, "string");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), ["to"]);
    }
    // An address of the longest allowed size is a filter like any other.
    const ok = await svc.admin("GET", `/outbox?to=${"b".repeat(308)}@example.com`);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.items, []);
  });
});

Deno.test("every operator route answers 400 invalid_payload for an over-long query parameter", async () => {
  await withService(async (svc) => {
    const long = "q".repeat(MAX_QUERY_PARAM + 1);
    for (const query of [`to=${long}`, `limit=${long}`, `x=${long}`, `${long}=1`]) {
      for (const route of ADMIN_ROUTES) {
        const path = route.path.replace(/\{[a-z]+\}/g, "x");
        const r = await svc.admin(route.method, `${path}?${query}`, route.body);
        const what = `${route.method} ${route.path}?${query.slice(0, 12)}`;
        assert.equal(r.status, 400, `${what}: ${r.status} ${r.text.slice(0, 200)}`);
        assert.equal(r.body.error, "invalid_payload", what);
        assert.equal(typeof r.body.message, "string", what);
        assert.equal((r.body.details as unknown[]).length, 1, what);
      }
    }
    // At the limit a parameter is accepted (and ignored where unknown).
    const fits = await svc.admin("GET", `/sites?x=${"q".repeat(MAX_QUERY_PARAM)}`);
    assert.equal(fits.status, 200, fits.text);
  });
});

Deno.test("every operator route answers 404 or 400, never 500, for ids of 5,000 characters", async () => {
  await withService(async (svc) => {
    for (const id of LONG_IDS) {
      for (const route of ADMIN_ROUTES) {
        const path = route.path.replace(/\{[a-z]+\}/g, id);
        const r = await svc.admin(route.method, path, route.body);
        const what = `${route.method} ${route.path} with ${id.slice(0, 9)}… (${id.length})`;
        if (!route.path.includes("{")) {
          assert.ok(r.status < 500, `${what}: ${r.status}`);
          continue;
        }
        assert.ok([400, 404].includes(r.status), `${what}: ${r.status} ${r.text.slice(0, 200)}`);
        assert.equal(typeof r.body.error, "string", what);
        assert.equal(typeof r.body.message, "string", what);
      }
    }
  });
});

Deno.test("keyed routes and public pages answer 4xx, never 500, for 5,000-character path segments", async () => {
  await withService(async (svc) => {
    const { key } = await seedSite(svc);
    for (const id of LONG_IDS) {
      const render = await svc.api("GET", `forms/render/${id}`, { key });
      assert.ok([400, 404].includes(render.status), `render: ${render.status}`);
      for (const route of KEYED_ROUTES) {
        const r = await svc.api(route.method, `${route.path}/${id}`, { key, body: route.body });
        assert.equal(r.status, 404, `${route.method} ${route.path}/…: ${r.status}`);
      }
      for (const page of ["/u/", "/t/o/", "/t/c/"]) {
        const r = await svc.api("GET", `${page}${id}?u=${"https://x.example/".repeat(200)}`);
        assert.ok([400, 404].includes(r.status), `${page}…: ${r.status}`);
      }
      const post = await svc.api("POST", `/u/${id}`);
      assert.ok([400, 404].includes(post.status), `POST /u/…: ${post.status}`);
    }
  });
});
