/**
 * Templates (with the sandboxed preview on sample data and the starter
 * templates), sequences with their steps, inbound domains with their secrets,
 * and the captcha settings, as an account user sees them; another account's
 * objects answer 404.
 */
import assert from "node:assert/strict";
import { startTestService } from "../../helpers/service.ts";
import { Browser, seedUser } from "./browser.ts";

Deno.test("templates: create, preview on sample data (escaped values, sandboxed frame), edit, starter copy, delete", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const list = await u.get("/dashboard/templates");
    assert.equal(list.status, 200);
    assert.match(list.text, /href="\/dashboard\/templates\/starter\/welcome"/);
    const made = await u.post("/dashboard/templates", {
      name: `<b>"Order"</b>`,
      slug: "order-shipped",
      subject: "Your order {{order_id}} shipped, {{name}}",
      html: `<p>Hello {{name}}, <a href="{{track_url}}">track it</a></p>`,
      text: "",
    });
    assert.equal(made.status, 303, made.text);
    const url = made.location!;
    const page = await u.get(url);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(`<b>"Order"</b>`));
    assert.match(page.text, /&lt;b&gt;&quot;Order&quot;&lt;\/b&gt;/);
    // Subject filled on sample data; each variable has a labelled input.
    assert.match(page.text, /Your order sample order_id shipped, Ann Example/);
    assert.match(page.text, /<label[^>]*for="var-name"/);
    assert.match(page.text, /<iframe[^>]*sandbox=""[^>]*src="[^"]*\/preview"/);
    // The frame: the template filled, a hostile sample value escaped, its own sandboxing CSP.
    const evil = `<img src=x onerror=alert(1)>`;
    const frame = await u.get(`${url}/preview?var_name=${encodeURIComponent(evil)}`);
    assert.equal(frame.status, 200);
    assert.ok(!frame.text.includes(evil));
    assert.match(frame.text, /Hello &lt;img/);
    assert.match(frame.text, /href="https:\/\/shop\.example\.com\/track"/);
    assert.match(frame.headers.get("content-security-policy")!, /^sandbox; default-src 'none'/);
    // Text preview falls back to the HTML's text.
    assert.match(page.text, /<pre class="preview-text">Hello Ann Example/);

    await u.get(url);
    const saved = await u.post(url, {
      name: "Order shipped",
      slug: "order-shipped",
      subject: "Shipped: {{order_id}}",
      html: "<p>Shipped</p>",
      text: "Shipped",
    });
    assert.equal(saved.status, 200);
    assert.match(saved.text, /Saved\./);
    const api = await svc.admin("GET", `/accounts/${a.accountId}/templates`);
    if (api.status === 200) {
      const items = api.body.items as { slug: string; subject: string }[];
      assert.equal(items.find((t) => t.slug === "order-shipped")?.subject, "Shipped: {{order_id}}");
    }

    // A starter template: its preview, and a copy of one's own to edit.
    const starter = await u.get("/dashboard/templates/starter/welcome");
    assert.equal(starter.status, 200);
    assert.match(starter.text, /Welcome to Example Shop/);
    const copied = await u.post("/dashboard/templates/starter/welcome/copy");
    assert.equal(copied.status, 303);
    assert.match((await u.get(copied.location!)).text, /<code>welcome<\/code>/);
    assert.equal((await u.post("/dashboard/templates/starter/welcome/copy")).status, 409);

    // Another account sees none of it.
    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.77");
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(url)).status, 404);
    assert.equal((await other.get(`${url}/preview`)).status, 404);
    assert.doesNotMatch((await other.get("/dashboard/templates")).text, /order-shipped/);
    await other.get("/dashboard/templates");
    assert.equal((await other.post(`${url}/delete`)).status, 404);

    await u.get(url);
    assert.equal((await u.post(`${url}/delete`)).status, 303);
    assert.equal((await u.get(url)).status, 404);
  } finally {
    await svc.close();
  }
});

