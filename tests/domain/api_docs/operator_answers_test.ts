/**
 * The operator document's answers, with data behind them: one of every
 * resource is made through the real service (a mail sent, a form submitted, a
 * webhook delivered to a real receiver, a bounce delivered over SMTP to the
 * inbound listener, ...), then every GET of the operator API (the route table
 * of tests/helpers/routes.ts) is called and its answer validated with ajv
 * against the schema the document gives it. Lists must not be empty, so the
 * item schemas are checked against real items, and no GET may answer with an
 * untyped object schema.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { ADMIN_ROUTES } from "../../helpers/routes.ts";
import { markFormText, markMailText } from "../../helpers/spam_lists.ts";
import { startReceiver } from "../../helpers/webhook_receiver.ts";
import { settled } from "../../helpers/webhooks.ts";
import { SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import { verpAddress } from "../../../domain/mail/tokens.ts";

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};

const RP = "mail.svc.test";

/** The document path of a route-table path: `{site}`, `{form}`, ... are the document's `{id}`. */
function docPath(doc: Doc, path: string): string {
  // A route's query (`?email=...`) is not part of its documented path.
  const shape = path.split("?")[0].replace(/\{\w+\}/g, "{}");
  const found = Object.keys(doc.paths).find((p) => p.replace(/\{\w+\}/g, "{}") === shape);
  assert.ok(found, `no document path for ${path}`);
  return found;
}

/** True when a schema says nothing about its fields (the generic `{type: object}`). */
function untyped(schema: Record<string, unknown>): boolean {
  return schema.type === "object" && !schema.properties && !schema.additionalProperties &&
    !schema.anyOf && !schema.oneOf;
}

