/**
 * The relay path through a real MTA: the service hands mail to a private
 * Postfix instance, which relays it to a recording SMTP server. What arrives is
 * what a receiving server sees after a real hop: the VERP envelope sender kept,
 * a Received header added, the DKIM signature still valid. A permanent refusal
 * behind Postfix comes back as a delivery status notification addressed to the
 * VERP address, which names the email log record (what the bounce intake uses).
 * Needs root and Debian's postfix (.ci/run installs it).
 */
import assert from "node:assert/strict";
import { dkimVerify } from "mailauth";
import { seedSite, startTestService, type TestService } from "../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { addVerifiedDomain, txtResolver } from "../helpers/mail.ts";
import { type Postfix, startPostfix } from "./helpers/postfix.ts";
import { readVerp, verpNames } from "../../domain/mail/tokens.ts";
import { getEmailLogByMessageId } from "../../domain/mail/email_log_store.ts";

async function withRelay(fn: (svc: TestService, sink: TestSmtp, pf: Postfix) => Promise<void>) {
  const sink = await startSmtp();
  const pf = await startPostfix(sink.port);
  const svc = await startTestService({
    runJobs: false,
    config: {
      SVC_SMTP_URL: `smtp://127.0.0.1:${pf.port}`,
      SVC_RELAY_FROM: "relay@mail.svc.test",
    },
  });
  try {
    await fn(svc, sink, pf);
  } catch (e) {
    console.error(await pf.log());
    throw e;
  } finally {
    await svc.close();
    await pf.stop();
    await sink.close();
  }
}

Deno.test("domain-mode mail relayed by Postfix arrives with its VERP sender and a valid DKIM signature", async () => {
  await withRelay(async (svc, sink) => {
    const s = await seedSite(svc);
    const d = await addVerifiedDomain(svc, s.siteId, "mail.acme.example");
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: {
        to: "ann@example.net",
        subject: "Through a real relay",
        html: "<p>Hello <b>Ann</b></p>",
        attachments: [{ filename: "a.txt", content: btoa("attached"), content_type: "text/plain" }],
      },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.mode, "domain");
    const [m] = await sink.waitFor(1, 20_000);
    assert.deepEqual(m.rcptTo, ["ann@example.net"]);
    const ref = readVerp(m.mailFrom);
    const logId = ref?.logId;
    const rec = await getEmailLogByMessageId(svc.ctx.kv, r.body.message_id as string);
    assert.ok(rec, "log record by Message-ID");
    assert.equal(logId, rec.id, "the envelope sender names the log record");
    const key = svc.ctx.config.encryptionKey;
    assert.equal(verpNames(key, ref!, ["ann@example.net"]), "ann@example.net", "and the recipient");
    const raw = m.raw.toString();
    assert.match(raw, /^Received: from [^\n]*\n?[^\n]*by relay\.e2e\.test \(Postfix\)/m);
    const result = await dkimVerify(m.raw, {
      resolver: txtResolver({ [d.dnsName]: `v=DKIM1; k=rsa; p=${d.publicKeyB64}` }),
      sender: m.mailFrom,
    });
    assert.equal(result.results[0].status.result, "pass", JSON.stringify(result.results[0].status));
    const mail = await m.parse();
    assert.equal(mail.subject, "Through a real relay");
    assert.equal(mail.attachments[0].content.toString(), "attached");
  });
});

Deno.test("a permanent refusal behind Postfix comes back as a DSN to the VERP address", async () => {
  await withRelay(async (svc, sink) => {
    const s = await seedSite(svc);
    sink.reject = { code: 550, message: "5.1.1 <nobody@example.net>: no such user", times: 1 };
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "nobody@example.net", subject: "Will bounce", text: "Hello" },
    });
    // Postfix accepted it: to the API this is a send; the bounce comes later.
    assert.equal(r.body.sent, true, r.text);
    const [dsn] = await sink.waitFor(1, 20_000);
    assert.equal(dsn.mailFrom, "", "bounces have the null sender");
    assert.equal(dsn.rcptTo.length, 1);
    const rec = await getEmailLogByMessageId(svc.ctx.kv, r.body.message_id as string);
    assert.equal(readVerp(dsn.rcptTo[0])?.logId, rec!.id);
    const raw = dsn.raw.toString();
    assert.match(raw, /Content-Type: multipart\/report; report-type=delivery-status/i);
    assert.match(raw, /Status: 5\.1\.1/);
    assert.match(raw, /Final-Recipient: rfc822; nobody@example\.net/i);
  });
});
