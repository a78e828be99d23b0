/** The reference page and its files are served by the service itself, under the page's own CSP. */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { DOCS_CSP } from "../../../routes/public/api_docs.ts";

Deno.test("/docs is served with its own CSP, and its scripts come from this service", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const page = await svc.app.request("/docs");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("content-security-policy"), DOCS_CSP);
    assert.match(DOCS_CSP, /script-src 'self'(;|$)/);
    assert.match(DOCS_CSP, /connect-src 'self'(;|$)/);
    const html = await page.text();
    const scripts = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(scripts, ["/docs/assets/swagger-ui-bundle.js", "/docs/assets/docs.js"]);
    for (const src of [...scripts, "/docs/assets/swagger-ui.css"]) {
      const res = await svc.app.request(src);
      assert.equal(res.status, 200, src);
      assert.ok((await res.text()).length > 100, src);
    }
    assert.equal((await svc.app.request("/docs/assets/nope.js")).status, 404);
    // Other pages keep the strict policy with no scripts.
    const unsub = await svc.app.request("/u/junk");
    assert.doesNotMatch(unsub.headers.get("content-security-policy") ?? "", /script-src/);
  } finally {
    await svc.close();
  }
});

Deno.test("the public document needs no key and allows cross-origin reads", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const res = await svc.app.request("/api/v1/openapi.json");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.equal((await res.json()).openapi, "3.1.0");
  } finally {
    await svc.close();
  }
});

Deno.test("Swagger UI's bundle is served as the package's file, read on first request, twice the same", async () => {
  const file = await Deno.readFile(
    new URL(import.meta.resolve("swagger-ui-dist/swagger-ui-bundle.js")),
  );
  const svc = await startTestService({ runJobs: false });
  try {
    for (let i = 0; i < 2; i++) {
      const res = await svc.app.request("/docs/assets/swagger-ui-bundle.js");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/javascript; charset=utf-8");
      assert.equal(res.headers.get("cache-control"), "public, max-age=86400");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), file);
    }
  } finally {
    await svc.close();
  }
  // A static import would keep it in the HTTP thread's heap from start (3.5 MB).
  const src = await Deno.readTextFile(
    new URL("../../../routes/public/api_docs.ts", import.meta.url),
  );
  assert.doesNotMatch(src, /^import [^\n]*swagger-ui-bundle/m);
});
