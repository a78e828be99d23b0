import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("site settings save name, notification address, From name and tracking; nothing else", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha", `Quote " site`);
    const b = await seedUser(svc, "Bravo", "Bravo site");
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const page = await user.get(`/dashboard/sites/${a.siteId}/settings`);
    assert.match(page.text, /value="Quote &quot; site"/);
    const saved = await user.post(`/dashboard/sites/${a.siteId}/settings`, {
      name: "Renamed",
      default_notify_email: "team@example.org",
      default_from_name: "The Team",
      track_opens: "on",
      account_id: b.accountId,
    });
    assert.equal(saved.status, 200);
    assert.match(saved.text, /Saved\./);
    const site = await svc.admin("GET", `/sites/${a.siteId}`);
    assert.equal(site.body.name, "Renamed");
    assert.equal(site.body.default_notify_email, "team@example.org");
    assert.equal(site.body.default_from_name, "The Team");
    assert.deepEqual(site.body.tracking, { opens: true, clicks: false });
    assert.equal(site.body.account_id, a.accountId, "the account cannot be changed here");

    const bad = await user.post(`/dashboard/sites/${a.siteId}/settings`, {
      name: "Renamed",
      default_notify_email: "not an address",
    });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /role="alert"/);

    assert.equal((await user.get(`/dashboard/sites/${b.siteId}/settings`)).status, 404);
    await user.get(`/dashboard/sites/${a.siteId}/settings`);
    const foreign = await user.post(`/dashboard/sites/${b.siteId}/settings`, { name: "Hijacked" });
    assert.equal(foreign.status, 404);
    assert.equal((await svc.admin("GET", `/sites/${b.siteId}`)).body.name, "Bravo site");
  } finally {
    await svc.close();
  }
});
