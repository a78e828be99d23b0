import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("the form builder adds, reorders and removes fields; forms/render serves the result", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get("/dashboard/forms");
    const made = await user.post("/dashboard/forms", { name: "Contact <us>", slug: "contact" });
    assert.equal(made.status, 303);
    const builder = made.location!;
    const add = async (form: Record<string, string>) => {
      await user.get(builder);
      const r = await user.post(`${builder}/fields`, form);
      assert.equal(r.status, 303, r.text);
    };
    await add({ label: "Your email", name: "email", type: "email", required: "on" });
    await add({ label: "Topic", name: "topic", type: "select", options: "Sales\nSupport" });
    await add({ label: "Message", name: "message", type: "textarea", placeholder: "Hi…" });
    await user.get(builder);
    assert.equal((await user.post(`${builder}/fields/2/up`)).status, 303);
    await user.get(builder);
    assert.equal((await user.post(`${builder}/fields/0/remove`)).status, 303);
    await user.get(builder);
    await user.post(`${builder}/settings`, { submit_label: "Send it", success_message: "Thanks!" });
    const page = await user.get(builder);
    assert.match(page.text, /Contact &lt;us&gt;/);
    assert.match(page.text, /aria-label="Preview"/);

    const rendered = await svc.api("GET", "forms/render/contact", { key });
    assert.equal(rendered.status, 200, rendered.text);
    const form = rendered.body.form as { fields: { name: string }[]; settings: unknown } ??
      rendered.body as { fields: { name: string }[]; settings: unknown };
    assert.deepEqual(form.fields.map((f) => f.name), ["message", "topic"]);
    assert.deepEqual(form.settings, { submit_label: "Send it", success_message: "Thanks!" });

    await user.get(builder);
    const bad = await user.post(`${builder}/fields`, {
      label: "Pick",
      name: "pick",
      type: "select",
    });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /role="alert"/);

    await user.get(builder);
    await user.post(`${builder}/archive`);
    assert.equal((await svc.api("GET", "forms/render/contact", { key })).status, 410);
    await user.get(builder);
    await user.post(`${builder}/restore`);
    assert.equal((await svc.api("GET", "forms/render/contact", { key })).status, 200);

    // Another account's user cannot see or change it.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc);
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(builder)).status, 404);
    assert.equal((await other.get("/dashboard/forms")).text.includes("Contact"), false);
    await other.get("/dashboard/forms");
    assert.equal((await other.post(`${builder}/archive`)).status, 404);
    assert.equal((await svc.api("GET", "forms/render/contact", { key })).status, 200);
  } finally {
    await svc.close();
  }
});
