/**
 * The request metrics' route labels are cached per route shape (the router's
 * match array): the same labels as reading every matched route per request,
 * for repeated requests, other statuses and methods of one route, 404 and 405.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService } from "../helpers/service.ts";
import { LABELS_CACHED } from "../../routes/observe.ts";

Deno.test("route labels are cached per route shape with this Hono", () => {
  // Fails when a Hono upgrade hides the match: the middleware then reads matchedRoutes per request.
  assert.equal(LABELS_CACHED, true);
});

Deno.test("cached route labels: each request counted under its pattern, method and status", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const site = await seedSite(svc);
    for (let i = 0; i < 3; i++) {
      assert.equal((await svc.api("GET", "sites/captcha", { key: site.key })).status, 200);
    }
    assert.equal((await svc.api("GET", "sites/captcha", { key: "svc_live_nope" })).status, 401);
    await (await svc.app.request("/api/v1/sites/captcha", { method: "HEAD" })).text();
    await (await svc.app.request("/no/such/path")).text();
    await (await svc.app.request("/healthz", { method: "DELETE" })).text();
    await (await svc.app.request("/dashboard/templates/x/preview")).text();
    const text = svc.ctx.metrics.render();
    const count = (labels: string) => {
      const m = new RegExp(
        `^svc_http_requests_total\\{${labels.replace(/[/\\]/g, "\\$&")}\\} (\\d+)$`,
        "m",
      ).exec(text);
      return m ? Number(m[1]) : 0;
    };
    assert.equal(count('route="/api/v1/sites/captcha",method="GET",status="200"'), 3, text);
    assert.equal(count('route="/api/v1/sites/captcha",method="GET",status="401"'), 1, text);
    assert.equal(count('route="/api/v1/sites/captcha",method="HEAD",status="401"'), 1, text);
    assert.equal(count('route="unmatched",method="GET",status="404"'), 1, text);
    assert.equal(count('route="/healthz",method="DELETE",status="405"'), 0, text);
    assert.equal(count('route="unmatched",method="DELETE",status="405"'), 1, text);
    assert.equal(
      count('route="/dashboard/templates/:id/:sub",method="GET",status="302"') +
        count('route="/dashboard/templates/:id/:sub",method="GET",status="303"'),
      1,
      text,
    );
    assert.match(
      text,
      /^svc_http_request_duration_seconds_count\{route="\/api\/v1\/sites\/captcha"\} 5$/m,
    );
  } finally {
    await svc.close();
  }
});
