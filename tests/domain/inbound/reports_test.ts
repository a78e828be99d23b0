/**
 * Bounces, delays, deliveries and complaints over real SMTP: fixtures in the
 * shapes real servers send (fixtures/*.eml: Postfix, Exim with and without a
 * report part, Office 365, Gmail, qmail, Yahoo and Outlook.com feedback
 * reports), filled in with a message the service really sent, delivered to
 * the inbound listener, and read back as events, suppressions and the
 * operator's delivery reports.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../../helpers/service.ts";
import { SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import type { RunningListener } from "../../../domain/inbound/smtp_server.ts";
import { verpAddress } from "../../../domain/mail/tokens.ts";

const RP = "mail.svc.test";

type Intake = { svc: TestService; smtp: RunningListener; site: Seeded };

async function withIntake(fn: (t: Intake) => Promise<void>) {
  const svc = await startTestService({
    config: { SVC_RELAY_FROM: `relay@${RP}` },
    runJobs: false,
  });
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  try {
    await fn({ svc, smtp, site: await seedSite(svc) });
  } finally {
    await smtp.close();
    await svc.close();
  }
}

type Sent = {
  messageId: string;
  logId: string;
  /** The first recipient's VERP. */
  verp: string;
  subject: string;
  /** Each recipient's own VERP. */
  verpOf: (rcpt: string) => string;
};

let n = 0;
async function sendMail(t: Intake, to: string | string[], subject = `Order ${++n}`): Promise<Sent> {
  const r = await t.svc.api("POST", "mail/send", {
    key: t.site.key,
    body: { to, subject, text: "Your order has shipped." },
  });
  assert.equal(r.body.sent, true, r.text);
  const messageId = r.body.message_id as string;
  const logId = messageId.slice(1, 37);
  const verpOf = (rcpt: string) => verpAddress(t.svc.ctx.config.encryptionKey, logId, rcpt, RP);
  return { messageId, logId, verp: verpOf([to].flat()[0]), subject, verpOf };
}

function fixture(name: string, vars: Record<string, string>): string {
  const text = Deno.readTextFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
  return text.replace(/\{\{(\w+)\}\}/g, (_, k) => {
    if (!(k in vars)) throw new Error(`fixture ${name}: no value for {{${k}}}`);
    return vars[k];
  }).replace(/\r?\n/g, "\r\n");
}

function fill(name: string, sent: Sent, rcpt: string, extra: Record<string, string> = {}) {
  return fixture(name, {
    VERP: sent.verp,
    ENVID: sent.verp.split("@")[0],
    MSGID: sent.messageId,
    RCPT: rcpt,
    RCPT_LOCAL: rcpt.split("@")[0],
    RP,
    SUBJECT: sent.subject,
    NONCE: crypto.randomUUID(),
    ...extra,
  });
}

/** Delivers a report over SMTP as its sender would (null sender); the DATA reply. */
async function deliver(t: Intake, rcpt: string, raw: string): Promise<number> {
  const [c] = await SmtpClient.connect(t.smtp.port);
  try {
    const replies = await c.send("", [rcpt], raw);
    assert.deepEqual(replies.slice(0, 3).map((r) => r.code), [250, 250, 250]);
    return replies.at(-1)!.code;
  } finally {
    c.close();
  }
}

type Ev = { type: string; data: Record<string, unknown> };

async function events(t: Intake, type?: string, siteId = t.site.siteId): Promise<Ev[]> {
  const r = await t.svc.admin("GET", `/sites/${siteId}/events?limit=100`);
  return (r.body.items as Ev[]).filter((e) => !type || e.type === type);
}

async function suppression(t: Intake, email: string) {
  const r = await t.svc.admin("GET", `/suppressions/${encodeURIComponent(email)}`);
  return r.status === 200 ? r.body : null;
}

async function unsubscribes(t: Intake, siteId = t.site.siteId) {
  const r = await t.svc.admin("GET", `/sites/${siteId}/unsubscribes`);
  return r.body.items as { email: string; source: string }[];
}

type Case = {
  file: string;
  what: string;
  /** Envelope recipient: the VERP (default) or this local part at the return-path domain. */
  to?: string;
  type: "email.bounced" | "email.delayed" | "email.delivered" | "email.complained";
  kind?: string;
  suppressed: boolean;
  detail?: RegExp;
};