Deno.test("sequences with their steps; pause and resume; another account's sequence is 404", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const seq = await svc.admin("POST", `/accounts/${a.accountId}/sequences`, {
      key: "onboarding",
      name: "Onboarding <3",
      steps: [
        { delay_seconds: 0, template: "welcome" },
        { delay_seconds: 2 * 86400 + 3600, template: "welcome", subject: "Still there?" },
      ],
    });
    assert.equal(seq.status, 201, seq.text);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const page = await u.get("/dashboard/sequences");
    assert.match(page.text, /Onboarding &lt;3/);
    assert.match(page.text, /at once/);
    assert.match(page.text, /2 days 1 h/);
    assert.match(page.text, /Still there\?/);
    assert.equal((await u.post(`/dashboard/sequences/${seq.body.id}/pause`)).status, 303);
    assert.equal((await svc.admin("GET", `/sequences/${seq.body.id}`)).body.enabled, false);
    await u.get("/dashboard/sequences");
    assert.equal((await u.post(`/dashboard/sequences/${seq.body.id}/resume`)).status, 303);
    assert.equal((await svc.admin("GET", `/sequences/${seq.body.id}`)).body.enabled, true);

    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.78");
    await other.signIn(b.email, b.password);
    assert.doesNotMatch((await other.get("/dashboard/sequences")).text, /Onboarding/);
    assert.equal((await other.post(`/dashboard/sequences/${seq.body.id}/pause`)).status, 404);
    assert.equal((await svc.admin("GET", `/sequences/${seq.body.id}`)).body.enabled, true);
  } finally {
    await svc.close();
  }
});

Deno.test("inbound domains of a site: listed, URL changed, new secret shown once; only the operator adds", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const d = await svc.admin("POST", "/inbound-domains", {
      domain: "in.alpha.example.org",
      url: "https://hooks.alpha.example.org/mail",
      site_id: a.siteId,
    });
    assert.equal(d.status, 201, d.text);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const base = `/dashboard/sites/${a.siteId}/inbound-domains`;
    const page = await u.get(base);
    assert.match(page.text, /in\.alpha\.example\.org/);
    assert.doesNotMatch(page.text, /svc_in_/);
    assert.doesNotMatch(page.text, /Add an inbound domain/);
    const rotated = await u.post(`${base}/${d.body.id}/rotate`);
    assert.equal(rotated.status, 200);
    const secret = /<code id="inbound-secret">(svc_in_[^<]+)<\/code>/.exec(rotated.text)?.[1];
    assert.ok(secret && secret !== d.body.secret);
    const moved = await u.post(`${base}/${d.body.id}`, {
      url: "https://hooks.alpha.example.org/v2",
    });
    assert.equal(moved.status, 303);
    assert.equal(
      (await svc.admin("GET", `/inbound-domains/${d.body.id}`)).body.url,
      "https://hooks.alpha.example.org/v2",
    );
    await u.get(base);
    assert.equal(
      (await u.post(base, { domain: "x.example.org", url: "https://x.example.org/" })).status,
      404,
    );

    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.79");
    await other.signIn(b.email, b.password);
    assert.equal((await other.get(base)).status, 404);
    const own = await other.get(`/dashboard/sites/${b.siteId}/inbound-domains`);
    assert.doesNotMatch(own.text, /alpha/);
    assert.equal(
      (await other.post(`/dashboard/sites/${b.siteId}/inbound-domains/${d.body.id}/rotate`)).status,
      404,
    );
  } finally {
    await svc.close();
  }
});

