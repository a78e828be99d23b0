/**
 * Addresses at the API, end to end against a real SMTP server on loopback:
 * mail/send refuses what the address parser refuses (400 invalid_payload
 * naming the field); IDN domains go out as A-labels; a non-ASCII local part
 * goes out with SMTPUTF8 and raw UTF-8 headers, or fails cleanly when the
 * relay does not offer SMTPUTF8; a visitor's address can never stop the
 * owner's form notification; sequences/enroll and the operator API take the
 * same parser.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { type Received, startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { siteEvents } from "../../helpers/mail.ts";
import { SMTPUTF8_MISSING } from "../../../domain/mail/transport.ts";
import { addressKey } from "../../../domain/kernel/address.ts";
import { getSuppression } from "../../../domain/suppressions/store.ts";

const INJECTION = "x\u4e0d\u4e0aX-Injected\u4e3a\u4e20yes@example.org";

async function withSmtp(
  fn: (svc: TestService, smtp: TestSmtp) => Promise<void>,
  opts: { hideSmtpUtf8?: boolean; workers?: number } = {},
) {
  const smtp = await startSmtp({ hideSmtpUtf8: opts.hideSmtpUtf8 });
  const svc = await startTestService({
    runJobs: false,
    config: {
      SVC_SMTP_URL: smtp.url,
      SVC_RELAY_FROM: "relay@mail.svc.test",
      ...(opts.workers !== undefined && { SVC_SMTP_WORKERS: opts.workers }),
    },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

/**
 * Envelope recipients in their key form: smtp-server shows an A-label domain
 * in Unicode, so the wire form is checked in the header fields instead.
 */
const rcpt = (m: Received) => m.rcptTo.map((a) => addressKey(a));

/** The top header block as received: raw UTF-8 text and its field names. */
function head(m: Received) {
  const text = m.raw.subarray(0, m.raw.indexOf("\r\n\r\n")).toString("utf8");
  const names = text.split(/\r\n(?![ \t])/).map((l) => l.slice(0, l.indexOf(":")).toLowerCase());
  return { text, names };
}

Deno.test("mail/send: an address the parser refuses is 400 invalid_payload naming the field", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const bad = [
      "ann\u0000@example.org",
      "ann@example.org\r\nBcc: evil@example.net",
      "ann\u2028@example.org",
      "ann\u202e@example.org",
      "ann@[192.0.2.1]",
      "a".repeat(65) + "@example.org",
      "ann@localhost",
      "Ann <ann@example.org>, Bob <bob@example.org>",
    ];
    for (const value of bad) {
      for (
        const [field, body, path] of [
          ["to", { to: value }, "to"],
          ["to list", { to: ["ok@example.org", value] }, "to.1"],
          ["cc", { cc: [value] }, "cc.0"],
          ["bcc", { bcc: value }, "bcc"],
          ["reply_to", { reply_to: [value] }, "reply_to.0"],
          ["original_from", { original_from: value }, "original_from"],
        ] as const
      ) {
        const r = await svc.api("POST", "mail/send", {
          key: s.key,
          body: { to: "ok@example.org", subject: "Hi", text: "Hello", ...body },
        });
        assert.equal(r.status, 400, `${field} ${JSON.stringify(value)}: ${r.text}`);
        assert.equal(r.body.reason, "invalid_payload");
        const details = r.body.details as { field: string; message: string }[];
        assert.ok(
          details.some((d) => d.field === path),
          `${field} ${JSON.stringify(value)}: ${JSON.stringify(details)}`,
        );
      }
    }
    // The reason is told, not only "invalid".
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "a".repeat(65) + "@example.org", text: "x" },
    });
    assert.match(JSON.stringify(r.body.details), /at most 64 bytes/);
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("mail/send: an IDN domain goes out as its A-label, without SMTPUTF8", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "Zoë <zoe@Bücher.de>", reply_to: "ann@例子.广告", subject: "Hi", text: "Hello" },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.sent, true);
    const [m] = await smtp.waitFor(1);
    assert.deepEqual(rcpt(m), ["zoe@xn--bcher-kva.de"]);
    assert.equal(m.smtpUtf8, false);
    const { text } = head(m);
    assert.match(text, /\r\nTo: =\?UTF-8\?Q\?Zo=C3=AB\?= <zoe@xn--bcher-kva\.de>\r\n/);
    assert.match(text, /\r\nReply-To: ann@xn--fsqu00a\.xn--4rr70v\r\n/);
    assert.ok(/^[\x20-\x7e\r\n\t]*$/.test(text), "ASCII headers");
  });
});

