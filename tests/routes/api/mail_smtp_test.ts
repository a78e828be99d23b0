/**
 * POST /mail/send against a real SMTP server on loopback: the message as the
 * server receives it (envelope, headers, MIME parts, attachments, unsubscribe
 * headers, Reply-To per mode, DKIM verified with mailauth against the published
 * key; relay mail against the record GET /admin/api/v1/relay shows), and the
 * failures a server can cause.
 *
 * Long file: one real SMTP server per test and the message as received; split
 * by mode it would repeat the same harness in each half.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { dkimVerify } from "mailauth";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { addVerifiedDomain, siteEvents, txtResolver } from "../../helpers/mail.ts";
import { readUnsubscribeToken, readVerp } from "../../../domain/mail/tokens.ts";
import { getEmailLogByMessageId } from "../../../domain/mail/email_log_store.ts";
import { readMonthly } from "../../../domain/kernel/kv/counters.ts";

async function withSmtp(
  fn: (svc: TestService, smtp: TestSmtp) => Promise<void>,
  config: Record<string, unknown> = {},
) {
  const smtp = await startSmtp();
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@mail.svc.test", ...config },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

/** A header as sent (unfolded), or undefined. */
function rawHeader(mail: { headerLines: readonly { key: string; line: string }[] }, name: string) {
  const h = mail.headerLines.find((l) => l.key === name.toLowerCase());
  return h?.line.slice(h.line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
}

const send = (svc: TestService, key: string, body: unknown) =>
  svc.api("POST", "mail/send", { key, body });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

Deno.test("relay: the server receives From, Reply-To, VERP envelope, parts and attachments", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc, { site: { name: "Acme Shop", default_from_name: "Acme" } });
    const r = await send(svc, s.key, {
      to: "Ann <ann@example.com>",
      subject: "Grüße – your order",
      html:
        '<html><body><p>Hello <b>Ann</b>, see <a href="https://shop.example.com/o/1?a=1&amp;b=2">' +
        'your order</a>.</p><img src="cid:logo@acme"></body></html>',
      original_from: "WordPress <wordpress@acme.example>",
      headers: { "X-Order": "1234", "From": "evil@example.com", "Content-Type": "text/plain" },
      attachments: [
        { filename: "invoice.pdf", content: Buffer.from("%PDF-1.4 fake").toString("base64") },
        {
          filename: "notes.txt",
          content: Buffer.from("plain notes").toString("base64"),
          content_type: "text/plain",
        },
        {
          filename: "logo.png",
          content: PNG.toString("base64"),
          content_type: "image/png",
          content_id: "logo@acme",
        },
      ],
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.mode, "relay");
    const [m] = await smtp.waitFor(1);
    const mail = await m.parse();

    // Envelope: VERP Return-Path that names this message's log record.
    assert.match(m.mailFrom, /^bounce\+[0-9a-f]{32}-[0-9a-f]{12}@mail\.svc\.test$/);
    const logId = readVerp(m.mailFrom)?.logId;
    const rec = await getEmailLogByMessageId(svc.ctx.kv, r.body.message_id as string);
    assert.equal(logId, rec!.id);
    assert.deepEqual(m.rcptTo, ["ann@example.com"]);

    // Headers.
    assert.equal(mail.messageId, r.body.message_id);
    assert.deepEqual(mail.from!.value, [{ address: "relay@mail.svc.test", name: "Acme" }]);
    assert.deepEqual(mail.replyTo!.value, [{
      address: "wordpress@acme.example",
      name: "WordPress",
    }]);
    assert.equal(mail.subject, "Grüße – your order");
    assert.equal(mail.headers.get("x-order"), "1234");
    assert.match(mail.headers.get("feedback-id") as string, new RegExp(`:relay:${s.siteId}:svc$`));
    // Structural caller headers were dropped, not sent twice.
    assert.equal(m.raw.toString().match(/^From:/gim)!.length, 1);
    assert.ok(!m.raw.toString().includes("evil@example.com"));
    assert.deepEqual(rec!.dropped_headers, ["From", "Content-Type"]);

    // One recipient: RFC 8058 one-click unsubscribe.
    const lu = rawHeader(mail, "List-Unsubscribe")!.replace(/^<|>$/g, "");
    assert.ok(lu.startsWith("http://localhost:8080/u/"), lu);
    const token = decodeURIComponent(lu.slice("http://localhost:8080/u/".length));
    assert.deepEqual(readUnsubscribeToken(svc.ctx.config.encryptionKey, token), {
      siteId: s.siteId,
      email: "ann@example.com",
    });
    assert.equal(rawHeader(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");

    // Parts: tracked HTML, untracked generated text.
    assert.ok(mail.html && mail.html.includes("/t/c/"), "links are tracked in HTML");
    assert.ok((mail.html as string).includes("/t/o/"), "open pixel in HTML");
    assert.match(
      mail.text!,
      /Hello Ann, see your order \(https:\/\/shop\.example\.com\/o\/1\?a=1&b=2\)/,
    );
    assert.ok(!mail.text!.includes("/t/c/"), "text part untracked");

    // Attachments, byte for byte; the cid image inline.
    const byName = new Map(mail.attachments.map((a) => [a.filename, a]));
    assert.equal(byName.get("invoice.pdf")!.content.toString(), "%PDF-1.4 fake");
    assert.equal(byName.get("invoice.pdf")!.contentType, "application/pdf");
    assert.equal(byName.get("notes.txt")!.content.toString(), "plain notes");
    const logo = byName.get("logo.png")!;
    assert.equal(logo.contentId, "<logo@acme>");
    assert.ok(Buffer.compare(logo.content, PNG) === 0);
    assert.ok(/multipart\/related/i.test(m.raw.toString()), "inline image in multipart/related");
  });
});

