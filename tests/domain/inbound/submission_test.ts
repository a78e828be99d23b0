/**
 * SMTP submission over real SMTP: AUTH with the site's API key (PLAIN and
 * LOGIN, as WordPress SMTP plugins send it through PHPMailer; nodemailer plays
 * that client here), 535 for a wrong key, 530 before AUTH, plain text only
 * from loopback, STARTTLS otherwise, and every message through the mail/send
 * pipeline with SMTP codes that carry the check's reason.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import nodemailer from "nodemailer";
import {
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../../helpers/service.ts";
import { message, SmtpClient } from "../../helpers/smtp_client.ts";
import { makeTestCert, type TestCert } from "../../helpers/tls.ts";
import { messageToInput, startSubmissionListener } from "../../../domain/inbound/submission.ts";
import { parseMessage } from "../../../domain/inbound/parse.ts";
import type { RunningListener } from "../../../domain/inbound/smtp_server.ts";

type Sub = { svc: TestService; smtp: RunningListener; site: Seeded };

async function withSubmission(
  fn: (s: Sub) => Promise<void>,
  opts: { host?: string; cert?: TestCert } = {},
) {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  const smtp = await startSubmissionListener(svc.ctx, {
    port: 0,
    host: opts.host ?? "127.0.0.1",
    tls: opts.cert
      ? { cert: opts.cert.cert, key: await Deno.readTextFile(opts.cert.keyFile) }
      : null,
    limits: { closeMs: 200 },
  });
  try {
    await fn({ svc, smtp, site: await seedSite(svc) });
  } finally {
    await smtp.close();
    await svc.close();
  }
}

const plain = (key: string) => Buffer.from(`\0wordpress\0${key}`).toString("base64");

type OutboxItem = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  headers: Record<string, string>;
  attachments?: { filename: string }[];
};

async function outbox(svc: TestService): Promise<OutboxItem[]> {
  return (await svc.admin("GET", "/outbox")).body.items as OutboxItem[];
}

Deno.test("a WordPress-like client with the API key as password sends through the mail pipeline", async () => {
  await withSubmission(async ({ svc, smtp, site }) => {
    const client = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: "wordpress", pass: site.key },
    });
    try {
      const info = await client.sendMail({
        from: '"My Blog" <wordpress@blog.example>',
        to: "Ann <ann@example.net>",
        bcc: "audit@example.net",
        replyTo: "owner@blog.example",
        subject: "Your order #42",
        text: "It has shipped.",
        html: "<p>It has <b>shipped</b>.</p>",
        headers: { "X-Order-Id": "42" },
        attachments: [{ filename: "invoice.txt", content: "Invoice 42" }],
      });
      assert.match(
        info.response,
        /^250 2\.0\.0 Accepted <[0-9a-f-]{36}@mail\.svc\.test> mode=relay$/,
      );
    } finally {
      client.close();
    }
    const [m] = await outbox(svc);
    assert.deepEqual(m.to.sort(), ["ann@example.net", "audit@example.net"]);
    assert.match(m.from, /^"?My Blog"? <relay@mail\.svc\.test>$/);
    assert.equal(m.subject, "Your order #42");
    assert.match(m.text, /It has shipped\./);
    assert.match(m.html, /<b>shipped<\/b>/);
    assert.match(m.raw, /^X-Order-Id: 42\r$/im);
    assert.match(m.raw, /^Reply-To: owner@blog\.example\r$/m);
    assert.ok(!/^Bcc:/im.test(m.raw), "Bcc stays hidden");
    assert.match(m.raw, /^To: .*ann@example\.net/m);
    assert.ok(!/^To: .*audit@/im.test(m.raw));
    assert.match(m.raw, /filename=invoice\.txt/);
    // Logged with source smtp, and email.sent like POST /mail/send.
    const log = await svc.admin("GET", `/sites/${site.siteId}/email-log`);
    const [rec] = log.body.items as Record<string, unknown>[];
    assert.equal(rec.source, "smtp");
    assert.equal(rec.status, "sent");
    const ev = await svc.admin("GET", `/sites/${site.siteId}/events`);
    assert.ok((ev.body.items as { type: string }[]).some((e) => e.type === "email.sent"));
  });
});

Deno.test("AUTH LOGIN works too; any user name is accepted", async () => {
  await withSubmission(async ({ smtp, site, svc }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO wp.example");
      assert.equal((await c.cmd("AUTH LOGIN")).code, 334);
      assert.equal((await c.cmd(btoa("anything-at-all"))).code, 334);
      assert.equal((await c.cmd(btoa(site.key))).code, 235);
      await c.cmd("MAIL FROM:<wordpress@blog.example>");
      await c.cmd("RCPT TO:<bob@example.net>");
      const r = await c.data(
        message({ From: "wordpress@blog.example", To: "bob@example.net", Subject: "Hi" }),
      );
      assert.equal(r.code, 250, r.text);
    } finally {
      c.close();
    }
    assert.equal((await outbox(svc)).length, 1);
  });
});

Deno.test("a wrong key gets 535; MAIL before AUTH gets 530", async () => {
  await withSubmission(async ({ smtp, svc }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const ehlo = await c.cmd("EHLO wp.example");
      assert.match(ehlo.text, /AUTH PLAIN LOGIN/);
      const before = await c.cmd("MAIL FROM:<wordpress@blog.example>");
      assert.equal(before.code, 530);
      assert.match(before.text, /^5\.7\.0 /);
      const wrong = await c.cmd(`AUTH PLAIN ${plain("svc_live_not-the-key")}`);
      assert.equal(wrong.code, 535);
      assert.match(wrong.text, /^5\.7\.8 /);
      assert.equal((await c.cmd("MAIL FROM:<wordpress@blog.example>")).code, 530);
    } finally {
      c.close();
    }
    assert.equal((await outbox(svc)).length, 0);
  });
});

Deno.test("wrong keys from one address are limited like wrong API key headers: 454 after the limit", async () => {
  await withSubmission(async ({ smtp, svc, site }) => {
    const limit = svc.ctx.config.SVC_AUTH_FAILURE_LIMIT;
    let last = 0;
    for (let i = 0; i < limit; i++) {
      const [c] = await SmtpClient.connect(smtp.port);
      try {
        await c.cmd("EHLO wp.example");
        last = (await c.cmd(`AUTH PLAIN ${plain(`svc_live_guess-${i}`)}`)).code;
      } finally {
        c.close();
      }
    }
    assert.equal(last, 454, "the guess that reaches the limit");
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO wp.example");
      assert.equal((await c.cmd(`AUTH PLAIN ${plain(site.key)}`)).code, 454, "even the right key");
    } finally {
      c.close();
    }
  });
});

Deno.test("a rotated key stops at once, also on a connection that authenticated with it", async () => {
  await withSubmission(async ({ smtp, svc, site }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO wp.example");
      assert.equal((await c.cmd(`AUTH PLAIN ${plain(site.key)}`)).code, 235);
      const rot = await svc.admin("POST", `/sites/${site.siteId}/api-keys/${site.keyId}/rotate`);
      assert.equal(rot.status, 200);
      await c.cmd("MAIL FROM:<wordpress@blog.example>");
      await c.cmd("RCPT TO:<bob@example.net>");
      const r = await c.data(message({ To: "bob@example.net", Subject: "Hi" }));
      assert.equal(r.code, 554);
      assert.match(r.text, /invalid_api_key/);
    } finally {
      c.close();
    }
  });
});

Deno.test("SMTP codes carry the pipeline's reason: suppressed, unsubscribed, content_flagged", async () => {
  await withSubmission(async ({ smtp, svc, site }) => {
    await svc.admin("POST", "/suppressions", { email: "gone@example.net", reason: "bounced" });
    await svc.admin("POST", `/sites/${site.siteId}/unsubscribes`, { email: "out@example.net" });
    const [c] = await SmtpClient.connect(smtp.port);
    const one = async (to: string, headers: Record<string, string>, body?: string) => {
      await c.cmd("RSET");
      await c.cmd("MAIL FROM:<wordpress@blog.example>");
      assert.equal((await c.cmd(`RCPT TO:<${to}>`)).code, 250);
      return await c.data(message({ To: to, ...headers }, body));
    };
    try {
      await c.cmd("EHLO wp.example");
      assert.equal((await c.cmd(`AUTH PLAIN ${plain(site.key)}`)).code, 235);
      const suppressed = await one("gone@example.net", { Subject: "Hello" });
      assert.equal(suppressed.code, 550);
      assert.equal(suppressed.text, "5.1.1 all_recipients_suppressed");
      const unsub = await one("out@example.net", { Subject: "Hello" });
      assert.equal(unsub.code, 550);
      assert.equal(unsub.text, "5.7.1 all_recipients_unsubscribed");
      const spam = await one(
        "ann@example.net",
        { Subject: "WIN NOW!!! FREE CASINO" },
        "Buy viagra and cialis online, 100% free casino bonus, act now, click here: http://1.2.3.4/x",
      );
      assert.equal(spam.code, 554);
      assert.equal(spam.text, "5.7.1 content_flagged: refused as spam");
      const empty = await one("ann@example.net", { Subject: "Nothing" }, "");
      assert.equal(empty.code, 550);
      assert.match(empty.text, /^5\.6\.0 no_body/);
    } finally {
      c.close();
    }
    const log = await svc.admin("GET", `/sites/${site.siteId}/email-log`);
    const statuses = log.body.items as { status: string; source: string }[];
    assert.deepEqual(statuses.map((r) => r.status).sort(), ["flagged", "suppressed", "suppressed"]);
    assert.ok(statuses.every((r) => r.source === "smtp"));
  });
});

Deno.test("rate limit: the 121st message in 60 s gets 452 4.7.0 rate_limited", async () => {
  await withSubmission(async ({ smtp, site }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO wp.example");
      await c.cmd(`AUTH PLAIN ${plain(site.key)}`);
      let last = { code: 0, text: "" };
      for (let i = 0; i <= 120; i++) {
        await c.cmd("MAIL FROM:<wordpress@blog.example>");
        await c.cmd(`RCPT TO:<r${i}@example.net>`);
        last = await c.data(message({ To: `r${i}@example.net`, Subject: `Note ${i}` }));
        if (i < 120) assert.equal(last.code, 250, `${i}: ${last.text}`);
      }
      assert.equal(last.code, 452);
      assert.match(last.text, /^4\.7\.0 rate_limited/);
    } finally {
      c.close();
    }
  });
});

Deno.test("a message with no To among its recipients and several of them is refused 550 5.6.0", async () => {
  await withSubmission(async ({ smtp, site }) => {
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      await c.cmd("EHLO wp.example");
      await c.cmd(`AUTH PLAIN ${plain(site.key)}`);
      await c.cmd("MAIL FROM:<wordpress@blog.example>");
      await c.cmd("RCPT TO:<a@example.net>");
      await c.cmd("RCPT TO:<b@example.net>");
      const r = await c.data(message({ To: "undisclosed-recipients:;", Subject: "Hi" }));
      assert.equal(r.code, 550);
      assert.match(r.text, /^5\.6\.0 invalid_payload/);
    } finally {
      c.close();
    }
  });
});

/** An address of this machine that is not loopback, or null. */
function outsideAddress(): string | null {
  for (const i of Deno.networkInterfaces()) {
    if (i.family === "IPv4" && !i.address.startsWith("127.")) return i.address;
  }
  return null;
}