for (const workers of [1, 0]) {
  Deno.test(`mail/send: a non-ASCII local part goes out with SMTPUTF8 and raw UTF-8 headers (workers ${workers})`, async () => {
    await withSmtp(async (svc, smtp) => {
      const s = await seedSite(svc);
      const r = await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "用户@例子.广告", reply_to: INJECTION, subject: "Hi", text: "Hello" },
      });
      assert.equal(r.status, 200, r.text);
      const [m] = await smtp.waitFor(1);
      assert.equal(m.smtpUtf8, true);
      assert.deepEqual(m.rcptTo, ["用户@例子.广告"]);
      const { text, names } = head(m);
      assert.ok(text.includes(`\r\nReply-To: ${INJECTION}\r\n`), text);
      assert.ok(m.raw.includes(Buffer.from("用户@", "utf8")));
      assert.deepEqual(names.sort(), [
        "content-type",
        "date",
        // Relay mode: signed with the relay's own key.
        "dkim-signature",
        "feedback-id",
        "from",
        "list-unsubscribe",
        "list-unsubscribe-post",
        "message-id",
        "mime-version",
        "reply-to",
        "subject",
        "to",
      ]);
      // Only the header fields need SMTPUTF8 here (an ASCII envelope): still declared.
      const r2 = await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "ann@example.org", reply_to: "用户@例子.广告", subject: "Hi", text: "Hello" },
      });
      assert.equal(r2.body.sent, true, r2.text);
      const m2 = (await smtp.waitFor(2))[1];
      assert.deepEqual(m2.rcptTo, ["ann@example.org"]);
      assert.equal(m2.smtpUtf8, true);
    }, { workers });
  });

  Deno.test(`mail/send: a relay without SMTPUTF8 fails the send cleanly, and the next mail goes (workers ${workers})`, async () => {
    await withSmtp(async (svc, smtp) => {
      const s = await seedSite(svc);
      for (
        const body of [{ to: "用户@例子.广告" }, { to: "ann@example.org", reply_to: INJECTION }]
      ) {
        const r = await svc.api("POST", "mail/send", {
          key: s.key,
          body: { ...body, subject: "Hi", text: "Hello" },
        });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          { ok: r.body.ok, sent: r.body.sent, reason: r.body.reason, error: r.body.error },
          { ok: false, sent: false, reason: "send_failed", error: SMTPUTF8_MISSING },
        );
      }
      const failed = await siteEvents(svc, s.siteId, "email.failed");
      assert.equal(failed.length, 2);
      assert.equal(failed[0].data.error, SMTPUTF8_MISSING);
      assert.equal(smtp.messages.length, 0);
      // The connection was kept usable: an ASCII mail goes through.
      const ok = await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "ann@Bücher.de", subject: "Hi", text: "Hello" },
      });
      assert.equal(ok.body.sent, true, ok.text);
      const [m] = await smtp.waitFor(1);
      assert.deepEqual(rcpt(m), ["ann@xn--bcher-kva.de"]);
      assert.equal(m.smtpUtf8, false);
    }, { hideSmtpUtf8: true, workers });
  });
}

Deno.test("mail/send: message-id caller headers must be printable ASCII", async () => {
  await withSmtp(async (svc) => {
    const s = await seedSite(svc);
    for (const name of ["In-Reply-To", "References"]) {
      const r = await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "ann@example.org", text: "x", headers: { [name]: "<a\u4e0d\u4e0ab@x>" } },
      });
      assert.equal(r.status, 400, r.text);
      assert.ok((r.body.details as { field: string }[]).some((d) => d.field === `headers.${name}`));
    }
  });
});

// --- forms/submit ---------------------------------------------------------------------

const submit = (svc: TestService, key: string, body: Record<string, unknown>) =>
  svc.api("POST", "forms/submit", {
    key,
    body: { form_id: 1, confirm: { enabled: true }, ...body },
  });

const MESSAGE = "Hello, could you send me a quote for the kitchen? Thanks.";

Deno.test("forms/submit: a submitter address the parser refuses does not stop the notification", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    for (
      const email of [
        "ann\u0000@example.org",
        "ann@example.org\r\nBcc: evil@example.net",
        "ann\u2028@example.org",
        "ann@[192.0.2.1]",
      ]
    ) {
      const before = smtp.messages.length;
      const r = await submit(svc, s.key, { fields: { email, message: MESSAGE } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.email_sent, true, `${JSON.stringify(email)}: ${r.text}`);
      const msgs = await smtp.waitFor(before + 1);
      // Only the notification: no Reply-To, no auto-reply.
      await new Promise((res) => setTimeout(res, 50));
      assert.equal(smtp.messages.length, before + 1);
      const m = msgs[before];
      assert.deepEqual(m.rcptTo, ["owner@example.com"]);
      assert.ok(!head(m).names.includes("reply-to"), JSON.stringify(email));
      assert.ok(!head(m).names.includes("bcc"));
    }
  });
});

