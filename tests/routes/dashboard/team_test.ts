/** Invitations from the UI: the link shown once works once; withdraw; remove a user; own account only. */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, ORIGIN, seedUser } from "./browser.ts";

Deno.test("a user invites by email from the Team page: the link is shown once and signs the new user in", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const team = await u.get("/dashboard/team");
    assert.equal(team.status, 200);
    assert.match(team.text, new RegExp(`${a.email.replace(".", "\\.")}</span><small>\\(you\\)`));
    assert.match(team.text, /<label for="inv-email">/);
    const made = await u.post("/dashboard/team/invitations", { email: "Bob@Example.com" });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.headers.get("cache-control"), "no-store");
    const link = /<code id="invite-link">([^<]+)<\/code>/.exec(made.text)?.[1];
    assert.ok(link);
    assert.doesNotMatch((await u.get("/dashboard/team")).text, /invite-link/);
    assert.match(u.last, /bob@example\.com/);

    const path = new URL(link!).pathname;
    const bob = new Browser(svc, "192.0.2.91");
    assert.equal((await bob.get(path)).status, 200);
    const set = await bob.request("POST", path, {
      form: { password: "bob's new password" },
      headers: { origin: ORIGIN },
    });
    assert.equal(set.status, 303);
    assert.equal((await bob.get(`/dashboard/sites/${a.siteId}`)).status, 200);

    // A second invitation withdrawn: its link no longer works.
    await u.get("/dashboard/team");
    const second = await u.post("/dashboard/team/invitations", { email: "carol@example.com" });
    const carolLink = /<code id="invite-link">([^<]+)<\/code>/.exec(second.text)![1];
    const invs = await svc.admin("GET", `/accounts/${a.accountId}/invitations`);
    const carol = (invs.body.items as { id: string; email: string }[])
      .find((i) => i.email === "carol@example.com")!;
    // Another account's user cannot withdraw it.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.92");
    await other.signIn(b.email, b.password);
    await other.get("/dashboard/team");
    assert.doesNotMatch(other.last, /carol|bob@/);
    assert.equal(
      (await other.post(`/dashboard/team/invitations/${carol.id}/remove`)).status,
      404,
    );
    await u.get("/dashboard/team");
    assert.equal((await u.post(`/dashboard/team/invitations/${carol.id}/remove`)).status, 303);
    assert.equal((await new Browser(svc).get(new URL(carolLink).pathname)).status, 404);

    // Removing Bob ends his session; nobody removes themselves.
    const users = await svc.admin("GET", `/accounts/${a.accountId}/users`);
    const list = users.body.items as { id: string; email: string }[];
    const bobId = list.find((x) => x.email === "bob@example.com")!.id;
    const meId = list.find((x) => x.email === a.email)!.id;
    await other.get("/dashboard/team");
    assert.equal((await other.post(`/dashboard/team/users/${bobId}/remove`)).status, 404);
    await u.get("/dashboard/team");
    assert.equal((await u.post(`/dashboard/team/users/${meId}/remove`)).status, 404);
    await u.get("/dashboard/team");
    assert.equal((await u.post(`/dashboard/team/users/${bobId}/remove`)).status, 303);
    assert.equal((await bob.get(`/dashboard/sites/${a.siteId}`)).status, 303);
  } finally {
    await svc.close();
  }
});
