/**
 * The TypeScript client (clients/typescript/) against a started service: it
 * sends a mail, submits a form and reads the domain status; its verifiers
 * accept real webhook deliveries (a real HTTP receiver) under the spec's
 * X-SVC-Signature and under Standard Webhooks, and a real email.inbound post;
 * it runs in Node too; its generated types are current.
 */
import assert from "node:assert/strict";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { createClient } from "../../../clients/typescript/client.ts";
import {
  verifyInbound,
  verifyWebhook,
  WebhookVerificationError,
} from "../../../clients/typescript/verify.ts";
import { generateTypes } from "../../../clients/typescript/generate.ts";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { type Received, startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";
import { message, SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";

const FORM = {
  form_id: 3,
  form_name: "Contact",
  fields: {
    name: "Ann Example",
    email: "ann@example.com",
    message: "Could you send me the price list for next season? Thanks, Ann",
  },
  notify_emails: ["owner@example.com"],
};

Deno.test("the committed schema.d.ts is what `deno task client:types` writes now", async () => {
  const committed = await Deno.readTextFile(
    new URL("../../../clients/typescript/schema.d.ts", import.meta.url),
  );
  assert.equal(committed, await generateTypes(), "run: deno task client:types");
});

Deno.test("the client sends a mail (idempotently), submits a form and reads the domain status", async () => {
  const svc = await startTestService();
  try {
    const base = await svc.listen();
    const s = await seedSite(svc);
    const api = createClient({ baseUrl: base, apiKey: s.key });

    const sent = await api.sendMail(
      { to: "ann@example.com", subject: "Hello", text: "Hi Ann" },
      { idempotencyKey: "hello-ann-1" },
    );
    assert.equal(sent.status, 200);
    if (sent.status === 200 && sent.body.ok && "message_id" in sent.body) {
      assert.match(sent.body.message_id, /^<.+@.+>$/);
    } else assert.fail(JSON.stringify(sent.body));
    const again = await api.sendMail(
      { to: "ann@example.com", subject: "Hello", text: "Hi Ann" },
      { idempotencyKey: "hello-ann-1" },
    );
    assert.deepEqual(again.body, sent.body);
    assert.equal(again.headers.get("idempotent-replayed"), "true");

    const bad = await api.sendMail({ to: "ann@example.com" });
    assert.equal(bad.status, 400);
    if (bad.status === 400) assert.equal(bad.body.reason, "no_body");

    const submitted = await api.submitForm(FORM);
    assert.equal(submitted.status, 200);
    if (submitted.status === 200) {
      assert.equal(submitted.body.ok, true);
      assert.equal(typeof submitted.body.id, "string");
    }

    const status = await api.domainStatus();
    assert.equal(status.status, 200);
    if (status.status === 200) assert.equal(status.body.effective_mode, "relay");

    const wrong = await createClient({ baseUrl: base, apiKey: "svc_live_wrong" }).blockStatus();
    assert.equal(wrong.status, 401);
  } finally {
    await svc.close();
  }
});

function headersOf(r: Received): Record<string, string> {
  return Object.fromEntries(r.headers.entries());
}

Deno.test("verifyWebhook accepts a real delivery under X-SVC-Signature and under Standard Webhooks, and refuses forgeries", async () => {
  const svc = await startTestService();
  const plain = startReceiver();
  const std = startReceiver();
  try {
    const base = await svc.listen();
    const s = await seedSite(svc);
    const a = await addWebhook(svc, s.siteId, plain.url, ["form.submitted"]);
    const b = await addWebhook(svc, s.siteId, std.url, ["form.submitted"], {
      standard_webhooks: true,
    });
    await createClient({ baseUrl: base, apiKey: s.key }).submitForm(FORM);
    await plain.waitFor(1);
    await std.waitFor(1);

    // The spec's scheme: X-SVC-Signature over the raw bytes.
    const p = plain.requests[0];
    const event = await verifyWebhook(p.bytes, headersOf(p), a.secret);
    assert.equal(event.type, "form.submitted");
    assert.equal(event.site_id, s.siteId);
    await assert.rejects(
      verifyWebhook(p.text + " ", p.headers, a.secret),
      WebhookVerificationError,
    );
    await assert.rejects(verifyWebhook(p.text, p.headers, b.secret), WebhookVerificationError);
    await assert.rejects(
      verifyWebhook(p.text, p.headers, a.secret, { scheme: "standard" }),
      WebhookVerificationError,
    );

    // Standard Webhooks: webhook-signature with its timestamp (Fetch Headers or a plain object).
    const q = std.requests[0];
    assert.equal((await verifyWebhook(q.text, q.headers, b.secret)).type, "form.submitted");
    assert.equal(
      (await verifyWebhook(q.bytes, headersOf(q), b.secret, { scheme: "standard" })).type,
      "form.submitted",
    );
    // The same answer as the standardwebhooks package.
    new StandardWebhook(b.secret).verify(q.text, headersOf(q));
    await assert.rejects(
      verifyWebhook(q.text, q.headers, b.secret, { now: Date.now() + 10 * 60_000 }),
      /tolerance/,
    );
    await assert.rejects(verifyWebhook(q.text, q.headers, a.secret), WebhookVerificationError);
    // Its X-SVC-Signature holds too.
    assert.equal(
      (await verifyWebhook(q.text, q.headers, b.secret, { scheme: "svc" })).type,
      "form.submitted",
    );
  } finally {
    await plain.close();
    await std.close();
    await svc.close();
  }
});

Deno.test("verifyWebhook accepts the old and the new secret during a rotation's grace", async () => {
  const svc = await startTestService();
  const rx = startReceiver();
  try {
    const base = await svc.listen();
    const s = await seedSite(svc);
    const hook = await addWebhook(svc, s.siteId, rx.url, ["form.submitted"], {
      standard_webhooks: true,
    });
    const rot = await svc.admin("POST", `/webhooks/${hook.id}/rotate-secret`);
    await createClient({ baseUrl: base, apiKey: s.key }).submitForm(FORM);
    await rx.waitFor(1);
    const r = rx.requests[0];
    for (const secret of [hook.secret, rot.body.secret as string]) {
      for (const scheme of ["standard", "svc"] as const) {
        assert.equal(
          (await verifyWebhook(r.text, r.headers, secret, { scheme })).type,
          "form.submitted",
        );
      }
    }
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("verifyInbound accepts a real email.inbound post and refuses a wrong secret", async () => {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  const rx = startReceiver();
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    forward: { timeoutMs: 2000 },
    limits: { closeMs: 500 },
  });
  try {
    const created = await svc.admin("POST", "/inbound-domains", {
      domain: "in.example.org",
      url: rx.url,
    });
    assert.equal(created.status, 201, created.text);
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const mail = message(
        { From: "ann@sender.example", To: "help@in.example.org", Subject: "Hi" },
        "Hello\n",
      );
      await c.send("ann@sender.example", ["help@in.example.org"], mail);
    } finally {
      c.close();
    }
    await rx.waitFor(1);
    const r = rx.requests[0];
    const info = await verifyInbound(r.bytes, r.headers, created.body.secret as string);
    assert.equal(info.domain, "in.example.org");
    assert.equal(info.recipient, "help@in.example.org");
    assert.equal(info.sender, "ann@sender.example");
    assert.match(info.delivery, /^[0-9a-f-]{36}$/);
    await assert.rejects(
      verifyInbound(r.bytes, r.headers, "svc_in_wrong"),
      WebhookVerificationError,
    );
  } finally {
    await smtp.close();
    await rx.close();
    await svc.close();
  }
});

const node = (() => {
  try {
    return new Deno.Command("node", { args: ["--version"] }).outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "the client and its verifiers run in Node (plain fetch and Web Crypto, no Deno APIs)",
  ignore: !node,
  fn: async () => {
    for (const f of ["client.ts", "verify.ts"]) {
      const src = await Deno.readTextFile(
        new URL(`../../../clients/typescript/${f}`, import.meta.url),
      );
      assert.doesNotMatch(src, /\bDeno\./, f);
    }
    const svc = await startTestService();
    const rx = startReceiver();
    const dir = await Deno.makeTempDir();
    try {
      const base = await svc.listen();
      const s = await seedSite(svc);
      const hook = await addWebhook(svc, s.siteId, rx.url, ["email.sent"], {
        standard_webhooks: true,
      });
      const entry = `${dir}/entry.ts`;
      await Deno.writeTextFile(
        entry,
        `import { createClient } from "${
          new URL("../../../clients/typescript/client.ts", import.meta.url).pathname
        }";
import { verifyWebhook } from "${
          new URL("../../../clients/typescript/verify.ts", import.meta.url).pathname
        }";
const [base, key] = process.argv.slice(2);
const api = createClient({ baseUrl: base, apiKey: key });
const r = await api.sendMail({ to: "node@example.com", subject: "From Node", text: "Hi" });
console.log(JSON.stringify({ status: r.status, ok: r.body.ok }));
(globalThis as any).verifyWebhook = verifyWebhook;
`,
      );
      const bundle = await new Deno.Command(Deno.execPath(), {
        args: ["bundle", "--platform", "node", "-o", `${dir}/out.mjs`, entry],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(bundle.success, new TextDecoder().decode(bundle.stderr));
      const run = await new Deno.Command("node", {
        args: [`${dir}/out.mjs`, base, s.key],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const out = new TextDecoder().decode(run.stdout);
      assert.ok(run.success, new TextDecoder().decode(run.stderr));
      assert.deepEqual(JSON.parse(out.trim().split("\n").at(-1)!), { status: 200, ok: true });
      await rx.waitFor(1);
      // Verify the resulting delivery in Node too.
      const r = rx.requests[0];
      await Deno.writeTextFile(
        `${dir}/verify.ts`,
        `import { verifyWebhook } from "${
          new URL("../../../clients/typescript/verify.ts", import.meta.url).pathname
        }";
const [body, headers, secret] = process.argv.slice(2);
const e = await verifyWebhook(body, JSON.parse(headers), secret);
console.log(e.type);
`,
      );
      const vb = await new Deno.Command(Deno.execPath(), {
        args: ["bundle", "--platform", "node", "-o", `${dir}/verify.mjs`, `${dir}/verify.ts`],
        stderr: "piped",
      }).output();
      assert.ok(vb.success, new TextDecoder().decode(vb.stderr));
      const v = await new Deno.Command("node", {
        args: [`${dir}/verify.mjs`, r.text, JSON.stringify(headersOf(r)), hook.secret],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(v.success, new TextDecoder().decode(v.stderr));
      assert.equal(new TextDecoder().decode(v.stdout).trim(), "email.sent");
    } finally {
      await Deno.remove(dir, { recursive: true });
      await rx.close();
      await svc.close();
    }
  },
});
