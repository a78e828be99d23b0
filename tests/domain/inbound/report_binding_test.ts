/**
 * A recipient cannot get other recipients suppressed: site B mails
 * [attacker, victim2] cc victim3 through the real HTTP API and a real
 * loopback relay, which sees one copy per recipient, each with its own VERP.
 * The attacker, who knows only his own copy's VERP, forges reports about the
 * others (a DSN to his own VERP, the same to postmaster@ with only the
 * Message-ID, an ARF complaint to fbl@ naming victim3): nobody but himself is
 * touched, site A still mails victim2, and no event tells site B about the
 * victims. Real reports for each recipient, to that recipient's own VERP,
 * still act on exactly that recipient.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { SmtpClient } from "../../helpers/smtp_client.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import type { RunningListener } from "../../../domain/inbound/smtp_server.ts";

const RP = "mail.svc.test";
const ATTACKER = "mallory@evil.example";
const VICTIM2 = "victim2@example.net";
const VICTIM3 = "victim3@example.org";

type World = {
  svc: TestService;
  relay: TestSmtp;
  inbound: RunningListener;
  base: string;
  siteA: Seeded;
  siteB: Seeded;
};

async function withWorld(fn: (w: World) => Promise<void>) {
  const relay = await startSmtp();
  const svc = await startTestService({
    runJobs: false,
    config: { SVC_SMTP_URL: relay.url, SVC_RELAY_FROM: `relay@${RP}` },
  });
  const inbound = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  try {
    const base = await svc.listen();
    await fn({ svc, relay, inbound, base, siteA: await seedSite(svc), siteB: await seedSite(svc) });
  } finally {
    await inbound.close();
    await svc.close();
    await relay.close();
  }
}

/** POST /api/v1/mail/send over a real socket. */
async function mailSend(w: World, key: string, body: unknown) {
  const r = await fetch(`${w.base}/api/v1/mail/send`, {
    method: "POST",
    headers: { "x-service-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return await r.json() as Record<string, unknown>;
}

type Sent = { messageId: string; subject: string; verpOf: Map<string, string> };

/** Site B's mail to the three; each recipient's VERP as the relay saw it. */
async function siteBMails(w: World): Promise<Sent> {
  const subject = "Your invoice";
  const before = w.relay.messages.length;
  const r = await mailSend(w, w.siteB.key, {
    to: [ATTACKER, VICTIM2],
    cc: VICTIM3,
    subject,
    text: "Please find your invoice.",
  });
  assert.equal(r.sent, true, JSON.stringify(r));
  const copies = (await w.relay.waitFor(before + 3)).slice(before);
  const verpOf = new Map<string, string>();
  for (const c of copies) {
    assert.equal(c.rcptTo.length, 1, "one recipient per copy");
    verpOf.set(c.rcptTo[0], c.mailFrom);
  }
  assert.equal(new Set(verpOf.values()).size, 3, "each copy has its own envelope sender");
  return { messageId: r.message_id as string, subject, verpOf };
}

function fixture(name: string, vars: Record<string, string>): string {
  const text = Deno.readTextFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));
  return text.replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k]).replace(/\r?\n/g, "\r\n");
}

function report(name: string, sent: Sent, verp: string, rcpt: string): string {
  return fixture(name, {
    VERP: verp,
    ENVID: verp.split("@")[0],
    MSGID: sent.messageId,
    RCPT: rcpt,
    RP,
    SUBJECT: sent.subject,
  });
}

async function deliver(w: World, rcpt: string, raw: string): Promise<void> {
  const [c] = await SmtpClient.connect(w.inbound.port);
  try {
    const replies = await c.send("", [rcpt], raw);
    assert.deepEqual(replies.map((r) => r.code), [250, 250, 250, 250]);
  } finally {
    c.close();
  }
}

async function suppressed(w: World, email: string): Promise<boolean> {
  return (await w.svc.admin("GET", `/suppressions/${encodeURIComponent(email)}`)).status === 200;
}

async function unsubscribedFrom(w: World, site: Seeded): Promise<string[]> {
  const r = await w.svc.admin("GET", `/sites/${site.siteId}/unsubscribes`);
  return (r.body.items as { email: string }[]).map((u) => u.email);
}

