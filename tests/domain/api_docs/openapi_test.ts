/**
 * The OpenAPI documents are valid OpenAPI 3.1 by two validators (the schema
 * check of @seriousme/openapi-schema-validator, and @readme/openapi-parser,
 * which also checks what the schema cannot: every `{name}` of a path declared
 * as a path parameter, unique operationIds, component names) and list exactly the routes the app serves under /api/v1 and /admin/api/v1.
 */
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { compileErrors, validate as strictValidate } from "@readme/openapi-parser";
import { startTestService } from "../../helpers/service.ts";
import { ADMIN_ROUTES, KEYED_ROUTES } from "../../helpers/routes.ts";
import { EVENT_TYPES } from "../../../domain/webhooks/events.ts";

type Doc = { paths: Record<string, Record<string, unknown>>; webhooks?: Record<string, unknown> };

async function documents() {
  const svc = await startTestService({ runJobs: false });
  try {
    const pub = await svc.app.request("/api/v1/openapi.json");
    const admin = await svc.admin("GET", "/openapi.json");
    const routes = svc.app.routes.filter((r) => r.method !== "ALL").map((r) => ({
      method: r.method.toLowerCase(),
      path: r.path,
    }));
    return {
      pub: await pub.json() as Doc,
      pubStatus: pub.status,
      admin: admin.body as Doc,
      routes,
    };
  } finally {
    await svc.close();
  }
}

/** `method path` pairs of a document, paths as Hono writes them (`:param`). */
function docRoutes(doc: Doc, prefix: string): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      out.add(`${method} ${prefix}${path.replace(/\{[^}]+\}/g, ":p")}`);
    }
  }
  return out;
}

function appRoutes(routes: { method: string; path: string }[], prefix: string): Set<string> {
  return new Set(
    routes.filter((r) => r.path.startsWith(prefix + "/"))
      // The empty-slug guard of forms/render answers invalid_slug; it is the same operation.
      .filter((r) => r.path !== "/api/v1/forms/render/")
      .map((r) => `${r.method} ${r.path.replace(/:[^/]+/g, ":p")}`),
  );
}

async function validate(doc: unknown) {
  const v = new Validator();
  const res = await v.validate(doc as Record<string, unknown>);
  assert(res.valid, JSON.stringify(res.errors, null, 1)?.slice(0, 3000));
  assert.deepEqual(v.version, "3.1");
}

Deno.test("both OpenAPI documents are valid OpenAPI 3.1", async () => {
  const { pub, pubStatus, admin } = await documents();
  assert.deepEqual(pubStatus, 200);
  await validate(pub);
  await validate(admin);
});

Deno.test("both OpenAPI documents pass the strict validator (path parameters declared)", async () => {
  const { pub, admin } = await documents();
  for (const [name, doc] of [["public", pub], ["operator", admin]] as const) {
    // The parser dereferences in place: give it a copy.
    const res = await strictValidate(structuredClone(doc) as never);
    assert.ok(res.valid, `${name}: ${res.valid ? "" : compileErrors(res)}`);
  }
});

Deno.test("the public document lists exactly the app's /api/v1 routes", async () => {
  const { pub, routes } = await documents();
  const inDoc = docRoutes(pub, "/api/v1");
  const inApp = appRoutes(routes, "/api/v1");
  assert.deepEqual([...inApp].filter((r) => !inDoc.has(r)), [], "routes missing from the document");
  assert.deepEqual([...inDoc].filter((r) => !inApp.has(r)), [], "documented routes the app lacks");
  // And every keyed route of the cross-cutting tests is in it.
  for (const r of KEYED_ROUTES) {
    const path = "/api/v1/" + r.path.replace(/render\/contact$/, "render/:p");
    assert(inDoc.has(`${r.method.toLowerCase()} ${path}`), `${r.method} ${r.path}`);
  }
});

Deno.test("the operator document lists exactly the app's /admin/api/v1 routes", async () => {
  const { admin, routes } = await documents();
  const inDoc = docRoutes(admin, "/admin/api/v1");
  const inApp = appRoutes(routes, "/admin/api/v1");
  assert.deepEqual([...inApp].filter((r) => !inDoc.has(r)), [], "routes missing from the document");
  assert.deepEqual([...inDoc].filter((r) => !inApp.has(r)), [], "documented routes the app lacks");
  for (const r of ADMIN_ROUTES) {
    // A route's query (`?email=...`) is not part of its documented path.
    const path = "/admin/api/v1" + r.path.split("?")[0].replace(/\{[^}]+\}/g, ":p");
    assert(inDoc.has(`${r.method.toLowerCase()} ${path}`), `${r.method} ${r.path}`);
  }
});

Deno.test("every event type is a webhook definition of the public document", async () => {
  const { pub } = await documents();
  assert.deepEqual(Object.keys(pub.webhooks ?? {}).sort(), [...EVENT_TYPES].sort());
});

Deno.test("the operator document needs the operator token", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const res = await svc.admin("GET", "/openapi.json", undefined, { token: "wrong" });
    assert.deepEqual(res.status, 401);
    assert.deepEqual(res.body.error, "unauthorized");
  } finally {
    await svc.close();
  }
});
