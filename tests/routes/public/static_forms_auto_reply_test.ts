/** The auto-reply of a static site's form endpoint, with a loopback SMTP server as the relay. */
import assert from "node:assert/strict";
import { seedSite, stillTrueFor } from "../../helpers/service.ts";
import { eventsOf, withMail } from "../../helpers/forms.ts";
import { createEndpoint, postDoor, urlencoded } from "../../helpers/static_forms.ts";

const JSON_ACCEPT = { accept: "application/json" };

const AUTO_REPLY = {
  enabled: true,
  subject: "Thanks {name}, {form_name}",
  body: "<p>Hello {name} &lt;{email}&gt;, about {field:topic}: {site_name} ({site_domain}).</p>",
  from_name: "Luna Desk",
};

Deno.test("an endpoint's auto-reply goes to the visitor's email field, placeholders filled and escaped", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, domain, accountId } = await seedSite(svc, {
      site: { name: "Luna & Sons" },
    });
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Bookings",
      slug: "bookings",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
    });
    const e = await createEndpoint(svc, siteId, { form: "bookings", auto_reply: AUTO_REPLY });
    const view = await svc.admin("GET", `/sites/${siteId}/form-endpoints`);
    assert.deepEqual((view.body.items as { auto_reply: unknown }[])[0].auto_reply, AUTO_REPLY);

    const r = await postDoor(
      svc,
      e.id,
      urlencoded({
        name: "Ann <b>Lee</b>",
        email: "ann@example.org",
        topic: "<script>alert(1)</script> two tables",
        message: "A table for two on Friday evening, please.",
      }),
      JSON_ACCEPT,
    );
    assert.deepEqual([r.status, r.body], [200, { ok: true }]);
    const got = await smtp.waitFor(2);
    const notification = got.find((m) => m.rcptTo.includes("owner@example.com"));
    const reply = got.find((m) => m.rcptTo.includes("ann@example.org"));
    assert.ok(notification, "the notification");
    assert.ok(reply, "the auto-reply");
    assert.deepEqual(reply.rcptTo, ["ann@example.org"]);
    const mail = await reply.parse();
    // The subject is a header: values go in as text, nothing can add a header.
    assert.equal(mail.subject, "Thanks Ann <b>Lee</b>, Bookings");
    assert.equal(mail.from?.value[0].name, "Luna Desk");
    assert.equal(mail.replyTo?.value[0].address, "owner@example.com");
    const html = String(mail.html);
    assert.ok(html.includes("Hello Ann &lt;b&gt;Lee&lt;/b&gt; &lt;ann@example.org&gt;"), html);
    assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt; two tables"), html);
    assert.ok(html.includes(`Luna &amp; Sons (${domain})`), html);
    assert.ok(!html.includes("<script>") && !html.includes("<b>Lee"), html);
    await stillTrueFor(200, () => smtp.messages.length === 2, "no third mail");
  });
});

Deno.test("an endpoint without an auto-reply, or with it off, sends only the notification", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId } = await seedSite(svc);
    const none = await createEndpoint(svc, siteId);
    const off = await createEndpoint(svc, siteId, {
      auto_reply: { ...AUTO_REPLY, enabled: false },
    });
    const body = () => urlencoded({ email: "ann@example.org", message: "A question about cakes." });
    assert.equal((await postDoor(svc, none.id, body(), JSON_ACCEPT)).status, 200);
    assert.equal((await postDoor(svc, off.id, body(), JSON_ACCEPT)).status, 200);
    const got = await smtp.waitFor(2);
    assert.deepEqual(got.map((m) => m.rcptTo), [["owner@example.com"], ["owner@example.com"]]);
    await stillTrueFor(200, () => smtp.messages.length === 2, "no auto-reply");
  });
});