Deno.test("relay: reply_to wins over original_from; cc and bcc in the envelope, bcc not in headers", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await send(svc, s.key, {
      to: ["a@example.com", "b@example.com"],
      cc: "c@example.com",
      bcc: ["hidden@example.com"],
      reply_to: ["support@acme.example", "Sales <sales@acme.example>"],
      original_from: "wp@acme.example",
      from: { name: "Shop Bot", address: "ignored@acme.example" },
      text: "Hi all",
    });
    assert.equal(r.body.sent, true, r.text);
    // One copy per recipient, each with its own envelope sender, all of the same bytes.
    const copies = await smtp.waitFor(4);
    const m = copies[0];
    const mail = await m.parse();
    assert.deepEqual(copies.flatMap((c) => c.rcptTo).sort(), [
      "a@example.com",
      "b@example.com",
      "c@example.com",
      "hidden@example.com",
    ]);
    assert.equal(new Set(copies.map((c) => c.mailFrom)).size, 4, "a VERP of its own each");
    for (const c of copies) {
      assert.equal(c.rcptTo.length, 1);
      assert.equal(c.raw.toString(), m.raw.toString(), "the same message");
    }
    assert.ok(!/hidden@example\.com/.test(m.raw.toString()), "bcc is not in the headers");
    assert.deepEqual(mail.from!.value, [{ address: "relay@mail.svc.test", name: "Shop Bot" }]);
    assert.deepEqual(mail.replyTo!.value.map((v) => v.address), [
      "support@acme.example",
      "sales@acme.example",
    ]);
    // Several recipients: no unsubscribe headers.
    assert.equal(mail.headers.get("list-unsubscribe"), undefined);
    assert.equal(mail.headers.get("list-unsubscribe-post"), undefined);
    // Text only: an HTML part is generated from it, escaped.
    assert.ok(mail.html && (mail.html as string).includes("<p>Hi all</p>"));
  });
});

Deno.test("relay: a caller List-Unsubscribe is kept and none is added; sender falls back to the site name", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc, { site: { name: "Plain Site" } });
    await send(svc, s.key, {
      to: "a@example.com",
      text: "<b>not html</b> & more",
      headers: { "List-Unsubscribe": "<mailto:leave@acme.example>" },
    });
    const mail = await (await smtp.waitFor(1))[0].parse();
    assert.equal(rawHeader(mail, "List-Unsubscribe"), "<mailto:leave@acme.example>");
    assert.equal(mail.headers.get("list-unsubscribe-post"), undefined);
    assert.equal(mail.from!.value[0].name, "Plain Site");
    assert.ok((mail.html as string).includes("&lt;b&gt;not html&lt;/b&gt; &amp; more"));
  });
});

