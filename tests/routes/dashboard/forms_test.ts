import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";
import { LOOK_SETTING_VALUES } from "../../../domain/forms/hosted_schema.ts";

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

Deno.test("the form builder edits a field in place (label, type, options, required); a foreign user cannot", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get("/dashboard/forms");
    const builder = (await user.post("/dashboard/forms", { name: "Quote", slug: "quote" }))
      .location!;
    await user.get(builder);
    await user.post(`${builder}/fields`, { label: "Email", name: "email", type: "email" });
    await user.get(builder);
    await user.post(`${builder}/fields`, { label: "Topic", name: "topic", type: "text" });
    const page = await user.get(builder);
    // Each field has its edit form, prefilled, with labelled inputs.
    assert.match(
      page.text,
      /<label for="e1-label">Label<\/label><input id="e1-label"[^>]*value="Topic"/,
    );
    const edited = await user.post(`${builder}/fields/1`, {
      label: "What about?",
      name: "topic",
      type: "select",
      options: "Sales\nSupport\n",
      required: "on",
    });
    assert.equal(edited.status, 303, edited.text);
    const rendered = await svc.api("GET", "forms/render/quote", { key });
    const form = (rendered.body.form ?? rendered.body) as {
      fields: {
        name: string;
        label: string;
        type: string;
        options?: string[];
        required: boolean;
      }[];
    };
    assert.deepEqual(form.fields[1], {
      name: "topic",
      label: "What about?",
      type: "select",
      options: ["Sales", "Support"],
      required: true,
    });
    assert.equal(form.fields[0].name, "email");
    await user.get(builder);
    assert.equal((await user.post(`${builder}/fields/7`, { label: "X", name: "x" })).status, 400);

    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.82");
    await other.signIn(b.email, b.password);
    await other.get("/dashboard/forms");
    assert.equal(
      (await other.post(`${builder}/fields/0`, { label: "Pwned", name: "email", type: "email" }))
        .status,
      404,
    );
    const after = await svc.api("GET", "forms/render/quote", { key });
    assert.equal(
      ((after.body.form ?? after.body) as { fields: { label: string }[] }).fields[0].label,
      "Email",
    );
  } finally {
    await svc.close();
  }
});

Deno.test("the form builder saves every settings key of the spec; an emptied key is left out", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get("/dashboard/forms");
    const builder = (await user.post("/dashboard/forms", { name: "Look", slug: "look" })).location!;
    await user.get(builder);
    const saved = await user.post(`${builder}/settings`, {
      submit_label: "Go",
      success_message: "Done",
      notify_email: "team@example.org",
      from_name: "The Team",
      brand_color: "#1a73e8",
      radius_preset: "round",
      button_align: "right",
      field_tone: "soft",
      card_wrap: "on",
    });
    assert.equal(saved.status, 303, saved.text);
    const render = async () => {
      const r = await svc.api("GET", "forms/render/look", { key });
      return ((r.body.form ?? r.body) as { settings: Record<string, unknown> }).settings;
    };
    assert.deepEqual(await render(), {
      submit_label: "Go",
      success_message: "Done",
      notify_email: "team@example.org",
      from_name: "The Team",
      brand_color: "#1a73e8",
      radius_preset: "round",
      button_align: "right",
      field_tone: "soft",
      card_wrap: true,
    });
    await user.get(builder);
    const bad = await user.post(`${builder}/settings`, { brand_color: "red" });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /brand_color/);
    await user.get(builder);
    await user.post(`${builder}/settings`, { submit_label: "Go", success_message: "Done" });
    assert.deepEqual(await render(), { submit_label: "Go", success_message: "Done" });
  } finally {
    await svc.close();
  }
});

Deno.test("the form builder renames a form and changes its slug; a slug taken by another form is refused", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get("/dashboard/forms");
    const builder = (await user.post("/dashboard/forms", { name: "One", slug: "one" })).location!;
    await user.get("/dashboard/forms");
    await user.post("/dashboard/forms", { name: "Two", slug: "two" });
    await user.get(builder);
    const renamed = await user.post(`${builder}/identity`, { name: "First <form>", slug: "first" });
    assert.equal(renamed.status, 303, renamed.text);
    assert.equal((await svc.api("GET", "forms/render/one", { key })).status, 404);
    assert.equal((await svc.api("GET", "forms/render/first", { key })).status, 200);
    assert.match((await user.get(builder)).text, /First &lt;form&gt;/);
    const taken = await user.post(`${builder}/identity`, { name: "First", slug: "two" });
    assert.equal(taken.status, 400);
    assert.match(taken.text, /already used/);
  } finally {
    await svc.close();
  }
});

Deno.test("the form builder offers the schema's look values as choices, confirms each save and shows the shortcode and block", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    await user.get("/dashboard/forms");
    const builder = (await user.post("/dashboard/forms", { name: "Cake <order>", slug: "cakes" }))
      .location!;
    const page = await user.get(builder);
    // Each look setting is a select of the schema's values (hosted_schema.ts), the empty one the default.
    for (const [k, values] of Object.entries(LOOK_SETTING_VALUES)) {
      const select = page.text.match(
        new RegExp(`<select id="s-${k}" name="${k}">(.*?)</select>`),
      )?.[1];
      assert.ok(select, `${k} is a select`);
      const options = [...select.matchAll(/<option[^>]* value="([^"]*)"/g)].map((m) => m[1]);
      assert.deepEqual(options, ["", ...values], k);
    }
    // The embed section: the shortcode, the block markup and the render call, each copyable.
    assert.match(
      page.text,
      /<code id="embed-shortcode">\[svc_form slug=&quot;cakes&quot;\]<\/code>/,
    );
    assert.match(
      page.text,
      /<code id="embed-block">&lt;!-- wp:svc-forms-mail\/form \{&quot;slug&quot;:&quot;cakes&quot;\} \/--&gt;<\/code>/,
    );
    assert.match(page.text, /<code id="embed">GET \/api\/v1\/forms\/render\/cakes<\/code>/);
    for (const id of ["embed-shortcode", "embed-block", "embed"]) {
      assert.match(page.text, new RegExp(`data-copy="${id}"`));
    }
    assert.match(page.text, /pick “Cake &lt;order&gt;”/);

    // Saving says so; each step has its own sentence.
    const saved = await user.post(`${builder}/settings`, {
      submit_label: "Go",
      radius_preset: "pill",
      button_align: "",
    });
    assert.equal(saved.status, 303);
    assert.match(saved.location!, /\?done=settings$/);
    const after = await user.get(saved.location!);
    assert.match(after.text, /<p role="status" class="notice ok">Form settings saved\.<\/p>/);
    assert.match(after.text, /<option[^>]* value="pill" selected>pill<\/option>/);
    const added = await user.post(`${builder}/fields`, {
      label: "Email",
      name: "email",
      type: "email",
    });
    assert.match((await user.get(added.location!)).text, /Field added\./);
    // An unknown step name shows nothing (no text is taken from the address).
    const odd = await user.get(`${builder}?done=%3Cb%3Ehi`);
    assert.doesNotMatch(odd.text, /role="status"|&lt;b&gt;hi/);

    // A value set through the operator API that the dashboard does not offer stays chosen.
    const formId = builder.split("/").pop()!;
    await svc.admin("PATCH", `/forms/${formId}`, { settings: { field_tone: "glass" } });
    const kept = await user.get(builder);
    assert.match(kept.text, /<option[^>]* value="glass" selected>glass<\/option>/);
  } finally {
    await svc.close();
  }
});
