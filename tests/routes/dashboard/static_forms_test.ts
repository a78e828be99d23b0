import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { multipart, png, postDoor } from "../../helpers/static_forms.ts";
import { Browser, seedUser } from "./browser.ts";

function decodeHtml(s: string): string {
  return s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

Deno.test("the dashboard creates an endpoint, shows its snippet, lists and serves a submission's files", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    await svc.admin("POST", `/accounts/${a.accountId}/forms`, {
      name: "Quote",
      slug: "quote",
      fields: [
        { name: "email", label: "Your <email>", type: "email", required: true },
        { name: "topic", label: "Topic", type: "select", options: ["Sales", "Support"] },
      ],
      settings: { submit_label: "Ask" },
    });
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const page = await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    assert.equal(page.status, 200);
    assert.match(page.text, /No form endpoints yet/);
    const bad = await user.post(`/dashboard/sites/${a.siteId}/static-forms`, {
      form: "quote",
      redirect_url: "https://evil.example.net/",
    });
    assert.equal(bad.status, 400);
    await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    const made = await user.post(`/dashboard/sites/${a.siteId}/static-forms`, {
      form: "quote",
      allowed_origins: "https://www.example.org",
    });
    assert.equal(made.status, 303);
    const shown = await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    const snippet = decodeHtml(
      /<textarea[^>]*class="snippet"[^>]*>([\s\S]*?)<\/textarea>/.exec(
        shown.text,
      )![1],
    );
    const id = /\/f\/([0-9a-f-]{36})"/.exec(snippet)![1];
    assert.match(
      snippet,
      /<label>Your &lt;email&gt;<br><input type="email" name="email" required>/,
    );
    assert.match(snippet, /<option value="Support">Support<\/option>/);
    assert.match(snippet, /name="_gotcha"/);
    assert.match(snippet, /class="cf-turnstile" data-sitekey="/);
    assert.match(snippet, /<button type="submit">Ask<\/button>/);

    // A post with a file, then the submission page lists it and the dashboard serves it.
    const bytes = png(1000);
    const r = await postDoor(
      svc,
      id,
      multipart({ email: "ann@example.org", topic: "Sales" }, [
        { field: "attachment", name: "plan.png", bytes },
      ]),
      { accept: "application/json" },
    );
    assert.deepEqual([r.status, r.body], [200, { ok: true }]);
    const list = await svc.admin("GET", `/sites/${a.siteId}/submissions`);
    const sub = (list.body.items as { id: string }[])[0];
    const detail = await user.get(`/dashboard/sites/${a.siteId}/submissions/${sub.id}`);
    assert.match(detail.text, /<ul id="files">/);
    const file = await user.get(`/dashboard/sites/${a.siteId}/submissions/${sub.id}/files/0`);
    assert.equal(file.status, 200);
    assert.match(file.headers.get("content-disposition") ?? "", /^attachment; filename="plan.png"/);

    // Another account's user sees none of it.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc);
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(`/dashboard/sites/${a.siteId}/static-forms`)).status, 404);
    assert.equal(
      (await other.get(`/dashboard/sites/${a.siteId}/submissions/${sub.id}/files/0`)).status,
      404,
    );
    assert.equal(
      (await other.get(`/dashboard/sites/${b.siteId}/submissions/${sub.id}/files/0`)).status,
      404,
    );

    await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    const del = await user.post(`/dashboard/sites/${a.siteId}/static-forms/${id}/delete`);
    assert.equal(del.status, 303);
    assert.match(
      (await user.get(`/dashboard/sites/${a.siteId}/static-forms`)).text,
      /No form endpoints yet/,
    );
  } finally {
    await svc.close();
  }
});

Deno.test("the dashboard sets an endpoint's auto-reply and shows its values escaped", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    const made = await user.post(`/dashboard/sites/${a.siteId}/static-forms`, {
      auto_reply_enabled: "on",
      auto_reply_subject: `Thanks {name} <img src=x onerror=alert(1)>`,
      auto_reply_body: `</textarea><script>alert(2)</script>`,
      auto_reply_from_name: `Desk "A"`,
    });
    assert.equal(made.status, 303);
    const list = await svc.admin("GET", `/sites/${a.siteId}/form-endpoints`);
    const [e] = list.body.items as { id: string; auto_reply: unknown }[];
    assert.deepEqual(e.auto_reply, {
      enabled: true,
      subject: `Thanks {name} <img src=x onerror=alert(1)>`,
      body: `</textarea><script>alert(2)</script>`,
      from_name: `Desk "A"`,
    });
    const shown = (await user.get(`/dashboard/sites/${a.siteId}/static-forms`)).text;
    assert.ok(shown.includes("Auto-reply: on"));
    assert.ok(shown.includes("&lt;img src=x onerror=alert(1)&gt;"));
    assert.ok(shown.includes("&lt;/textarea&gt;&lt;script&gt;alert(2)&lt;/script&gt;"));
    assert.ok(!shown.includes("<img src=x") && !shown.includes("<script>alert(2)"));

    // Too long a subject is refused on the page, nothing changes.
    const bad = await user.post(`/dashboard/sites/${a.siteId}/static-forms/${e.id}/auto-reply`, {
      auto_reply_enabled: "on",
      auto_reply_subject: "x".repeat(201),
    });
    assert.equal(bad.status, 400);
    await user.get(`/dashboard/sites/${a.siteId}/static-forms`);
    // Unticked and emptied: the auto-reply is removed.
    const off = await user.post(`/dashboard/sites/${a.siteId}/static-forms/${e.id}/auto-reply`, {});
    assert.equal(off.status, 303);
    const after = await svc.admin("GET", `/sites/${a.siteId}/form-endpoints`);
    assert.equal((after.body.items as { auto_reply: unknown }[])[0].auto_reply, null);
    assert.ok((await user.get(`/dashboard/sites/${a.siteId}/static-forms`)).text.includes(
      "Auto-reply: off",
    ));
  } finally {
    await svc.close();
  }
});