Deno.test("relay: a text-only mail's generated HTML part carries no open pixel or click redirect; its URLs are links", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await send(svc, s.key, { to: "a@example.com", text: "See https://acme.example/o/1 soon." });
    const m = (await smtp.waitFor(1))[0];
    assert.doesNotMatch(m.raw.toString(), /\/t\/o\/|\/t\/c\//);
    const mail = await m.parse();
    assert.ok((mail.html as string).includes('<a href="https://acme.example/o/1">'));
  });
});

Deno.test("relay: a template mail without reply_to or original_from gets Reply-To the site's notification address", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await send(svc, s.key, { to: "a@example.com", template: "receipt", data: { name: "Ann" } });
    await send(svc, s.key, { to: "b@example.com", text: "no template" });
    await send(svc, s.key, {
      to: "c@example.com",
      template: "receipt",
      original_from: "wp@acme.example",
    });
    const [a, b, c] = await Promise.all((await smtp.waitFor(3)).map((m) => m.parse()));
    assert.deepEqual(a.replyTo!.value.map((v) => v.address), ["owner@example.com"]);
    assert.equal(b.replyTo, undefined, "no Reply-To for a plain API mail");
    assert.deepEqual(c.replyTo!.value.map((v) => v.address), ["wp@acme.example"]);
    // A site without a notification address: no Reply-To.
    const quiet = await seedSite(svc, { site: { default_notify_email: null } });
    await send(svc, quiet.key, { to: "d@example.com", template: "receipt" });
    const [, , , d] = await smtp.waitFor(4);
    assert.equal((await d.parse()).replyTo, undefined);
  });
});