Deno.test("every operator GET answers what the operator document says, with real data in every list", async () => {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: `relay@${RP}` } });
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  const rx = startReceiver();
  try {
    const base = await svc.listen();
    const s = await seedSite(svc);
    /** Creations, checked against the document's 201 answers below. */
    const made: { path: string; body: unknown }[] = [];
    const must = (
      r: { status: number; text: string; body: unknown },
      status = 201,
      path?: string,
    ) => {
      assert.equal(r.status, status, r.text);
      if (path) made.push({ path, body: r.body });
    };

    const form = await svc.admin("POST", `/accounts/${s.accountId}/forms`, {
      name: "Contact",
      slug: "contact",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
    });
    must(form, 201, "/accounts/{id}/forms");
    const endpoint = await svc.admin("POST", `/sites/${s.siteId}/form-endpoints`, {
      form: "contact",
      allowed_origins: ["https://example.com"],
    });
    must(endpoint, 201, "/sites/{id}/form-endpoints");
    const block = await svc.admin("POST", "/ip-blocks", {
      ip: "192.0.2.1",
      reason: "manual",
      note: "seen in the logs",
    });
    must(block, 201, "/ip-blocks");
    must(await svc.admin("POST", "/suppressions", { email: "gone@example.com", reason: "manual" }));
    must(await svc.admin("POST", `/sites/${s.siteId}/unsubscribes`, { email: "a@example.com" }));
    const hook = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: rx.url,
      events: ["all"],
    });
    must(hook, 201, "/sites/{id}/webhooks");
    const template = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "Welcome",
      slug: "welcome",
      subject: "Hello {{name}}",
      html: "<p>Hello {{name}}</p>",
    });
    must(template, 201, "/accounts/{id}/templates");
    const sequence = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 3600, template: "welcome" }],
    });
    must(sequence, 201, "/accounts/{id}/sequences");
    must(
      await svc.api("POST", "sequences/enroll", {
        key: s.key,
        body: { sequence: "welcome", email: "ann@example.com" },
      }),
      200,
    );
    const domain = await svc.admin("POST", `/sites/${s.siteId}/sending-domains`, {
      domain: "mail.answers.example.com",
      from_address: "hi@mail.answers.example.com",
    });
    must(domain, 201, "/sites/{id}/sending-domains");
    const inbound = await svc.admin("POST", "/inbound-domains", {
      domain: "in.answers.example.com",
      url: "http://127.0.0.1:9/inbound",
    });
    must(inbound, 201, "/inbound-domains");
    const user = await svc.admin("POST", `/accounts/${s.accountId}/users`, {
      email: "owner@answers.example.com",
      password: "a long enough password",
    });
    must(user, 201, "/accounts/{id}/users");
    must(
      await svc.admin("POST", `/accounts/${s.accountId}/invitations`, { email: "i@example.com" }),
      201,
      "/accounts/{id}/invitations",
    );
    const submitted = await svc.api("POST", "forms/submit", {
      key: s.key,
      body: {
        form_id: 1,
        fields: { email: "ann@example.com", message: "Do you ship to Lyon? Thanks, Ann" },
      },
    });
    must(submitted, 200);
    const sent = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "bob@example.com", subject: "Your order", text: "It has shipped." },
    });
    assert.equal(sent.body.sent, true, sent.text);

    // A bounce of that mail, delivered over SMTP as a mail server sends it.
    const messageId = sent.body.message_id as string;
    const logId = messageId.slice(1, 37);
    const verp = verpAddress(svc.ctx.config.encryptionKey, logId, "bob@example.com", RP);
    const eml = Deno.readTextFileSync(
      fileURLToPath(new URL("../inbound/fixtures/postfix_failed.eml", import.meta.url)),
    );
    const vars: Record<string, string> = {
      VERP: verp,
      ENVID: verp.split("@")[0],
      MSGID: messageId,
      RCPT: "bob@example.com",
      RCPT_LOCAL: "bob",
      RP,
      SUBJECT: "Your order",
      NONCE: crypto.randomUUID(),
    };
    const raw = eml.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k]).replace(/\r?\n/g, "\r\n");
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const replies = await c.send("", [verp], raw);
      assert.equal(replies.at(-1)!.code, 250);
    } finally {
      c.close();
    }
    const reports = await svc.admin("GET", "/delivery-reports");
    const report = (reports.body.items as { id: string }[])[0];
    assert.ok(report, reports.text);

    // A delivery that reached the receiver.
    await rx.waitFor(1);
    const deliveries = await svc.admin("GET", `/webhooks/${hook.body.id}/deliveries`);
    const delivery = (deliveries.body.items as { id: string; event_id: string }[])[0];
    await settled(svc, delivery.id);
    const enrollments = await svc.admin("GET", `/sites/${s.siteId}/enrollments`);

    const ids: Record<string, string> = {
      account: s.accountId,
      site: s.siteId,
      form: form.body.id as string,
      endpoint: endpoint.body.id as string,
      block: block.body.id as string,
      email: "gone@example.com",
      hook: hook.body.id as string,
      delivery: delivery.id,
      event: delivery.event_id,
      template: template.body.id as string,
      submission: submitted.body.id as string,
      sequence: sequence.body.id as string,
      enrollment: (enrollments.body.items as { id: string }[])[0].id,
      domain: domain.body.id as string,
      inbound: inbound.body.id as string,
      report: report.id,
      log: logId,
    };

    // An entry on each service-wide spam list: three accounts mark the same text spam.
    await markFormText(svc, null, 3);
    await markMailText(svc, 3);

    const doc = (await svc.admin("GET", "/openapi.json")).body as unknown as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const dump = Deno.env.get("DUMP_ANSWERS") === "1";
    let checked = 0;
    for (const r of ADMIN_ROUTES.filter((r) => r.method === "GET")) {
      if (r.path === "/openapi.json" || r.path === "/relay") continue;
      const url = r.path.replace(/\{(\w+)\}/g, (_, p: string) => {
        assert.ok(ids[p], `no id for {${p}}`);
        return encodeURIComponent(ids[p]);
      });
      const res = await fetch(`${base}/admin/api/v1${url}`, {
        headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
      });
      const text = await res.text();
      assert.equal(res.status, 200, `GET ${url}: ${text.slice(0, 300)}`);
      if (res.headers.get("content-type")?.startsWith("text/plain")) continue;
      const body = JSON.parse(text);
      if (dump) {
        console.log(`\n### GET ${r.path}\n${JSON.stringify(body, null, 1).slice(0, 4000)}`);
        continue;
      }
      const schema = doc.paths[docPath(doc, r.path)].get.responses["200"].content![
        "application/json"
      ].schema as Record<string, unknown>;
      assert.ok(!untyped(schema), `GET ${r.path}: the document gives an untyped answer`);
      const items = (schema.properties as Record<string, Record<string, unknown>> | undefined)
        ?.items?.items as Record<string, unknown> | undefined;
      if (items) {
        assert.ok(!untyped(items), `GET ${r.path}: the document gives untyped items`);
        assert.ok(body.items.length > 0, `GET ${r.path}: no items to check`);
      }
      const validate = ajv.compile(schema);
      assert.ok(validate(body), `GET ${r.path}\n${JSON.stringify(validate.errors)}\n${text}`);
      checked++;
    }
    assert.ok(checked >= 40, `only ${checked} answers checked`);

    for (const m of made) {
      const schema = doc.paths[m.path].post.responses["201"].content!["application/json"]
        .schema as Record<string, unknown>;
      assert.ok(!untyped(schema), `POST ${m.path}: the document gives an untyped answer`);
      const validate = ajv.compile(schema);
      assert.ok(validate(m.body), `POST ${m.path}\n${JSON.stringify(validate.errors)}`);
    }
    assert.equal(made.length, 10);
  } finally {
    await rx.close();
    await smtp.close();
    await svc.close();
  }
});
