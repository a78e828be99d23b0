import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("a site's unsubscribes: add, search, remove; another account's are not reachable", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const b = await seedUser(svc, "Bravo");
    await svc.admin("POST", `/sites/${b.siteId}/unsubscribes`, { email: "bravo-only@example.org" });
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const base = `/dashboard/sites/${a.siteId}/unsubscribes`;
    for (const email of ["Ann@Example.org", "bob@example.net"]) {
      await user.get(base);
      assert.equal((await user.post(base, { email })).status, 303);
    }
    const all = await user.get(base);
    assert.match(all.text, /ann@example\.org/);
    assert.match(all.text, /bob@example\.net/);
    assert.equal(all.text.includes("bravo-only"), false);
    const found = await user.get(`${base}?q=ANN`);
    assert.match(found.text, /ann@example\.org/);
    assert.doesNotMatch(found.text, /bob@example\.net/);
    await user.get(base);
    assert.equal((await user.post(`${base}/remove`, { email: "ann@example.org" })).status, 303);
    const listed = await svc.admin("GET", `/sites/${a.siteId}/unsubscribes`);
    assert.deepEqual((listed.body.items as { email: string }[]).map((u) => u.email), [
      "bob@example.net",
    ]);
    await user.get(base);
    assert.equal((await user.post(base, { email: "not an address" })).status, 400);

    const foreign = `/dashboard/sites/${b.siteId}/unsubscribes`;
    assert.equal((await user.get(foreign)).status, 404);
    await user.get(base);
    assert.equal(
      (await user.post(`${foreign}/remove`, { email: "bravo-only@example.org" })).status,
      404,
    );
    const bList = await svc.admin("GET", `/sites/${b.siteId}/unsubscribes`);
    assert.equal((bList.body.items as unknown[]).length, 1);
  } finally {
    await svc.close();
  }
});
