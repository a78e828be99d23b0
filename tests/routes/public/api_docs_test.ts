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