Deno.test("forms/submit: the audit's payload gives no header; the notification goes, the auto-reply needs SMTPUTF8", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await submit(svc, s.key, { fields: { email: INJECTION, message: MESSAGE } });
    assert.equal(r.body.email_sent, true, r.text);
    const msgs = await smtp.waitFor(2);
    const notification = msgs.find((m) => m.rcptTo[0] === "owner@example.com")!;
    const reply = msgs.find((m) => m !== notification)!;
    // A non-ASCII local part is not the notification's Reply-To (it would make the
    // owner's mail depend on SMTPUTF8); it is in the listed fields, and gets the auto-reply.
    assert.ok(!head(notification).names.includes("reply-to"));
    assert.equal(notification.smtpUtf8, false);
    assert.ok((await notification.parse()).text!.includes(INJECTION));
    assert.deepEqual(reply.rcptTo, [INJECTION]);
    assert.equal(reply.smtpUtf8, true);
    for (const m of msgs) assert.ok(!head(m).names.includes("x-injected"));
  });
});

Deno.test("forms/submit: with a relay without SMTPUTF8 the notification still goes; the auto-reply fails cleanly", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await submit(svc, s.key, {
      fields: { email: "用户@例子.广告", message: MESSAGE },
    });
    assert.equal(r.body.email_sent, true, r.text);
    const [m] = await smtp.waitFor(1);
    assert.deepEqual(m.rcptTo, ["owner@example.com"]);
    const failed = await siteEvents(svc, s.siteId, "email.failed");
    assert.equal(failed.length, 1);
    assert.equal(failed[0].data.error, SMTPUTF8_MISSING);
  }, { hideSmtpUtf8: true });
});

Deno.test("forms/submit: notification addresses are read by the parser, IDN domains as A-labels", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const r = await submit(svc, s.key, {
      fields: { message: MESSAGE },
      notify_emails: ["bad\u0000@example.org", "Owner@Bücher.de", "owner@xn--bcher-kva.de", "x@y"],
      notify_email: "never@example.org",
    });
    assert.equal(r.body.email_sent, true, r.text);
    const [m] = await smtp.waitFor(1);
    assert.deepEqual(rcpt(m), ["owner@xn--bcher-kva.de"]);
    assert.match(head(m).text, /\r\nTo: Owner@xn--bcher-kva\.de\r\n/);
  });
});

// --- sequences/enroll and the operator API -----------------------------------------

Deno.test("sequences/enroll and the operator API take the same parser", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const seq = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 86_400, template: "welcome" }],
    });
    assert.equal(seq.status, 201, seq.text);
    const enroll = (email: string) =>
      svc.api("POST", "sequences/enroll", { key: s.key, body: { sequence: "welcome", email } });
    for (const bad of ["ann\u0000@example.org", INJECTION + "\r\n", "ann@[192.0.2.1]"]) {
      const r = await enroll(bad);
      assert.equal(r.status, 400, r.text);
      assert.ok((r.body.details as { field: string }[]).some((d) => d.field === "email"));
    }
    assert.equal((await enroll("Ann@Bücher.DE")).body.result, "enrolled");
    assert.equal((await enroll("ann@xn--bcher-kva.de")).body.result, "exists");
    const list = await svc.admin("GET", `/sites/${s.siteId}/enrollments`);
    assert.deepEqual((list.body.items as { email: string }[]).map((e) => e.email), [
      "ann@xn--bcher-kva.de",
    ]);

    // Sites: default_notify_email.
    const site = (email: string) =>
      svc.admin("PATCH", `/sites/${s.siteId}`, { default_notify_email: email });
    assert.equal((await site("owner\u0000@example.org")).status, 400);
    assert.equal((await site("owner@example.org\u2028")).status, 400);
    const ok = await site("Owner@Bücher.de");
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.default_notify_email, "Owner@xn--bcher-kva.de");

    // Suppressions: stored in the lowercase key form, found by any spelling.
    assert.equal(
      (await svc.admin("POST", "/suppressions", { email: "b\u0000@x.org", reason: "manual" }))
        .status,
      400,
    );
    const sup = await svc.admin("POST", "/suppressions", {
      email: "Ann@Bücher.DE",
      reason: "manual",
    });
    assert.equal(sup.status, 201, sup.text);
    assert.equal(sup.body.email, "ann@xn--bcher-kva.de");
    assert.ok(
      await getSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, "ann@xn--bcher-kva.de"),
    );
    const got = await svc.admin("GET", `/suppressions/${encodeURIComponent("ANN@bücher.de")}`);
    assert.equal(got.status, 200, got.text);
    // ... and a send to any spelling of it is suppressed.
    const r = await svc.api("POST", "mail/send", {
      key: s.key,
      body: { to: "ann@BÜCHER.de", subject: "Hi", text: "x" },
    });
    assert.equal(r.body.error, "all_recipients_suppressed", r.text);
  } finally {
    await svc.close();
  }
});