const outside = outsideAddress();

Deno.test({
  name: "from a non-loopback address AUTH needs STARTTLS (538), and works after it",
  ignore: outside === null,
  fn: async () => {
    const cert = await makeTestCert();
    try {
      await withSubmission(async ({ smtp, site }) => {
        const [c] = await SmtpClient.connect(smtp.port, outside!);
        try {
          const ehlo = await c.cmd("EHLO wp.example");
          assert.match(ehlo.text, /STARTTLS/);
          const clear = await c.cmd(`AUTH PLAIN ${plain(site.key)}`);
          assert.equal(clear.code, 538);
          assert.match(clear.text, /^5\.7\.11 /);
          assert.equal((await c.starttls(cert.cert)).code, 220);
          await c.cmd("EHLO wp.example");
          assert.equal((await c.cmd(`AUTH PLAIN ${plain(site.key)}`)).code, 235);
          await c.cmd("MAIL FROM:<wordpress@blog.example>");
          await c.cmd("RCPT TO:<bob@example.net>");
          const r = await c.data(message({ To: "bob@example.net", Subject: "Over TLS" }));
          assert.equal(r.code, 250, r.text);
        } finally {
          c.close();
        }
      }, { host: "0.0.0.0", cert });
    } finally {
      await Deno.remove(cert.dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "without a certificate, a non-loopback client cannot authenticate at all",
  ignore: outside === null,
  fn: async () => {
    await withSubmission(async ({ smtp, site }) => {
      const [c] = await SmtpClient.connect(smtp.port, outside!);
      try {
        const ehlo = await c.cmd("EHLO wp.example");
        assert.ok(!/STARTTLS/.test(ehlo.text));
        assert.equal((await c.cmd(`AUTH PLAIN ${plain(site.key)}`)).code, 538);
      } finally {
        c.close();
      }
    }, { host: "0.0.0.0" });
  },
});

Deno.test("a long non-ASCII From name and attachment name are cut by characters, never mid-pair", async () => {
  const name = "😀".repeat(250);
  const file = "📎".repeat(300) + ".txt";
  const raw = [
    `From: =?UTF-8?B?${Buffer.from(name).toString("base64")}?= <ann@example.org>`,
    "To: bob@example.net",
    "Subject: hi",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "hello",
    "--b",
    `Content-Type: text/plain; name*=UTF-8''${encodeURIComponent(file)}`,
    `Content-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(file)}`,
    "",
    "data",
    "--b--",
    "",
  ].join("\r\n");
  const input = messageToInput(await parseMessage(raw), ["bob@example.net"]);
  assert.ok("to" in input, JSON.stringify(input).slice(0, 200));
  const from = input.from as { name: string };
  assert.equal(from.name, "😀".repeat(200));
  const att = input.attachments![0];
  assert.equal([...att.filename].length, 255);
  assert.ok(!/[\ud800-\udbff]$/.test(att.filename));
});
