/**
 * Account mail (an extension of POST /mail/send: `account_mail: true`, or the
 * SMTP submission header `X-SVC-Account-Mail`): a password reset reaches a
 * recipient who unsubscribed from the site's other mail, without
 * List-Unsubscribe; a bounce or complaint suppression still refuses it; the
 * email log shows the marker. Against a real SMTP server on loopback, the
 * mail parsed as received.
 */
import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { addSuppression, addUnsubscribe } from "../../../domain/suppressions/store.ts";
import { startSubmissionListener } from "../../../domain/inbound/submission.ts";

async function withSmtp(fn: (svc: TestService, smtp: TestSmtp) => Promise<void>) {
  const smtp = await startSmtp();
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@mail.svc.test" },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

const send = (svc: TestService, key: string, body: unknown) =>
  svc.api("POST", "mail/send", { key, body });

const hasHeader = (mail: { headerLines: readonly { key: string }[] }, name: string) =>
  mail.headerLines.some((l) => l.key === name.toLowerCase());

const RESET = {
  to: "ann@example.com",
  subject: "Password reset",
  text: "Someone asked to reset your password.",
};

/** The submission listener on a free port and a WordPress-like client logged in with `key`. */
async function submissionClient(svc: Parameters<Parameters<typeof withSmtp>[0]>[0], key: string) {
  const sub = await startSubmissionListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  const client = nodemailer.createTransport({
    host: "127.0.0.1",
    port: sub.port,
    secure: false,
    ignoreTLS: true,
    auth: { user: "wordpress", pass: key },
  });
  return { sub, client };
}

Deno.test("account mail reaches a one-click unsubscribed recipient without List-Unsubscribe; unmarked mail does not", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const first = await send(svc, s.key, { ...RESET, subject: "News", text: "Our news." });
    assert.equal(first.status, 200, first.text);
    const news = await (await smtp.waitFor(1))[0].parse();
    const lu = news.headerLines.find((l) => l.key === "list-unsubscribe")!.line
      .replace(/^[^:]+:\s*/, "").replace(/\s+/g, "").replace(/^<|>$/g, "");
    const u = new URL(lu);
    const unsub = await svc.api("POST", u.pathname + u.search, {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(unsub.status, 200);

    const plain = await send(svc, s.key, RESET);
    assert.equal(plain.body.reason, "send_failed");
    assert.equal(plain.body.error, "all_recipients_unsubscribed");
    const marked = await send(svc, s.key, { ...RESET, account_mail: false });
    assert.equal(marked.body.error, "all_recipients_unsubscribed", "false is the spec's behaviour");

    const r = await send(svc, s.key, { ...RESET, account_mail: true });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.sent, true);
    assert.deepEqual(r.body.removed ?? [], []);
    const received = await smtp.waitFor(2);
    const reset = await received[1].parse();
    assert.equal(reset.subject, "Password reset");
    assert.deepEqual(received[1].rcptTo, ["ann@example.com"]);
    assert.ok(!hasHeader(reset, "List-Unsubscribe"), "no List-Unsubscribe on account mail");
    assert.ok(!hasHeader(reset, "List-Unsubscribe-Post"));
    assert.doesNotMatch(reset.text ?? "", /unsubscribe/i);

    // The operator API's log list and its email view show the marker.
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const [sent, ...older] = log.body.items as Record<string, unknown>[];
    assert.equal(sent.status, "sent");
    assert.equal(sent.account_mail, true);
    for (const o of older) assert.equal(o.account_mail, undefined, "unmarked mail: no marker");
    const rec = await svc.admin("GET", `/emails/${sent.id}`);
    assert.equal(rec.status, 200, rec.text);
    assert.equal(rec.body.account_mail, true);
  });
});

Deno.test("account mail to a hard-bounced recipient still answers all_recipients_suppressed", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "ann@example.com",
      reason: "bounced",
      detail: "550 5.1.1 no such user",
      created_at: new Date().toISOString(),
    });
    const r = await send(svc, s.key, { ...RESET, account_mail: true });
    assert.equal(r.body.reason, "send_failed");
    assert.equal(r.body.error, "all_recipients_suppressed");
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("a non-boolean account_mail is invalid_payload naming it", async () => {
  await withSmtp(async (svc) => {
    const s = await seedSite(svc);
    for (const v of ["true", 1, null, {}]) {
      const r = await send(svc, s.key, { ...RESET, account_mail: v });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.reason, "invalid_payload");
      const details = r.body.details as { field: string }[];
      assert.ok(details.some((d) => d.field === "account_mail"), JSON.stringify(details));
    }
  });
});

