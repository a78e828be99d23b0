/**
 * forms/submit's notification for a hosted form (the body's `form_slug`, an
 * extension): the form's field labels instead of the field names, the form's
 * name instead of a bare number; field names when the slug names no form of
 * the site's account. Mail received by a real SMTP server on loopback.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { legitBody, withMail } from "../../helpers/forms.ts";

const FIELDS = [
  { name: "your_name", label: "Your name", type: "text" },
  { name: "email", label: "Email <address>", type: "email" },
  { name: "msg", label: "What can we do for you?", type: "textarea" },
];

const VALUES = {
  your_name: "Maria Gonzalez",
  email: "maria.gonzalez@example.org",
  msg: "Hi, could you send me a quote for two tables? Thanks!",
  extra_field: "not on the form",
};

Deno.test("a hosted form's notification shows its field labels and name; unknown slugs and other accounts' forms show names", async () => {
  await withMail(async (svc, smtp) => {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    for (const [acc, name] of [[a.accountId, "Contact us"], [b.accountId, "Other's form"]]) {
      const f = await svc.admin("POST", `/accounts/${acc}/forms`, {
        name,
        slug: acc === a.accountId ? "contact" : "theirs",
        fields: FIELDS,
      });
      assert.equal(f.status, 201, f.text);
    }
    const submit = (extra: Record<string, unknown>) =>
      svc.api("POST", "forms/submit", {
        key: a.key,
        body: { ...legitBody(a.domain), form_id: 3069227272, fields: VALUES, ...extra },
      });

    // Linked by slug, no form_name: the form's name and labels.
    const r = await submit({ form_slug: "contact", form_name: null });
    assert.equal(r.body.email_sent, true, r.text);
    // Another account's slug, and a slug no form has: field names, the number.
    assert.equal((await submit({ form_slug: "theirs", form_name: null })).body.email_sent, true);
    assert.equal((await submit({ form_slug: "nope", form_name: "Quote" })).body.email_sent, true);

    const [linked, theirs, unknown] = await Promise.all(
      (await smtp.waitFor(3)).map((m) => m.parse()),
    );
    assert.equal(linked.subject, "New submission: Contact us (Example Site)");
    const text = linked.text ?? "";
    assert.match(text, /^Your name: Maria Gonzalez$/m);
    assert.match(text, /^Email <address>: maria\.gonzalez@example\.org$/m);
    assert.match(text, /^What can we do for you\?: Hi, could you/m);
    assert.match(text, /^extra field: not on the form$/m, "a field the form lacks: its name");
    assert.match(text, /Form: Contact us · received /);
    assert.doesNotMatch(text, /Form ID|3069227272/);
    assert.match(String(linked.html), /Email &lt;address&gt;/, "labels are escaped in HTML");

    const theirsText = theirs.text ?? "";
    assert.match(theirsText, /^your name: Maria Gonzalez$/m);
    assert.doesNotMatch(theirsText, /Other's form|Your name/);
    assert.match(theirsText, /Form number 3069227272 · received /);
    assert.equal(theirs.subject, "New form submission (Example Site)");

    assert.match(unknown.text ?? "", /^your name: Maria Gonzalez$/m);
    assert.match(unknown.text ?? "", /Form: Quote · received /);
  });
});

Deno.test("an archived hosted form's submissions fall back to field names", async () => {
  await withMail(async (svc, smtp) => {
    const a = await seedSite(svc);
    const f = await svc.admin("POST", `/accounts/${a.accountId}/forms`, {
      name: "Contact us",
      slug: "contact",
      fields: FIELDS,
    });
    assert.equal((await svc.admin("POST", `/forms/${f.body.id}/archive`)).status, 200);
    const r = await svc.api("POST", "forms/submit", {
      key: a.key,
      body: { ...legitBody(a.domain), fields: VALUES, form_slug: "contact" },
    });
    assert.equal(r.body.email_sent, true, r.text);
    const [m] = await smtp.waitFor(1);
    const text = (await m.parse()).text ?? "";
    assert.match(text, /^your name: Maria Gonzalez$/m);
    assert.match(text, /Form: Contact · received /);
  });
});
