/**
 * Operator API of the mail engine (templates, email log, outbox) and sends that
 * use templates: owned by id or slug, starter templates, `{{variables}}`.
 */
import assert from "node:assert/strict";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { STARTER_TEMPLATES } from "../../../domain/mail/starter_templates.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

async function lastMail(svc: TestService) {
  const [item] = (await svc.admin("GET", "/outbox?limit=1")).body.items as { raw: string }[];
  return await simpleParser(item.raw);
}

Deno.test("templates: create, read, list, patch and delete; slugs are unique per account", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const c = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "Order shipped",
      slug: "order-shipped",
      subject: "Order {{order}} shipped",
      html: "<p>Hi {{name}}</p>",
    });
    assert.equal(c.status, 201, c.text);
    assert.equal(c.body.slug, "order-shipped");
    assert.equal(c.body.account_id, s.accountId);
    assert.equal(c.body.text, null);
    const id = c.body.id as string;
    assert.equal(
      (await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
        name: "x",
        slug: "order-shipped",
      }))
        .status,
      409,
    );
    // Another account may use the same slug.
    const other = await seedSite(svc);
    assert.equal(
      (await svc.admin("POST", `/accounts/${other.accountId}/templates`, {
        name: "x",
        slug: "order-shipped",
      }))
        .status,
      201,
    );
    const bad = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "x",
      slug: "Bad Slug",
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    assert.equal(
      (await svc.admin("POST", `/accounts/nope/templates`, { name: "x", slug: "y" })).status,
      404,
    );

    assert.equal((await svc.admin("GET", `/templates/${id}`)).body.html, "<p>Hi {{name}}</p>");
    const list = await svc.admin("GET", `/accounts/${s.accountId}/templates`);
    assert.deepEqual((list.body.items as { id: string }[]).map((t) => t.id), [id]);

    const p = await svc.admin("PATCH", `/templates/${id}`, {
      slug: "shipped",
      text: "Hi {{name}}",
    });
    assert.equal(p.status, 200);
    assert.equal(p.body.slug, "shipped");
    assert.equal(p.body.text, "Hi {{name}}");
    // The old slug is free again, the new one taken.
    assert.equal(
      (await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
        name: "x",
        slug: "order-shipped",
      }))
        .status,
      201,
    );
    assert.equal(
      (await svc.admin("PATCH", `/templates/${id}`, { slug: "order-shipped" })).status,
      409,
    );

    const big = "x".repeat(300_000);
    assert.equal((await svc.admin("PATCH", `/templates/${id}`, { html: big })).status, 200);
    assert.equal((await svc.admin("GET", `/templates/${id}`)).body.html, big);

    assert.equal((await svc.admin("DELETE", `/templates/${id}`)).status, 204);
    assert.equal((await svc.admin("GET", `/templates/${id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/templates/${id}`)).status, 404);
    const starters = await svc.admin("GET", "/starter-templates");
    assert.ok((starters.body.items as unknown[]).length >= 4);
  });
});

Deno.test("send with an owned template by slug and by id: variables filled, HTML-escaped, missing ones empty", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { site: { name: "Acme" } });
    const t = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "Hi",
      slug: "hi",
      subject: "Order {{order}} for {{name}}",
      html: "<p>Hi {{name}}, total {{ total }} paid={{paid}}. [{{missing}}] {{site_name}}</p>",
    });
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: {
        to: "ann@example.com",
        template: "hi",
        html: "<p>ignored: the template replaces it</p>",
        data: { name: "<Ann & Bob>", order: 42, total: 9.5, paid: true },
      },
    });
    assert.equal(r.body.sent, true, r.text);
    const m = await lastMail(svc);
    assert.equal(m.subject, "Order 42 for <Ann & Bob>");
    assert.ok(
      (m.html as string).includes(
        "<p>Hi &lt;Ann &amp; Bob&gt;, total 9.5 paid=true. [] Acme</p>",
      ),
      m.html as string,
    );
    assert.match(m.text!, /Hi <Ann & Bob>, total 9\.5 paid=true\. \[\] Acme/);

    // By id, with a subject given: the caller's subject wins.
    const byId = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.com", template: t.body.id, subject: "Mine", data: { name: "C" } },
    });
    assert.equal(byId.body.sent, true);
    assert.equal((await lastMail(svc)).subject, "Mine");

    // Another account's template is not found, even by id.
    const o = await seedSite(svc);
    const foreign = await svc.api("POST", "mail/send", {
      key: o.key,
      body: { to: "ann@example.com", template: t.body.id },
    });
    assert.equal(foreign.body.reason, "template_not_found");
    // A site without an account has the starter templates only.
    const lone = await seedSite(svc, { noAccount: true });
    assert.equal(
      (await svc.api("POST", "mail/send", {
        key: lone.key,
        body: { to: "a@example.com", template: "hi" },
      }))
        .body.reason,
      "template_not_found",
    );
  });
});