Deno.test("SMTP submission: X-SVC-Account-Mail marks account mail and never reaches the recipient", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await addUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      site_id: s.siteId,
      email: "ann@example.com",
      source: "one_click",
      created_at: new Date().toISOString(),
    });
    const { sub, client } = await submissionClient(svc, s.key);
    try {
      const mail = (headers: Record<string, string>) =>
        client.sendMail({
          from: "wordpress@blog.example",
          to: "ann@example.com",
          subject: "Password reset",
          text: "Reset it here.",
          headers,
        });
      for (const name of ["X-SVC-Account-Mail", "x-svc-account-mail"]) {
        for (const value of ["1", "true", "TRUE"]) {
          const info = await mail({ [name]: value });
          assert.match(info.response, /^250 /, `${name}: ${value}`);
        }
      }
      // Any other value: not account mail (the unsubscribe applies), still not passed on.
      await assert.rejects(mail({ "X-SVC-Account-Mail": "yes" }), /all_recipients_unsubscribed/);
    } finally {
      client.close();
      await sub.close();
    }
    const received = await smtp.waitFor(6);
    for (const m of received) {
      const parsed = await m.parse();
      assert.ok(!hasHeader(parsed, "X-SVC-Account-Mail"), "the marker is stripped");
      assert.ok(!hasHeader(parsed, "List-Unsubscribe"));
      assert.doesNotMatch(m.raw.toString(), /x-svc-account-mail/i);
    }
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const items = log.body.items as Record<string, unknown>[];
    assert.equal(items.filter((i) => i.account_mail === true && i.status === "sent").length, 6);
    const refused = items.find((i) => i.status === "suppressed")!;
    assert.equal(refused.account_mail, undefined);
    assert.equal(refused.reason, "all_recipients_unsubscribed");
  });
});

Deno.test("SMTP submission: X-SVC-Account-Mail with another value is stripped from delivered mail", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const { sub, client } = await submissionClient(svc, s.key);
    try {
      await client.sendMail({
        from: "wordpress@blog.example",
        to: "bob@example.com",
        subject: "Hello",
        text: "Hi.",
        headers: { "X-SVC-Account-Mail": "0", "X-Order": "7" },
      });
    } finally {
      client.close();
      await sub.close();
    }
    const [m] = await smtp.waitFor(1);
    const parsed = await m.parse();
    assert.ok(!hasHeader(parsed, "X-SVC-Account-Mail"));
    assert.ok(hasHeader(parsed, "X-Order"), "other X- headers still pass");
    assert.ok(hasHeader(parsed, "List-Unsubscribe"), "unmarked mail keeps List-Unsubscribe");
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const [rec] = log.body.items as Record<string, unknown>[];
    assert.equal(rec.account_mail, undefined);
  });
});

Deno.test("mail/send: an X-SVC-Account-Mail header marks account mail like SMTP and never reaches the recipient", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    await addUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      site_id: s.siteId,
      email: "ann@example.com",
      source: "one_click",
      created_at: new Date().toISOString(),
    });
    for (const [name, value] of [["X-SVC-Account-Mail", "1"], ["x-svc-account-mail", "TRUE"]]) {
      const r = await send(svc, s.key, { ...RESET, headers: { [name]: value, "X-Order": "7" } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.sent, true, `${name}: ${value}`);
    }
    // Any other value: not account mail (the unsubscribe applies).
    const other = await send(svc, s.key, { ...RESET, headers: { "X-SVC-Account-Mail": "yes" } });
    assert.equal(other.body.error, "all_recipients_unsubscribed");
    const received = await smtp.waitFor(2);
    for (const m of received) {
      const parsed = await m.parse();
      assert.doesNotMatch(m.raw.toString(), /x-svc-account-mail/i, "the marker is stripped");
      assert.ok(!hasHeader(parsed, "List-Unsubscribe"));
      assert.ok(hasHeader(parsed, "X-Order"), "other X- headers still pass");
    }
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    const items = log.body.items as Record<string, unknown>[];
    const sent = items.filter((i) => i.status === "sent");
    assert.equal(sent.length, 2);
    for (const i of sent) {
      assert.equal(i.account_mail, true);
      assert.deepEqual(i.dropped_headers ?? [], [], "an instruction, not a dropped header");
    }
  });
});

Deno.test("mail/send: an X-SVC-Account-Mail header with another value is stripped from delivered mail", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await send(svc, s.key, {
      to: "bob@example.com",
      subject: "Hello",
      text: "Hi.",
      headers: { "X-SVC-Account-Mail": "0" },
    });
    assert.equal(r.status, 200, r.text);
    const [m] = await smtp.waitFor(1);
    assert.doesNotMatch(m.raw.toString(), /x-svc-account-mail/i);
    assert.ok(hasHeader(await m.parse(), "List-Unsubscribe"), "not account mail");
  });
});
