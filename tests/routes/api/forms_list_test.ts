/**
 * GET /api/v1/forms (an extension): the hosted forms a site's key can render,
 * for the WordPress block's list. Accounts are isolated; archived forms are
 * left out; shared caches must not keep the answer.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService } from "../../helpers/service.ts";

Deno.test("GET /forms lists the key's account forms that render, with their fields, and nothing of another account", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const form = (accountId: string, name: string, slug: string) =>
      svc.admin("POST", `/accounts/${accountId}/forms`, {
        name,
        slug,
        fields: [
          { name: "email", label: "Your email", type: "email", required: true },
          { name: "topic", label: "Topic", type: "select", options: ["Sales", "Help"] },
        ],
      });
    assert.equal((await form(a.accountId, "Contact", "contact")).status, 201);
    const old = await form(a.accountId, "Old", "old");
    assert.equal(old.status, 201);
    assert.equal((await svc.admin("POST", `/forms/${old.body.id}/archive`)).status, 200);
    assert.equal((await form(b.accountId, "Other's quote", "quote")).status, 201);

    const r = await svc.api("GET", "forms", { key: a.key });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers.get("cache-control"), "private, no-store");
    const forms = r.body.forms as Record<string, unknown>[];
    assert.deepEqual(forms.map((f) => [f.slug, f.name]), [["contact", "Contact"]]);
    assert.deepEqual(forms[0].fields, [
      { name: "email", label: "Your email", type: "email", required: true },
      {
        name: "topic",
        label: "Topic",
        type: "select",
        options: ["Sales", "Help"],
        required: false,
      },
    ]);
    assert.equal(r.body.ok, true);

    // A second site of the same account sees the same forms; the other account only its own.
    const a2 = await seedSite(svc, { accountId: a.accountId });
    const same = await svc.api("GET", "forms", { key: a2.key });
    assert.deepEqual((same.body.forms as { slug: string }[]).map((f) => f.slug), ["contact"]);
    const other = await svc.api("GET", "forms", { key: b.key });
    assert.deepEqual((other.body.forms as { slug: string }[]).map((f) => f.slug), ["quote"]);

    // A site on no account has no forms (render would answer site_has_no_owner).
    const lone = await seedSite(svc, { noAccount: true });
    assert.deepEqual((await svc.api("GET", "forms", { key: lone.key })).body, {
      ok: true,
      forms: [],
    });
    // Without a key: the spec's key errors in the plain envelope.
    const none = await svc.api("GET", "forms");
    assert.equal(none.status, 401);
    assert.deepEqual(none.body, { error: "missing_api_key" });
  } finally {
    await svc.close();
  }
});