Deno.test("starter templates send with their subject, both parts and the unsubscribe link variable", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { site: { name: "Acme" } });
    for (const st of STARTER_TEMPLATES) {
      const r = await svc.api("POST", "mail/send", {
        key: s.key,
        body: {
          to: "ann@example.com",
          template: st.slug,
          data: Object.fromEntries(st.variables.map((v) => [v, `val-${v}`])),
        },
      });
      assert.equal(r.body.sent, true, `${st.slug}: ${r.text}`);
      const m = await lastMail(svc);
      assert.ok(m.subject && !m.subject.includes("{{"), `${st.slug} subject ${m.subject}`);
      assert.ok(!(m.html as string).includes("{{") && !m.text!.includes("{{"), st.slug);
      for (const v of st.variables) assert.ok(m.text!.includes(`val-${v}`), `${st.slug} uses ${v}`);
    }
    // An account template of the same slug wins over the starter.
    await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "My welcome",
      slug: "welcome",
      subject: "Custom {{unsubscribe_url}}",
      text: "Bye: {{unsubscribe_url}}",
    });
    await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@example.com", template: "welcome" },
    });
    const m = await lastMail(svc);
    assert.match(m.text!, /^Bye: http:\/\/localhost:8080\/u\/\S+$/m);
  });
});

Deno.test("email log: newest first, ?limit, one record per attempt with its status", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const send = (body: unknown) => svc.api("POST", "mail/send", { key: s.key, body });
    await send({ to: "a@example.com", subject: "first", text: "x", source_plugin: "woocommerce" });
    await send({
      to: "b@example.com",
      subject: "WIN!!! CASINO",
      text: "viagra cialis casino free spins",
    });
    await send({ to: "c@example.com", subject: "third", text: "x" });
    const all = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const items = all.body.items as Record<string, unknown>[];
    assert.deepEqual(items.map((i) => i.subject), ["third", "WIN!!! CASINO", "first"]);
    assert.deepEqual(items.map((i) => i.status), ["sent", "flagged", "sent"]);
    assert.equal(items[2].source, "woocommerce");
    assert.deepEqual(items[2].to, ["a@example.com"]);
    const one = await svc.admin("GET", `/sites/${s.siteId}/email-log?limit=1`);
    assert.equal((one.body.items as unknown[]).length, 1);
    assert.equal((await svc.admin("GET", `/sites/nope/email-log`)).status, 404);
  });
});

Deno.test("outbox: lists kept messages newest first with raw RFC 822, filtered by ?to and ?limit", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    for (const to of ["a@example.com", "b@example.com", "a@example.com"]) {
      await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to, subject: `to ${to}`, text: "x" },
      });
    }
    const all = await svc.admin("GET", "/outbox");
    assert.equal(all.body.transport, "outbox");
    const items = all.body.items as Record<string, unknown>[];
    assert.equal(items.length, 3);
    for (const k of ["message_id", "from", "to", "subject", "raw", "created_at"]) {
      assert.ok(k in items[0], k);
    }
    assert.match(items[0].raw as string, /^Feedback-ID: /m);
    const a = await svc.admin("GET", "/outbox?to=A@example.com");
    assert.equal((a.body.items as unknown[]).length, 2);
    const lim = await svc.admin("GET", "/outbox?to=a@example.com&limit=1");
    assert.equal((lim.body.items as unknown[]).length, 1);
    // Large messages are kept whole (chunked).
    const big = "word ".repeat(90_000);
    await svc.api("POST", "mail/send", { key: s.key, body: { to: "big@example.com", text: big } });
    const [m] = (await svc.admin("GET", "/outbox?to=big@example.com")).body.items as {
      raw: string;
    }[];
    const parsed = await simpleParser(m.raw);
    assert.equal(parsed.text!.trim(), big.trim());
  });
});
