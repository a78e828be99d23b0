import assert from "node:assert/strict";
import { seedSite, stillTrueFor } from "../../helpers/service.ts";
import { eventsOf, startFormsService, withMail } from "../../helpers/forms.ts";
import { createEndpoint, postDoor, urlencoded } from "../../helpers/static_forms.ts";
import { getSubmission } from "../../../domain/forms/submissions_store.ts";

const JSON_ACCEPT = { accept: "application/json" };

Deno.test("operator API creates, lists and deletes a site's form endpoints", async () => {
  await withMail(async (svc) => {
    const { siteId, domain, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
    });
    const r = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, {
      form: "contact",
      redirect_url: `https://www.${domain}/thanks`,
      allowed_origins: [`https://${domain}`],
    });
    assert.equal(r.status, 201);
    const id = r.body.id as string;
    assert.equal(r.body.url, `${svc.ctx.config.SVC_BASE_URL.replace(/\/$/, "")}/f/${id}`);
    assert.equal(r.body.form, "contact");

    const list = await svc.admin("GET", `/sites/${siteId}/form-endpoints`);
    assert.deepEqual((list.body.items as { id: string }[]).map((e) => e.id), [id]);

    const bad = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, { form: "nope" });
    assert.equal(bad.status, 400);
    assert.equal((bad.body.details as { field: string }[])[0].field, "form");

    const del = await svc.admin("DELETE", `/sites/${siteId}/form-endpoints/${id}`);
    assert.equal(del.status, 204);
    assert.equal((await svc.admin("DELETE", `/sites/${siteId}/form-endpoints/${id}`)).status, 404);
    assert.equal((await postDoor(svc, id, urlencoded({ a: "b" }))).status, 404);
  });
});

Deno.test("redirect_url off the site's domain is refused (no open redirect)", async () => {
  await withMail(async (svc) => {
    const { siteId, domain } = await seedSite(svc);
    for (
      const url of [
        "https://evil.example.net/",
        `https://${domain}.evil.net/`,
        `https://${domain}@evil.net/`,
        `https://evil${domain}/`,
        `javascript://${domain}/%0aalert(1)`,
      ]
    ) {
      const r = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, { redirect_url: url });
      assert.equal(r.status, 400, url);
    }
    for (const url of [`https://${domain}/thanks`, `http://a.b.${domain}/x?y=1`]) {
      const r = await svc.admin("POST", `/sites/${siteId}/form-endpoints`, { redirect_url: url });
      assert.equal(r.status, 201, url);
    }
  });
});

Deno.test("a urlencoded post lands on the redirect, and the notification follows the conventions", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, domain } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const e = await createEndpoint(svc, siteId, { redirect_url: `https://${domain}/thanks` });
    const r = await postDoor(
      svc,
      e.id,
      urlencoded({
        name: "Maria Lopez",
        message: "Two <b>tables</b>, please.",
        _replyto: "maria@example.org",
        _subject: "Table booking",
        _gotcha: "",
        "cf-turnstile-response": "",
      }),
      { referer: `https://${domain}/contact` },
      "203.0.113.9",
    );
    assert.equal(r.status, 303);
    assert.equal(r.location, `https://${domain}/thanks`);
    const [msg] = await smtp.waitFor(1);
    const mail = await msg.parse();
    assert.equal(mail.subject, "Table booking (Luna Bakery)");
    assert.equal(mail.replyTo?.value[0].address, "maria@example.org");
    assert.ok(String(mail.html).includes("Two &lt;b&gt;tables&lt;/b&gt;"));

    const [ev] = (await eventsOf(svc, siteId)).filter((x) => x.type === "form.submitted");
    assert.deepEqual(ev.data.fields, {
      name: "Maria Lopez",
      message: "Two <b>tables</b>, please.",
    });
    const s = await getSubmission(svc.ctx.kv, ev.data.submission_id as string);
    assert.equal(s?.visitor.ip, "203.0.113.9");
    assert.equal(s?.visitor.referrer, `https://${domain}/contact`);
    assert.equal(s?.endpoint_id, e.id);
  });
});

Deno.test("without a redirect the visitor gets a small thank-you page with security headers", async () => {
  await withMail(async (svc) => {
    const { siteId, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [],
      settings: { success_message: "Merci <3 & à bientôt" },
    });
    const e = await createEndpoint(svc, siteId, { form: "contact" });
    const r = await postDoor(svc, e.id, urlencoded({ message: "Hello there, a question." }));
    assert.equal(r.status, 200);
    assert.match(r.headers.get("content-type") ?? "", /text\/html/);
    assert.ok(r.text.includes("Merci &lt;3 &amp; à bientôt"));
    assert.ok(r.headers.get("content-security-policy")?.includes("default-src 'none'"));
    assert.equal(r.headers.get("x-content-type-options"), "nosniff");
  });
});