const CASES: Case[] = [
  {
    file: "postfix_failed.eml",
    what: "Postfix 5.1.1 (RFC 3464, headers only) is a recipient bounce that suppresses",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail:
      /^550 5\.1\.1 <[^>]+>: Recipient address rejected: User unknown in virtual mailbox table$/,
  },
  {
    file: "postfix_delayed.eml",
    what: "Postfix delay warning is email.delayed with the server's reply",
    type: "email.delayed",
    suppressed: false,
    detail: /^451 4\.7\.1 Greylisted, please try again later$/,
  },
  {
    file: "postfix_relayed.eml",
    what: "Postfix success notice (Action: relayed) is email.delivered",
    type: "email.delivered",
    suppressed: false,
  },
  {
    file: "postfix_expired.eml",
    what: "Postfix 4.4.1 after the queue lifetime is a transient bounce, not suppressed",
    type: "email.bounced",
    kind: "transient",
    suppressed: false,
    detail: /Connection timed out/,
  },
  {
    file: "exim_dsn.eml",
    what: "Exim report with Status 5.0.0 takes 5.1.1 from its reply: recipient bounce",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail: /^550-5\.1\.1 The email account that you tried to reach does not exist/,
  },
  {
    file: "exim_text.eml",
    what: "Exim plain-text bounce (X-Failed-Recipients, no report part) is a recipient bounce",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail: /550 5\.1\.1 <[^>]+>\.\.\. User unknown/,
  },
  {
    file: "exim_delay_text.eml",
    what: "Exim plain-text delay warning is email.delayed with the reply",
    type: "email.delayed",
    suppressed: false,
    detail: /451 4\.7\.1 Greylisted/,
  },
  {
    file: "office365.eml",
    what: "Office 365 5.1.10 with the original attached is a recipient bounce",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail: /^550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound/,
  },
  {
    file: "gmail.eml",
    what: "Gmail 5.1.1 is a recipient bounce",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail: /^550-5\.1\.1 The email account/,
  },
  {
    file: "gmail_policy.eml",
    what: "Gmail 5.7.1 (likely unsolicited) is a message bounce, not suppressed",
    type: "email.bounced",
    kind: "message",
    suppressed: false,
    detail: /likely unsolicited mail/,
  },
  {
    file: "qmail.eml",
    what: "qmail failure notice (#5.1.1) is a recipient bounce",
    type: "email.bounced",
    kind: "recipient",
    suppressed: true,
    detail: /no mailbox here by that name/,
  },
  {
    file: "arf_yahoo.eml",
    what:
      "Yahoo feedback report to the feedback-loop address is a complaint that unsubscribes from the site",
    to: "fbl",
    type: "email.complained",
    suppressed: true,
    detail: /^abuse report \(Yahoo!-Mail-Feedback\/2\.0\) from feedback@arf\.mail\.yahoo\.com$/,
  },
  {
    file: "arf_outlook_redacted.eml",
    what:
      "Outlook.com feedback report with the recipient redacted is bound by the original's Return-Path",
    to: "fbl",
    type: "email.complained",
    suppressed: true,
    detail: /^abuse report \(Hotmail FBL\)/,
  },
];

