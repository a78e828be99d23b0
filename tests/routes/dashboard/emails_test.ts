/** The email log page: cursor paging (not offset), search and status filter, own site only. */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("email log pages by cursor, searches to/subject, filters by status; another account gets 404", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    for (let i = 0; i < 55; i++) {
      const r = await svc.api("POST", "mail/send", {
        key,
        body: {
          to: i === 3 ? `"Zed" <zed-${i}@example.org>` : `buyer-${i}@example.org`,
          subject: i % 20 === 0 ? `Special <b>offer</b> ${i}` : `Order ${i}`,
          text: "Your order has shipped.",
        },
      });
      assert.equal(r.body.sent, true, r.text);
    }
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const base = `/dashboard/sites/${a.siteId}/email-log`;
    const first = await u.get(base);
    assert.equal(first.status, 200);
    const rows = (t: string) => [...t.matchAll(/<tr id="log-([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const page1 = rows(first.text);
    assert.equal(page1.length, 50);
    assert.match(first.text, /Order 54/);
    const older = /href="([^"]*before=[^"]*)" rel="next"/.exec(first.text)?.[1].replaceAll(
      "&amp;",
      "&",
    );
    assert.ok(older);
    assert.match(older!, new RegExp(`before=${page1[49]}`));
    const second = await u.get(older!);
    const page2 = rows(second.text);
    assert.equal(page2.length, 5);
    assert.ok(page2.every((id) => !page1.includes(id)));
    assert.doesNotMatch(second.text, /rel="next"/);
    assert.match(second.text, /Order 1</);

    const found = await u.get(`${base}?q=special`);
    assert.equal(rows(found.text).length, 3);
    assert.match(found.text, /Special &lt;b&gt;offer&lt;\/b&gt; 40/);
    assert.equal(rows((await u.get(`${base}?q=zed-3%40`)).text).length, 1);
    assert.equal(rows((await u.get(`${base}?status=sent`)).text).length, 50);
    assert.equal(rows((await u.get(`${base}?status=failed`)).text).length, 0);

    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.81");
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(base)).status, 404);
    assert.equal((await other.get(`${base}?before=${page1[49]}`)).status, 404);
    assert.doesNotMatch((await other.get(`/dashboard/sites/${b.siteId}/email-log`)).text, /Order/);
  } finally {
    await svc.close();
  }
});

Deno.test("Mark as spam and Not spam on the email log store the mark for the site's own mail only", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    const r = await svc.api("POST", "mail/send", {
      key,
      body: { to: "ann@example.org", subject: "Opening hours", text: "We open at nine." },
    });
    assert.equal(r.body.sent, true, r.text);
    const id = /^<([^@]+)@/.exec(r.body.message_id as string)![1];
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const base = `/dashboard/sites/${a.siteId}/email-log`;
    const page = await u.get(`${base}?status=sent`);
    assert.match(page.text, new RegExp(`id="subject-${id}">Opening hours<`));
    assert.match(page.text, new RegExp(`aria-describedby="subject-${id}"\\s*>Mark as spam`));
    const spam = await u.post(`${base}/${id}/mark/spam`, { back: "?status=sent" });
    assert.equal(spam.status, 303);
    assert.equal(spam.location, `${base}?status=sent#log-${id}`);
    assert.equal((await svc.admin("GET", `/emails/${id}`)).body.mark, "spam");
    assert.match((await u.get(base)).text, /marked spam/);
    // An odd "back" is not followed anywhere else.
    const ham = await u.post(`${base}/${id}/mark/ham`, { back: "//evil.example/" });
    assert.equal(ham.location, `${base}#log-${id}`);
    assert.equal((await svc.admin("GET", `/emails/${id}`)).body.mark, "ham");

    // Another account's user cannot mark it, under either site's URL.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.82");
    await other.signIn(b.email, b.password);
    await other.get(`/dashboard/sites/${b.siteId}/email-log`);
    for (const site of [a.siteId, b.siteId]) {
      const x = await other.post(`/dashboard/sites/${site}/email-log/${id}/mark/spam`);
      assert.equal(x.status, 404);
    }
    assert.equal((await svc.admin("GET", `/emails/${id}`)).body.mark, "ham");
  } finally {
    await svc.close();
  }
});

Deno.test("the email log marks account mail beside its source", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    for (const account_mail of [true, false]) {
      const r = await svc.api("POST", "mail/send", {
        key,
        body: {
          to: "ann@example.org",
          subject: account_mail ? "Password reset" : "Newsletter",
          text: "Hello.",
          account_mail,
        },
      });
      assert.equal(r.body.sent, true, r.text);
    }
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const page = (await u.get(`/dashboard/sites/${a.siteId}/email-log`)).text;
    const row = (subject: string) =>
      [...page.matchAll(/<tr id="log-[^"]+">([\s\S]*?)<\/tr>/g)].find((m) =>
        m[1].includes(subject)
      )![1];
    assert.match(row("Password reset"), /api \(account mail\)/);
    assert.doesNotMatch(row("Newsletter"), /account mail/);
  } finally {
    await svc.close();
  }
});