Deno.test("spam and a filled honeypot send neither the notification nor the auto-reply", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId, { auto_reply: AUTO_REPLY });
    const hp = await postDoor(
      svc,
      e.id,
      urlencoded({
        name: "Ann",
        email: "ann@example.org",
        message: "Hello, a question.",
        _gotcha: "http://spam.example",
      }),
      JSON_ACCEPT,
    );
    assert.deepEqual([hp.status, hp.body], [200, { ok: true }]);
    const spam = await postDoor(
      svc,
      e.id,
      urlencoded({
        name: "Robertlex",
        email: "robertlex@mailinator.com",
        message: "Buy viagra cialis online pharmacy http://pharma.top http://pharma.top/a",
      }),
      JSON_ACCEPT,
    );
    assert.deepEqual([spam.status, spam.body], [200, { ok: true }]);
    assert.deepEqual((await eventsOf(svc, siteId)).map((x) => x.type), ["form.spam", "form.spam"]);
    await stillTrueFor(300, () => smtp.messages.length === 0, "no mail for spam");
  });
});

Deno.test("no auto-reply to a suppressed address; the notification still goes", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId, { auto_reply: AUTO_REPLY });
    const s = await svc.admin("POST", "/suppressions", {
      email: "gone@example.org",
      reason: "manual",
    });
    assert.equal(s.status, 201, s.text);
    const r = await postDoor(
      svc,
      e.id,
      urlencoded({ email: "gone@example.org", message: "A question about cakes." }),
      JSON_ACCEPT,
    );
    assert.equal(r.status, 200);
    const [only] = await smtp.waitFor(1);
    assert.deepEqual(only.rcptTo, ["owner@example.com"]);
    await stillTrueFor(200, () => smtp.messages.length === 1, "no auto-reply");
  });
});

Deno.test("an invalid auto_reply is the operator API's validation error naming the field", async () => {
  await withMail(async (svc) => {
    const { siteId } = await seedSite(svc);
    const cases: [unknown, string][] = [
      [{ enabled: "yes" }, "auto_reply.enabled"],
      [{ enabled: true, subject: "x".repeat(201) }, "auto_reply.subject"],
      [{ enabled: true, body: "x".repeat(20_001) }, "auto_reply.body"],
      [{ enabled: true, from_name: 5 }, "auto_reply.from_name"],
      ["on", "auto_reply"],
    ];
    for (const [auto_reply, field] of cases) {
      const r = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, { auto_reply });
      assert.equal(r.status, 400, field);
      assert.equal(r.body.error, "invalid_payload");
      assert.deepEqual((r.body.details as { field: string }[]).map((d) => d.field), [field]);
    }
    const list = await svc.admin("GET", `/sites/${siteId}/form-endpoints`);
    assert.deepEqual(list.body.items, [], "nothing stored");
  });
});

Deno.test("PATCH sets, changes and removes an endpoint's auto-reply; other sites' endpoints are not found", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId } = await seedSite(svc);
    const other = await seedSite(svc);
    const e = await createEndpoint(svc, siteId);
    const path = `/sites/${siteId}/form-endpoints/${e.id}`;
    const set = await svc.admin("PATCH", path, {
      auto_reply: { enabled: true, subject: "Hi {name}" },
    });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.auto_reply, {
      enabled: true,
      subject: "Hi {name}",
      body: null,
      from_name: null,
    });
    const bad = await svc.admin("PATCH", path, { auto_reply: { subject: 3 } });
    assert.deepEqual([bad.status, (bad.body.details as { field: string }[])[0].field], [
      400,
      "auto_reply.subject",
    ]);
    const foreign = await svc.admin(
      "PATCH",
      `/sites/${other.siteId}/form-endpoints/${e.id}`,
      { auto_reply: null },
    );
    assert.equal(foreign.status, 404);

    const body = () =>
      urlencoded({ name: "Ann", email: "ann@example.org", message: "Hello there." });
    assert.equal((await postDoor(svc, e.id, body(), JSON_ACCEPT)).status, 200);
    const got = await smtp.waitFor(2);
    const reply = got.find((m) => m.rcptTo.includes("ann@example.org"));
    assert.equal((await reply!.parse()).subject, "Hi Ann");

    const removed = await svc.admin("PATCH", path, { auto_reply: null });
    assert.deepEqual([removed.status, removed.body.auto_reply], [200, null]);
    assert.equal((await postDoor(svc, e.id, body(), JSON_ACCEPT)).status, 200);
    await smtp.waitFor(3);
    await stillTrueFor(200, () => smtp.messages.length === 3, "no auto-reply after removal");
  });
});