for (const c of CASES) {
  Deno.test(`${c.file}: ${c.what}`, async () => {
    await withIntake(async (t) => {
      const rcpt = `ann.${n}@example.net`;
      const sent = await sendMail(t, rcpt);
      const code = await deliver(t, c.to ? `${c.to}@${RP}` : sent.verp, fill(c.file, sent, rcpt));
      assert.equal(code, 250);
      const got = await events(t, c.type);
      assert.equal(got.length, 1, `one ${c.type}: ${JSON.stringify(await events(t))}`);
      const d = got[0].data;
      assert.equal(d.message_id, sent.messageId);
      assert.equal(d.to, rcpt);
      assert.equal(d.subject, sent.subject);
      if (c.kind) assert.equal(d.bounce_kind, c.kind);
      const text = (d.detail ?? d.reason) as string | undefined;
      if (c.detail) assert.match(text ?? "", c.detail);
      if (c.type === "email.bounced") {
        assert.equal(d.suppressed, c.suppressed ? true : undefined);
        assert.ok((text ?? "").length <= 500);
      }
      if (c.type === "email.complained") assert.equal(d.suppressed, c.suppressed);
      if (c.type === "email.delayed") assert.ok((d.reason as string).length <= 300);
      const s = await suppression(t, rcpt);
      if (c.type === "email.complained") {
        // A complaint is about one sender: unsubscribed from this site, not suppressed for all.
        assert.equal(s, null, "not on the service-wide list");
        assert.deepEqual(
          (await unsubscribes(t)).map((u) => ({ email: u.email, source: u.source })),
          [{ email: rcpt, source: "complaint" }],
        );
        const again = await t.svc.api("POST", "mail/send", {
          key: t.site.key,
          body: { to: rcpt, subject: "Again", text: "Hello" },
        });
        assert.equal(again.body.error, "all_recipients_unsubscribed");
        const other = await seedSite(t.svc);
        const elsewhere = await t.svc.api("POST", "mail/send", {
          key: other.key,
          body: { to: rcpt, subject: "From another site", text: "Hello" },
        });
        assert.equal(elsewhere.body.sent, true, "another site still reaches the address");
      } else if (c.suppressed) {
        assert.ok(s, "suppressed");
        assert.equal(s.reason, "bounced");
        assert.equal(s.message_id, sent.messageId);
        const report = await t.svc.admin("GET", `/delivery-reports/${s.report_id}`);
        assert.equal(report.status, 200);
        assert.equal(report.body.recipient, rcpt);
        assert.equal(report.body.log_id, sent.logId);
      } else {
        assert.equal(s, null, "not suppressed");
      }
      // Rule 1 of mail/send: a suppressed address is not sent to again.
      if (c.suppressed && c.type !== "email.complained") {
        const again = await t.svc.api("POST", "mail/send", {
          key: t.site.key,
          body: { to: rcpt, subject: "Again", text: "Hello" },
        });
        assert.equal(again.body.reason, "send_failed");
        assert.equal(again.body.error, "all_recipients_suppressed");
      }
    });
  });
}

Deno.test("the email log shows each message's delivery reports; the site's list has them too", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, "bob@example.net");
    await deliver(t, sent.verp, fill("postfix_delayed.eml", sent, "bob@example.net"));
    await deliver(t, sent.verp, fill("postfix_relayed.eml", sent, "bob@example.net"));
    const log = await t.svc.admin("GET", `/sites/${t.site.siteId}/email-log`);
    const rec = (log.body.items as Record<string, unknown>[]).find((r) => r.id === sent.logId)!;
    const reports = rec.delivery_reports as Record<string, unknown>[];
    assert.deepEqual(reports.map((r) => r.type), ["delivered", "delayed"], "newest first");
    assert.equal(reports[1].status, "4.7.1");
    assert.match(reports[1].detail as string, /Greylisted/);
    assert.ok(reports[1].created_at);
    const site = await t.svc.admin("GET", `/sites/${t.site.siteId}/delivery-reports`);
    assert.equal((site.body.items as unknown[]).length, 2);
    const all = await t.svc.admin("GET", "/delivery-reports");
    assert.equal((all.body.items as unknown[]).length, 2);
  });
});

Deno.test("a forged VERP (MAC tampered) matches nothing and suppresses nobody, not even by Message-ID", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, "carol@example.net");
    // Flip the last character of the MAC.
    const local = sent.verp.split("@")[0];
    const forged = `${local.slice(0, -1)}${local.endsWith("0") ? "1" : "0"}@${RP}`;
    const raw = fill("postfix_failed.eml", { ...sent, verp: forged }, "carol@example.net");
    assert.equal(await deliver(t, forged, raw), 250);
    assert.equal(await suppression(t, "carol@example.net"), null);
    for (const e of await events(t, "email.bounced")) {
      assert.equal(e.data.message_id, undefined, "never matched");
      assert.equal(e.data.suppressed, undefined);
    }
    const reports = await t.svc.admin("GET", "/delivery-reports");
    for (const r of reports.body.items as Record<string, unknown>[]) {
      assert.equal(r.log_id, null);
      assert.equal(r.suppressed, false);
    }
  });
});