async function reportEvents(w: World, site: Seeded) {
  const r = await w.svc.admin("GET", `/sites/${site.siteId}/events?limit=100`);
  return (r.body.items as { type: string; data: Record<string, unknown> }[]).filter((e) =>
    e.type === "email.bounced" || e.type === "email.complained"
  );
}

Deno.test("a recipient's forged reports about the other recipients suppress nobody else", async () => {
  await withWorld(async (w) => {
    const sent = await siteBMails(w);
    const own = sent.verpOf.get(ATTACKER)!;

    // (a) A DSN naming victim2, to the VERP of the attacker's own copy.
    await deliver(w, own, report("postfix_failed.eml", sent, own, VICTIM2));
    // (b) The same to postmaster@ with only the Message-ID (no VERP anywhere).
    const bare = report("postfix_failed.eml", sent, `postmaster@${RP}`, VICTIM2)
      .replace(/^Original-Envelope-Id: .*\r\n/m, "")
      .replace(/^Return-Path: <postmaster@[^>]*>\r\n/gm, "")
      .replace(/^X-Postfix-Sender: .*\r\n/m, "");
    assert.ok(!bare.includes("bounce+"));
    await deliver(w, `postmaster@${RP}`, bare);
    // (c) An ARF complaint naming victim3, to fbl@: once with no VERP, once with his own.
    const arfBare = report("arf_yahoo.eml", sent, `x@${RP}`, VICTIM3)
      .replace(/^Original-Mail-From: .*\r\n/m, "")
      .replace(/^Return-Path: <x@[^>]*>\r\n/m, "");
    await deliver(w, `fbl@${RP}`, arfBare);
    await deliver(w, `fbl@${RP}`, report("arf_yahoo.eml", sent, own, VICTIM3));

    // Nobody but the attacker, who can only ever report his own copy.
    for (const v of [VICTIM2, VICTIM3]) assert.equal(await suppressed(w, v), false, v);
    assert.equal(await suppressed(w, ATTACKER), true, "his own bounce suppresses his address");
    assert.deepEqual(await unsubscribedFrom(w, w.siteB), [ATTACKER], "his own complaint, site B");
    assert.deepEqual(await unsubscribedFrom(w, w.siteA), []);
    const told = await reportEvents(w, w.siteB);
    assert.ok(told.length >= 1);
    for (const e of told) assert.equal(e.data.to, ATTACKER, JSON.stringify(e));
    assert.deepEqual(await reportEvents(w, w.siteA), []);

    // Site A, and site B itself, still reach the victims.
    const a = await mailSend(w, w.siteA.key, { to: VICTIM2, subject: "Hello", text: "Hi" });
    assert.equal(a.sent, true, JSON.stringify(a));
    const b = await mailSend(w, w.siteB.key, { to: [VICTIM2, VICTIM3], subject: "Hi", text: "Hi" });
    assert.equal(b.sent, true, JSON.stringify(b));
    assert.deepEqual(b.removed ?? [], []);
  });
});

Deno.test("real bounces for each recipient, to its own VERP, suppress exactly that recipient", async () => {
  await withWorld(async (w) => {
    const sent = await siteBMails(w);
    const all = [ATTACKER, VICTIM2, VICTIM3];
    for (const [i, rcpt] of all.entries()) {
      const verp = sent.verpOf.get(rcpt)!;
      await deliver(w, verp, report("gmail.eml", sent, verp, rcpt));
      for (const [j, other] of all.entries()) {
        assert.equal(await suppressed(w, other), j <= i, `${other} after the bounce of ${rcpt}`);
      }
    }
    const told = (await reportEvents(w, w.siteB)).map((e) => e.data.to).sort();
    assert.deepEqual(told, [...all].sort());
    // A real complaint from victim3's provider, bound by the Return-Path of victim3's copy.
    const v3 = sent.verpOf.get(VICTIM3)!;
    await deliver(w, `fbl@${RP}`, report("arf_yahoo.eml", sent, v3, VICTIM3));
    assert.deepEqual(await unsubscribedFrom(w, w.siteB), [VICTIM3]);
  });
});