Deno.test("captcha settings: provider and site key saved, the secret required once and never shown", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const url = `/dashboard/sites/${a.siteId}/settings`;
    await u.get(url);
    const missing = await u.post(`/dashboard/sites/${a.siteId}/captcha`, {
      provider: "hcaptcha",
      site_key: "10000000-ffff-ffff-ffff-000000000001",
    });
    assert.equal(missing.status, 400);
    assert.match(missing.text, /secret_key_required_on_first_save/);
    const ok = await u.post(`/dashboard/sites/${a.siteId}/captcha`, {
      provider: "hcaptcha",
      site_key: "10000000-ffff-ffff-ffff-000000000001",
      secret_key: "0x-very-secret-value",
    });
    assert.equal(ok.status, 200);
    assert.match(ok.text, /A secret is saved/);
    assert.doesNotMatch(ok.text, /very-secret-value/);
    assert.match(ok.text, /value="hcaptcha" selected>/);
    const site = await svc.admin("GET", `/sites/${a.siteId}`);
    assert.equal((site.body.captcha as { provider: string }).provider, "hcaptcha");
  } finally {
    await svc.close();
  }
});

Deno.test("sequences are created and their steps added, changed and removed from the page; unknown templates refused", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    await u.get("/dashboard/sequences");
    const made = await u.post("/dashboard/sequences", { name: "Trial", key: "trial" });
    assert.equal(made.status, 303, made.text);
    const list = await svc.admin("GET", `/accounts/${a.accountId}/sequences`);
    const id = (list.body.items as { id: string }[])[0].id;
    const steps = `/dashboard/sequences/${id}/steps`;
    const page = await u.get("/dashboard/sequences");
    assert.match(page.text, new RegExp(`<label for="${id}-template-0">`));
    // The empty row adds a step.
    assert.equal(
      (await u.post(steps, {
        delay_0: "2",
        unit_0: "hours",
        template_0: "welcome",
        subject_0: "Hi <there>",
        on_0: "on",
      })).status,
      303,
    );
    let seq = (await svc.admin("GET", `/sequences/${id}`)).body as {
      steps: {
        delay_seconds: number;
        template: string;
        subject: string | null;
        enabled: boolean;
      }[];
    };
    assert.deepEqual(
      seq.steps.map(({ delay_seconds, template, subject, enabled }) => ({
        delay_seconds,
        template,
        subject,
        enabled,
      })),
      [{ delay_seconds: 7200, template: "welcome", subject: "Hi <there>", enabled: true }],
    );
    // Shown as it was saved (2 hours), then a second step added and the first switched off.
    const again = await u.get("/dashboard/sequences");
    assert.match(again.text, new RegExp(`id="${id}-delay-0"[^>]*value="2"`));
    assert.match(again.text, /value="hours" selected/);
    assert.match(again.text, /Hi &lt;there&gt;/);
    await u.post(steps, {
      delay_0: "2",
      unit_0: "hours",
      template_0: "welcome",
      subject_0: "",
      delay_1: "3",
      unit_1: "days",
      template_1: "receipt",
      on_1: "on",
    });
    seq = (await svc.admin("GET", `/sequences/${id}`)).body as typeof seq;
    assert.deepEqual(seq.steps.map((s) => [s.delay_seconds, s.template, s.enabled]), [
      [7200, "welcome", false],
      [259200, "receipt", true],
    ]);
    await u.get("/dashboard/sequences");
    const bad = await u.post(steps, {
      delay_0: "1",
      unit_0: "days",
      template_0: "no-such-template",
    });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /role="alert"/);
    await u.get("/dashboard/sequences");
    assert.equal(
      (await u.post(steps, { template_0: "", delay_0: "0", template_1: "receipt" })).status,
      303,
    );
    seq = (await svc.admin("GET", `/sequences/${id}`)).body as typeof seq;
    assert.deepEqual(seq.steps.map((s) => s.template), ["receipt"]);

    const b = await seedUser(svc, "Bravo");
    const other = new Browser(svc, "192.0.2.83");
    await other.signIn(b.email, b.password);
    await other.get("/dashboard/sequences");
    assert.equal((await other.post(steps, { template_0: "welcome" })).status, 404);
    seq = (await svc.admin("GET", `/sequences/${id}`)).body as typeof seq;
    assert.deepEqual(seq.steps.map((s) => s.template), ["receipt"]);
  } finally {
    await svc.close();
  }
});