Deno.test("a report to a plain address with only the original's Message-ID is not bound: nothing happens", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, "dave@example.net");
    // No VERP anywhere: the copied original keeps only its Message-ID.
    const raw = fill("exim_text.eml", sent, "dave@example.net").replace(
      /^Return-path: <bounce\+[^>]+>\r\n/gm,
      "",
    ).replace(/^Envelope-to: .*\r\n/m, "").replace(/for bounce\+[^;]+;/, "for x;").replace(
      /^To: bounce\+.*$/m,
      `To: bounces@${RP}`,
    );
    assert.ok(!raw.includes("bounce+"), "no VERP left");
    assert.equal(await deliver(t, `bounces@${RP}`, raw), 250);
    assert.equal(await suppression(t, "dave@example.net"), null);
    assert.deepEqual(await events(t, "email.bounced"), []);
    assert.deepEqual((await t.svc.admin("GET", "/delivery-reports")).body.items, []);
  });
});

Deno.test("an unbound bounce naming an address with no message reference emits nothing", async () => {
  await withIntake(async (t) => {
    const earlier = await sendMail(t, "erin@example.net", "Latest to Erin");
    const unknown = {
      ...earlier,
      messageId: "<not-ours-1234@elsewhere.example>",
      verp: `bounces@${RP}`,
    };
    const raw = fill("postfix_failed.eml", unknown, "erin@example.net").replace(
      /^Return-Path: <bounces@[^>]+>\r\n/gm,
      "",
    ).replace(/^Original-Envelope-Id: .*\r\n/m, "");
    assert.equal(await deliver(t, `bounces@${RP}`, raw), 250);
    // No event with the sender's free text and the subject of the site's last mail.
    assert.deepEqual(await events(t, "email.bounced"), []);
    assert.equal(await suppression(t, "erin@example.net"), null, "nobody suppressed");
    assert.deepEqual((await t.svc.admin("GET", "/delivery-reports")).body.items, []);
  });
});

Deno.test("a report to one recipient's VERP acts on that recipient only, whatever address it names", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, ["fay@example.net", "gus@example.net"]);
    // Fay's copy's VERP, a report naming someone else: at most Fay's own address.
    await deliver(t, sent.verpOf("fay@example.net"), fill("gmail.eml", sent, "victim@example.net"));
    assert.equal(await suppression(t, "victim@example.net"), null);
    assert.equal(await suppression(t, "gus@example.net"), null);
    const [e] = await events(t, "email.bounced");
    assert.equal(e.data.to, "fay@example.net");
    // Gus's own VERP with a report about Gus suppresses Gus.
    const gus = { ...sent, verp: sent.verpOf("gus@example.net") };
    await deliver(t, gus.verp, fill("office365.eml", gus, "gus@example.net"));
    assert.ok(await suppression(t, "gus@example.net"));
  });
});

Deno.test("email.delivered is sent once per message and recipient; a report sent twice counts once", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, "hal@example.net");
    // Two different success notices (two hops), and one delay notice delivered twice.
    await deliver(t, sent.verp, fill("postfix_relayed.eml", sent, "hal@example.net"));
    await deliver(t, sent.verp, fill("postfix_relayed.eml", sent, "hal@example.net"));
    const delayed = fill("postfix_delayed.eml", sent, "hal@example.net");
    await deliver(t, sent.verp, delayed);
    await deliver(t, sent.verp, delayed);
    assert.equal((await events(t, "email.delivered")).length, 1);
    assert.equal((await events(t, "email.delayed")).length, 1);
    const all = await t.svc.admin("GET", "/delivery-reports");
    const types = (all.body.items as { type: string }[]).map((r) => r.type).sort();
    assert.deepEqual(types, ["delayed", "delivered", "delivered"], "both success notices kept");
  });
});

Deno.test("mail to the return-path domain that is no report is accepted and dropped", async () => {
  await withIntake(async (t) => {
    const sent = await sendMail(t, "ivy@example.net");
    const reply = [
      `From: Ivy <ivy@example.net>`,
      `To: ${sent.verp}`,
      `Subject: Re: ${sent.subject}`,
      "",
      "Thanks, got it!",
    ].join("\r\n");
    assert.equal(await deliver(t, sent.verp, reply), 250);
    const all = await t.svc.admin("GET", "/delivery-reports");
    assert.deepEqual(all.body.items, []);
    assert.equal(await suppression(t, "ivy@example.net"), null);
  });
});