Deno.test("relay: mail is DKIM-signed for the relay domain and verifies against the record GET /admin/api/v1/relay shows", async () => {
  await withSmtp(async (svc, smtp) => {
    const relay = await svc.admin("GET", "/relay");
    assert.equal(relay.status, 200, relay.text);
    const view = relay.body as {
      from: string;
      dkim: {
        selector: string;
        domain: string;
        dns_record: { type: string; name: string; value: string };
      };
      spf_hint: string;
      dmarc_hint: string;
    };
    assert.equal(view.from, "relay@mail.svc.test");
    assert.equal(view.dkim.selector, "svc");
    assert.equal(view.dkim.domain, "mail.svc.test");
    assert.equal(view.dkim.dns_record.type, "TXT");
    assert.equal(view.dkim.dns_record.name, "svc._domainkey.mail.svc.test");
    assert.match(view.dkim.dns_record.value, /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    assert.match(view.spf_hint, /v=spf1 include:_spf\.mail\.svc\.test/);
    assert.match(view.dmarc_hint, /_dmarc\.mail\.svc\.test "v=DMARC1; p=none/);

    const s = await seedSite(svc);
    await send(svc, s.key, {
      to: "ann@example.com",
      subject: "Signed by the relay",
      html: "<p>Hi</p>",
      headers: { "X-Order": "1" },
    });
    const [m] = await smtp.waitFor(1);
    const resolver = txtResolver({ [view.dkim.dns_record.name]: view.dkim.dns_record.value });
    const result = await dkimVerify(m.raw, { resolver, sender: m.mailFrom });
    const [sig] = result.results;
    assert.equal(sig.status.result, "pass", JSON.stringify(sig.status));
    assert.equal(sig.signingDomain, "mail.svc.test");
    const h = (sig.signingHeaders!.keys as string).toLowerCase().split(":").map((x) => x.trim());
    for (
      const name of [
        "from",
        "to",
        "subject",
        "date",
        "message-id",
        "list-unsubscribe",
        "list-unsubscribe-post",
      ]
    ) {
      assert.ok(h.includes(name), `${name} signed (h=${h.join(":")})`);
    }
  });
});

Deno.test("domain mode: From is the domain address, DKIM verifies with the published key and signs List-Unsubscribe", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc, { account: { monthly_email_limit: 1 } });
    const d = await addVerifiedDomain(svc, s.siteId, "mail.acme.example");
    // over the relay quota already: domain mode does not count.
    const first = await send(svc, s.key, { to: "x@example.com", text: "one" });
    assert.equal(first.body.mode, "domain");
    const r = await send(svc, s.key, {
      to: "ann@example.com",
      subject: "Signed",
      html: "<p>Hi</p>",
      original_from: "wp@acme.example",
      from: { name: "Acme Team" },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.mode, "domain");
    assert.match(r.body.message_id as string, /@mail\.acme\.example>$/);
    const [, m] = await smtp.waitFor(2);
    const mail = await m.parse();
    assert.deepEqual(mail.from!.value, [{ address: "hello@mail.acme.example", name: "Acme Team" }]);
    // original_from is a relay-mode rule: no Reply-To in domain mode.
    assert.equal(mail.replyTo, undefined);

    const result = await dkimVerify(m.raw, {
      resolver: txtResolver({ [d.dnsName]: `v=DKIM1; k=rsa; p=${d.publicKeyB64}` }),
      sender: m.mailFrom,
    });
    const [sig] = result.results;
    assert.equal(sig.status.result, "pass", JSON.stringify(sig.status));
    assert.equal(sig.signingDomain, "mail.acme.example");
    const h = (sig.signingHeaders!.keys as string).toLowerCase().split(":").map((x) => x.trim());
    for (const name of ["from", "to", "subject", "list-unsubscribe", "list-unsubscribe-post"]) {
      assert.ok(h.includes(name), `${name} signed (h=${h.join(":")})`);
    }
    // A tampered message fails.
    const tampered = Buffer.from(m.raw.toString().replace("Subject: Signed", "Subject: Changed"));
    const bad = await dkimVerify(tampered, {
      resolver: txtResolver({ [d.dnsName]: `v=DKIM1; k=rsa; p=${d.publicKeyB64}` }),
    });
    assert.notEqual(bad.results[0].status.result, "pass");

    const sent = await siteEvents(svc, s.siteId, "email.sent");
    assert.equal(sent[1].data.mode, "domain");
    assert.equal(
      (await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count,
      0,
      "domain mode is not counted",
    );
  });
});

Deno.test("domain mode: reply_to is kept; sender_mode relay, pending domains and domains without a From address use the relay", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await addVerifiedDomain(svc, s.siteId, "mail.acme.example");
    const a = await send(svc, s.key, {
      to: "a@example.com",
      text: "x",
      reply_to: "r@acme.example",
    });
    assert.equal(a.body.mode, "domain");
    const b = await send(svc, s.key, { to: "a@example.com", text: "x", sender_mode: "relay" });
    assert.equal(b.body.mode, "relay");
    const [ma, mb] = await smtp.waitFor(2);
    assert.equal((await ma.parse()).replyTo!.value[0].address, "r@acme.example");
    assert.equal((await mb.parse()).from!.value[0].address, "relay@mail.svc.test");

    const p = await seedSite(svc);
    await addVerifiedDomain(svc, p.siteId, "pending.acme.example", { status: "pending" });
    const c = await send(svc, p.key, { to: "a@example.com", text: "x", sender_mode: "domain" });
    assert.equal(c.body.mode, "relay");
    const n = await seedSite(svc);
    await addVerifiedDomain(svc, n.siteId, "nofrom.acme.example", { fromAddress: null });
    const d = await send(svc, n.key, { to: "a@example.com", text: "x" });
    assert.equal(d.body.mode, "relay");
  });
});

