import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("a user of account A gets 404 for every dashboard URL of account B's objects and sees none of B's data", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha", "Alpha site");
    const b = await seedUser(svc, "Bravo", "Bravo secret site");
    const bKey = await svc.admin("POST", `/sites/${b.siteId}/api-keys`);
    const aKey = await svc.admin("POST", `/sites/${a.siteId}/api-keys`);
    const bDomain = await svc.admin("POST", `/sites/${b.siteId}/sending-domains`, {
      domain: "bravo-mail.example.org",
      from_address: "hi@bravo-mail.example.org",
    });
    const aDomain = await svc.admin("POST", `/sites/${a.siteId}/sending-domains`, {
      domain: "alpha-mail.example.org",
      from_address: "hi@alpha-mail.example.org",
    });
    assert.equal(bDomain.status, 201);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);

    // A's own URLs work...
    const aUrls = {
      site: `/dashboard/sites/${a.siteId}`,
      domains: `/dashboard/sites/${a.siteId}/sending-domains`,
    };
    const aPosts = [
      `/dashboard/sites/${a.siteId}/api-keys`,
      `/dashboard/sites/${a.siteId}/api-keys/${aKey.body.id}/rotate`,
      `/dashboard/sites/${a.siteId}/sending-domains/${aDomain.body.id}/verify`,
    ];
    const pages: string[] = [];
    for (const url of Object.values(aUrls)) {
      const p = await user.get(url);
      assert.equal(p.status, 200, url);
      pages.push(p.text);
    }
    pages.push((await user.get("/dashboard/")).text);
    // ...and with B's ids swapped in, each answers 404 and changes nothing.
    const swap = (u: string) =>
      u.replaceAll(a.siteId, b.siteId).replaceAll(aKey.body.id as string, bKey.body.id as string)
        .replaceAll(aDomain.body.id as string, bDomain.body.id as string);
    for (const url of Object.values(aUrls)) {
      const p = await user.get(swap(url));
      assert.equal(p.status, 404, swap(url));
      pages.push(p.text);
    }
    for (const url of aPosts) {
      await user.get(aUrls.site);
      const p = await user.post(swap(url));
      assert.equal(p.status, 404, swap(url));
      pages.push(p.text);
    }
    // B's key through A's site URL is not A's either.
    await user.get(aUrls.site);
    assert.equal(
      (await user.post(`/dashboard/sites/${a.siteId}/api-keys/${bKey.body.id}/revoke`)).status,
      404,
    );
    await user.get(aUrls.site);
    assert.equal(
      (await user.post(`/dashboard/sites/${a.siteId}/sending-domains/${bDomain.body.id}/verify`))
        .status,
      404,
    );
    // A user cannot switch to another account.
    await user.get("/dashboard/");
    await user.post("/dashboard/account", { account_id: b.accountId });
    pages.push((await user.get("/dashboard/")).text);

    const bKeys = await svc.admin("GET", `/sites/${b.siteId}/api-keys`);
    assert.equal((bKeys.body.items as unknown[]).length, 1, "no key made on B");
    assert.equal((bKeys.body.items as { revoked_at: unknown }[])[0].revoked_at, null);
    const bSd = await svc.admin("GET", `/sending-domains/${bDomain.body.id}`);
    assert.equal(bSd.body.last_checked_at ?? null, null, "B's domain was not checked");
    const all = pages.join("\n");
    for (const secret of ["Bravo", b.siteId, "bravo-mail.example.org", bKey.body.id as string]) {
      assert.equal(all.includes(secret), false, `B's ${secret} leaked`);
    }
  } finally {
    await svc.close();
  }
});

Deno.test("a site named with markup is shown as text, never as markup", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)> "quoted" 'single'`;
    const a = await seedUser(svc, `<b>Acct</b>`, evil);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    for (const url of ["/dashboard/", `/dashboard/sites/${a.siteId}`]) {
      const p = await user.get(url);
      assert.equal(p.status, 200);
      assert.equal(p.text.includes("<script>alert"), false, url);
      assert.equal(p.text.includes("<img src=x"), false, url);
      assert.match(p.text, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
    }
    // A sign-in form echoes the typed address, escaped inside the attribute.
    const out = new Browser(svc);
    const wrong = await out.signIn(`"><script>alert(1)</script>@x.example`, "wrong password!!");
    assert.equal(wrong.text.includes(`"><script>`), false);
  } finally {
    await svc.close();
  }
});
