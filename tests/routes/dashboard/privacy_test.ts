/**
 * The dashboard's delete buttons (a submission, an email log record, a site)
 * delete only with the confirmation ticked, and the Data page sets the site's
 * retention_days.
 */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("deleting a submission or a site asks for the tick; with it the record is gone", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const k = await svc.admin("POST", `/sites/${a.siteId}/api-keys`);
    const sub = await svc.api("POST", "forms/submit", {
      key: k.body.api_key as string,
      body: { form_id: 1, fields: { email: "ann@example.org", message: "Hello there" } },
    });
    const id = sub.body.id as string;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const detail = await user.get(`/dashboard/sites/${a.siteId}/submissions/${id}`);
    assert.match(detail.text, /name="confirm" required/);
    const url = `/dashboard/sites/${a.siteId}/submissions/${id}/delete`;
    assert.equal((await user.post(url)).status, 303);
    assert.equal((await svc.admin("GET", `/submissions/${id}`)).status, 200, "no tick: kept");
    await user.get(`/dashboard/sites/${a.siteId}/submissions/${id}`);
    assert.equal((await user.post(url, { confirm: "on" })).status, 303);
    assert.equal((await svc.admin("GET", `/submissions/${id}`)).status, 404);

    // Another account's user cannot reach it; only the operator deletes a site.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc);
    await other.signIn(b.email, b.password);
    await other.get(`/dashboard/sites/${b.siteId}/data`);
    assert.equal(
      (await other.post(`/dashboard/sites/${a.siteId}/delete`, { confirm: "on" })).status,
      404,
    );
    assert.equal(
      (await other.post(`/dashboard/sites/${b.siteId}/delete`, { confirm: "on" })).status,
      404,
      "a site's users do not delete it",
    );
    const op = new Browser(svc);
    await op.get("/dashboard/operator");
    await op.request("POST", "/dashboard/operator", { form: { token: svc.ctx.config.adminToken } });
    const data = await op.get(`/dashboard/sites/${b.siteId}/data`);
    assert.match(data.text, /Delete this site/);
    assert.equal((await op.post(`/dashboard/sites/${b.siteId}/delete`)).status, 400);
    assert.equal((await svc.admin("GET", `/sites/${b.siteId}`)).status, 200);
    await op.get(`/dashboard/sites/${b.siteId}/data`);
    assert.equal(
      (await op.post(`/dashboard/sites/${b.siteId}/delete`, { confirm: "on" })).status,
      303,
    );
    assert.equal((await svc.admin("GET", `/sites/${b.siteId}`)).status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("the Data page sets and clears the site's retention_days, and refuses a bad value", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const base = `/dashboard/sites/${a.siteId}`;
    await user.get(`${base}/data`);
    assert.equal((await user.post(`${base}/retention`, { retention_days: "90" })).status, 303);
    assert.equal((await svc.admin("GET", `/sites/${a.siteId}`)).body.retention_days, 90);
    const page = await user.get(`${base}/data`);
    assert.match(page.text, /older than 90 days/);
    assert.equal((await user.post(`${base}/retention`, { retention_days: "0" })).status, 400);
    await user.get(`${base}/data`);
    assert.equal((await user.post(`${base}/retention`, { retention_days: "" })).status, 303);
    assert.equal((await svc.admin("GET", `/sites/${a.siteId}`)).body.retention_days, null);
  } finally {
    await svc.close();
  }
});