Deno.test("a 5xx from the server answers send_failed with its reply, emits email.failed and gives the quota unit back", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc, { account: { monthly_email_limit: 5 } });
    smtp.reject = { code: 554, message: "5.7.1 Message rejected as spam" };
    const r = await send(svc, s.key, { to: "ann@example.com", subject: "Hi", text: "x" });
    assert.equal(r.status, 200);
    assert.equal(r.body.ok, false);
    assert.equal(r.body.sent, false);
    assert.equal(r.body.reason, "send_failed");
    assert.match(r.body.error as string, /554.*Message rejected as spam/);
    const [ev] = await siteEvents(svc, s.siteId, "email.failed");
    assert.equal(ev.data.to, "ann@example.com");
    assert.equal(ev.data.subject, "Hi");
    assert.match(ev.data.error as string, /Message rejected as spam/);
    assert.equal((await siteEvents(svc, s.siteId, "email.sent")).length, 0);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "failed");
    assert.equal(rec.error, r.body.error);
    assert.equal((await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count, 0);
    assert.equal((await svc.admin("GET", `/sites/${s.siteId}`)).body.verified, false);
    smtp.reject = null;
    assert.equal((await send(svc, s.key, { to: "ann@example.com", text: "x" })).body.sent, true);
    assert.equal((await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count, 1);
  });
});

Deno.test("one recipient's copy refused: the others are sent, one email.sent, the log lists the refused copy", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    // The first copy to reach DATA is refused, the other accepted.
    smtp.reject = { code: 550, message: "5.1.1 no such user", times: 1 };
    const r = await send(svc, s.key, {
      to: ["ann@example.com", "bob@example.com"],
      subject: "Hi",
      text: "x",
    });
    assert.equal(r.body.sent, true, r.text);
    const [m] = await smtp.waitFor(1);
    const [rec] = (await svc.admin("GET", `/sites/${s.siteId}/email-log`)).body
      .items as Record<string, unknown>[];
    assert.equal(rec.status, "sent");
    const refused = rec.refused as { to: string; error: string }[];
    assert.equal(refused.length, 1);
    assert.notEqual(refused[0].to, m.rcptTo[0], "the accepted copy is not listed");
    assert.match(refused[0].error, /550 5\.1\.1 no such user/);
    assert.equal((await siteEvents(svc, s.siteId, "email.sent")).length, 1);
    assert.equal((await siteEvents(svc, s.siteId, "email.failed")).length, 0);
  });
});

Deno.test("a server that is down answers send_failed", async () => {
  // Take a free port and close it again: nothing listens there.
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_SMTP_URL: `smtp://127.0.0.1:${port}` },
  });
  try {
    const s = await seedSite(svc);
    const r = await send(svc, s.key, { to: "ann@example.com", text: "x" });
    assert.equal(r.status, 200);
    assert.equal(r.body.reason, "send_failed");
    assert.match(r.body.error as string, /ECONNREFUSED|connect|refused/i);
    const [ev] = await siteEvents(svc, s.siteId, "email.failed");
    assert.ok((ev.data.error as string).length <= 300);
  } finally {
    await svc.close();
  }
});

Deno.test("SVC_SMTP_WORKERS=0 sends from the HTTP thread with the same results", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const ok = await send(svc, s.key, { to: "ann@example.com", subject: "In thread", text: "x" });
    assert.equal(ok.body.sent, true, ok.text);
    const [m] = await smtp.waitFor(1);
    assert.equal((await m.parse()).messageId, ok.body.message_id);
    smtp.reject = { code: 550, message: "5.1.1 No such user" };
    const bad = await send(svc, s.key, { to: "ann@example.com", text: "x" });
    assert.equal(bad.body.reason, "send_failed");
    assert.match(bad.body.error as string, /550.*No such user/);
  }, { SVC_SMTP_WORKERS: 0 });
});

Deno.test("email.failed carries at most 300 characters of a long server reply", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    smtp.reject = { code: 554, message: "5.7.1 " + "refused-".repeat(50) + "END" };
    const r = await send(svc, s.key, { to: "ann@example.com", subject: "Hi", text: "x" });
    assert.equal(r.body.reason, "send_failed");
    const error = r.body.error as string;
    assert.match(error, /^554 5\.7\.1 refused-refused-/);
    assert.equal(error.length, 300);
    const [ev] = await siteEvents(svc, s.siteId, "email.failed");
    assert.deepEqual(ev.data, { to: "ann@example.com", subject: "Hi", error });
  });
});