Deno.test("JSON with Accept: application/json answers {ok:true}, with CORS for allowed origins", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, domain } = await seedSite(svc);
    const origin = `https://${domain}`;
    const e = await createEndpoint(svc, siteId, { allowed_origins: [origin] });
    const pre = await svc.app.request(`/f/${e.id}`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get("access-control-allow-origin"), origin);
    assert.match(pre.headers.get("access-control-allow-headers") ?? "", /content-type/i);
    const other = await svc.app.request(`/f/${e.id}`, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example.net" },
    });
    assert.equal(other.headers.get("access-control-allow-origin"), null);

    const r = await postDoor(
      svc,
      e.id,
      JSON.stringify({ email: "ann@example.org", message: "Hello from a script." }),
      { ...JSON_ACCEPT, "content-type": "application/json", origin },
    );
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true });
    assert.equal(r.headers.get("access-control-allow-origin"), origin);
    await smtp.waitFor(1);
    const foreign = await postDoor(
      svc,
      e.id,
      JSON.stringify({ email: "ann@example.org", message: "Hello again, from elsewhere." }),
      { ...JSON_ACCEPT, "content-type": "application/json", origin: "https://x.example.net" },
    );
    assert.equal(foreign.headers.get("access-control-allow-origin"), null);
    // A refusal is readable by the allowed page's script too.
    const refused = await postDoor(svc, e.id, "{broken", {
      ...JSON_ACCEPT,
      "content-type": "application/json",
      origin,
    });
    assert.deepEqual([refused.status, refused.body.error], [400, "invalid_body"]);
    assert.equal(refused.headers.get("access-control-allow-origin"), origin);
  });
});

Deno.test("the hosted form's rules refuse invalid input: JSON names the fields, the page escapes them", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [
        { name: "email", label: "Email <i>", type: "email", required: true },
        { name: "age", label: "Age", type: "number" },
      ],
    });
    const e = await createEndpoint(svc, siteId, { form: "contact" });
    const r = await postDoor(svc, e.id, urlencoded({ age: "old" }), JSON_ACCEPT);
    assert.equal(r.status, 400);
    assert.equal(r.body.error, "invalid_fields");
    assert.deepEqual((r.body.fields as { field: string }[]).map((f) => f.field), ["email", "age"]);
    const page = await postDoor(svc, e.id, urlencoded({ email: "not an address" }));
    assert.equal(page.status, 400);
    assert.ok(page.text.includes("Email &lt;i&gt; must be an email address"));
    assert.ok(!page.text.includes("<i>"));
    await stillTrueFor(200, () => smtp.messages.length === 0, "no notification");
  });
});

Deno.test("a filled honeypot and spam answer exactly like success and notify nobody", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, domain } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId, { redirect_url: `https://${domain}/thanks` });
    const hp = await postDoor(
      svc,
      e.id,
      urlencoded({ email: "bot@example.org", message: "Hello", _gotcha: "http://spam.example" }),
    );
    assert.equal(hp.status, 303);
    assert.equal(hp.location, `https://${domain}/thanks`);
    const json = await postDoor(
      svc,
      e.id,
      urlencoded({
        name: "Robertlex",
        email: "robertlex@mailinator.com",
        message: "Buy viagra cialis online pharmacy http://pharma.top http://pharma.top/a",
      }),
      JSON_ACCEPT,
    );
    assert.deepEqual([json.status, json.body], [200, { ok: true }]);
    const events = await eventsOf(svc, siteId);
    assert.deepEqual(events.map((x) => x.type), ["form.spam", "form.spam"]);
    await stillTrueFor(300, () => smtp.messages.length === 0, "no notification for spam");
  });
});

Deno.test("a body that is not a form is refused without a 500", async () => {
  await withMail(async (svc) => {
    const { siteId } = await seedSite(svc);
    const e = await createEndpoint(svc, siteId);
    const cases: [BodyInit, Record<string, string>][] = [
      ["{not json", { "content-type": "application/json" }],
      ["[1,2]", { "content-type": "application/json" }],
      ['{"a":{"b":1}}', { "content-type": "application/json" }],
      ["--y\r\nbroken", { "content-type": "multipart/form-data; boundary=x" }],
      ["a=b", { "content-type": "text/plain" }],
      ["a=b", {}],
    ];
    for (const [body, headers] of cases) {
      const r = await postDoor(svc, e.id, body, { ...JSON_ACCEPT, ...headers });
      assert.ok(r.status >= 400 && r.status < 500, `${r.status} ${r.text}`);
      assert.equal(typeof r.body.error, "string");
    }
    assert.equal((await postDoor(svc, "x".repeat(5000), "a=b")).status, 404);
  });
});

Deno.test("property: no body, content type or header makes POST /f/{id} answer 5xx", async () => {
  const fc = (await import("fast-check")).default;
  const svc = await startFormsService({ runJobs: false, config: { SVC_UPLOAD_MAX_BYTES: 2_000 } });
  try {
    const { siteId, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [
        { name: "email", label: "Email", type: "email", required: true },
        { name: "when", label: "When", type: "date" },
        { name: "topic", label: "Topic", type: "select", options: ["a", "b"] },
      ],
    });
    const ids = [
      (await createEndpoint(svc, siteId)).id,
      (await createEndpoint(svc, siteId, { form: "contact" })).id,
    ];
    const types = fc.constantFrom(
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "multipart/form-data",
      "application/json",
      "text/plain",
      "",
      "application/x-www-form-urlencoded; charset=utf-16",
    );
    const bodies = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.dictionary(
        fc.constantFrom("email", "when", "topic", "_gotcha", "_subject", "_replyto", "__proto__"),
        fc.string({ maxLength: 40 }),
      ).map((d) => JSON.stringify(d)),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 40 })).map((d) =>
        new URLSearchParams(d).toString()
      ),
      fc.uint8Array({ maxLength: 3000 }).map((b) =>
        `--x\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n${
          String.fromCharCode(...b)
        }\r\n--x--\r\n`
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ids),
        types,
        bodies,
        fc.constantFrom("application/json", "text/html", "*/*", ""),
        async (id, type, body, accept) => {
          const headers: Record<string, string> = { "content-type": type, accept };
          for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
          const r = await postDoor(svc, id, body, headers, "198.51.100.7");
          return r.status < 500;
        },
      ),
      { numRuns: 150 },
    );
  } finally {
    await svc.close();
  }
});

Deno.test("forms/submit's JSON cannot set what only the static door sets (subject, reply_to, files)", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const r = await svc.api("POST", "forms/submit", {
      key,
      body: {
        form_id: 3,
        form_name: "Contact",
        fields: { email: "ann@example.org", message: "Hello, a question about cakes." },
        subject: "Injected subject",
        reply_to: "attacker@example.net",
        endpoint_id: "x",
        files: [{ field: "f", name: "a.png", content_type: "image/png", bytes: [1, 2, 3] }],
      },
    });
    assert.equal(r.status, 200, r.text);
    const mail = await (await smtp.waitFor(1))[0].parse();
    assert.equal(mail.subject, "New submission: Contact (Luna Bakery)");
    assert.equal(mail.replyTo?.value[0].address, "ann@example.org");
    const s = await getSubmission(svc.ctx.kv, r.body.id as string);
    assert.equal(s?.files, undefined);
    assert.equal(s?.endpoint_id, undefined);
    const [ev] = await eventsOf(svc, siteId);
    assert.equal("files" in ev.data, false);
  });
});

Deno.test("the notification goes to the linked hosted form's notify_email, else the site's default", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Jobs",
      slug: "jobs",
      fields: [],
      settings: { notify_email: "hr@example.com", from_name: "Jobs Desk" },
    });
    const linked = await createEndpoint(svc, siteId, { form: "jobs" });
    const plain = await createEndpoint(svc, siteId);
    const body = () => urlencoded({ email: "ann@example.org", message: "My application." });
    assert.equal((await postDoor(svc, linked.id, body(), JSON_ACCEPT)).status, 200);
    const [first] = await smtp.waitFor(1);
    assert.deepEqual(first.rcptTo, ["hr@example.com"]);
    assert.equal((await first.parse()).from?.value[0].name, "Jobs Desk");
    assert.equal((await postDoor(svc, plain.id, body(), JSON_ACCEPT)).status, 200);
    const [, second] = await smtp.waitFor(2);
    assert.deepEqual(second.rcptTo, ["owner@example.com"]);
  });
});

Deno.test("the notification of a linked endpoint shows the hosted form's labels and name", async () => {
  await withMail(async (svc, smtp) => {
    const { siteId, accountId } = await seedSite(svc);
    await svc.admin("POST", `/accounts/${accountId}/forms`, {
      name: "Quote request",
      slug: "quote",
      fields: [
        { name: "email", label: "Your email address", type: "email", required: true },
        { name: "details", label: "What do you need?", type: "textarea" },
      ],
    });
    const linked = await createEndpoint(svc, siteId, { form: "quote" });
    const body = urlencoded({ email: "ann@example.org", details: "Two windows replaced." });
    assert.equal((await postDoor(svc, linked.id, body, JSON_ACCEPT)).status, 200);
    const [mail] = await smtp.waitFor(1);
    const text = (await mail.parse()).text ?? "";
    assert.match(text, /Your email address/);
    assert.match(text, /What do you need\?/);
    assert.match(text, /Form: Quote request/);
  });
});
