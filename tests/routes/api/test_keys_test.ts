/**
 * Test keys (the sandbox): `svc_test_` keys made beside live keys run every
 * check and answer as a live key would, but their mail goes only to the
 * outbox (never the relay, here a real SMTP server) and their events carry
 * `test: true` (sends, form notifications, sequence steps, SMTP submission,
 * and the opens and clicks of sandbox messages).
 */
import assert from "node:assert/strict";
import {
  eventually,
  seedSite,
  startTestService,
  stillTrueFor,
  type TestService,
} from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";
import { issueApiKey } from "../../../domain/sites/sites.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { startSubmissionListener } from "../../../domain/inbound/submission.ts";
import nodemailer from "nodemailer";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";

async function withRelay(fn: (svc: TestService, smtp: TestSmtp) => Promise<void>) {
  const smtp = await startSmtp();
  const svc = await startTestService({
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@mail.svc.test" },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

async function testKey(svc: TestService, siteId: string): Promise<string> {
  const r = await svc.admin("POST", `/sites/${siteId}/api-keys`, { mode: "test" });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.mode, "test");
  return r.body.api_key as string;
}

const MAIL = { to: "ann@example.com", subject: "Sandbox hello", text: "Only a test." };

Deno.test("a test key is svc_test_, listed with its mode, and rotates to another svc_test_ key", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const key = await testKey(svc, s.siteId);
    assert.match(key, /^svc_test_[A-Za-z0-9_-]{43}$/);
    const list = await svc.admin("GET", `/sites/${s.siteId}/api-keys`);
    const modes = (list.body.items as { mode: string; prefix: string }[]).map((k) => k.mode);
    assert.deepEqual(modes.sort(), ["live", "test"]);
    const testId = (list.body.items as { id: string; mode: string }[]).find((k) =>
      k.mode === "test"
    )!.id;
    const rot = await svc.admin("POST", `/sites/${s.siteId}/api-keys/${testId}/rotate`);
    assert.match(rot.body.api_key as string, /^svc_test_/);
    // The use case the dashboard calls takes the mode too.
    const made = await issueApiKey(svc.ctx, s.siteId, { mode: "test" });
    assert.match(made.api_key, /^svc_test_/);
    const bad = await svc.admin("POST", `/sites/${s.siteId}/api-keys`, { mode: "sandbox" });
    assert.equal(bad.status, 400);
    // A POST with no body and no Content-Type (curl -X POST) still makes a live key.
    const bare = await svc.app.request(`/admin/api/v1/sites/${s.siteId}/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${svc.ctx.config.adminToken}` },
    });
    assert.equal(bare.status, 201);
    assert.equal((await bare.json()).mode, "live");
  } finally {
    await svc.close();
  }
});

Deno.test("mail sent with a test key answers as live, reaches the outbox and never the relay; its events say test: true", async () => {
  await withRelay(async (svc, smtp) => {
    const rx = startReceiver();
    try {
      const s = await seedSite(svc);
      await addWebhook(svc, s.siteId, rx.url, ["email.sent"]);
      const key = await testKey(svc, s.siteId);

      const sandbox = await svc.api("POST", "mail/send", { key, body: MAIL });
      assert.equal(sandbox.status, 200, sandbox.text);
      assert.deepEqual(Object.keys(sandbox.body).sort(), ["message_id", "mode", "ok", "sent"]);
      assert.equal(sandbox.body.ok, true);
      assert.equal(sandbox.body.mode, "relay");
      await rx.waitFor(1);
      const event = JSON.parse(rx.requests[0].text);
      assert.equal(event.type, "email.sent");
      assert.equal(event.test, true);
      assert.equal(event.data.message_id, sandbox.body.message_id);
      const outbox = await svc.admin("GET", "/outbox?to=ann@example.com");
      assert.equal((outbox.body.items as unknown[]).length, 1);
      await stillTrueFor(300, () => smtp.messages.length === 0, "nothing at the relay");

      // The live key of the same site goes to the relay, and its event has no test field.
      const live = await svc.api("POST", "mail/send", { key: s.key, body: MAIL });
      assert.equal(live.body.ok, true);
      await smtp.waitFor(1);
      await rx.waitFor(2);
      assert.equal(JSON.parse(rx.requests[1].text).test, undefined);
    } finally {
      await rx.close();
    }
  });
});

Deno.test("opening and clicking a sandbox message emit email.opened and email.clicked with test: true; a live message's do not", async () => {
  await withRelay(async (svc, smtp) => {
    const rx = startReceiver();
    try {
      const s = await seedSite(svc);
      await addWebhook(svc, s.siteId, rx.url, ["email.opened", "email.clicked"]);
      const key = await testKey(svc, s.siteId);
      const html = '<p>Hi <a href="https://shop.example.com/p?id=7">Shop</a></p>';
      const sent = await svc.api("POST", "mail/send", {
        key,
        body: { to: "ann@example.com", subject: "Tracked sandbox", html },
      });
      assert.equal(sent.body.sent, true, sent.text);
      const out = await svc.admin("GET", "/outbox?to=ann@example.com");
      const [item] = out.body.items as { raw: string; message_id: string }[];
      assert.equal(item.message_id, sent.body.message_id);
      const mail = await simpleParser(item.raw);
      const body = mail.html as string;
      const pixel = new URL(/background="([^"]+\/t\/o\/[^"]+)"/.exec(body)![1]);
      const link = new URL(/href="([^"]+\/t\/c\/[^"]+)"/.exec(body)![1].replace(/&amp;/g, "&"));
      assert.equal((await svc.app.request(pixel.pathname + pixel.search)).status, 200);
      assert.equal((await svc.app.request(link.pathname + link.search)).status, 302);
      await rx.waitFor(2);
      const events = rx.requests.map((r) => JSON.parse(r.text));
      assert.deepEqual(events.map((e) => e.type).sort(), ["email.clicked", "email.opened"]);
      for (const e of events) {
        assert.equal(e.test, true, e.type);
        assert.equal(e.data.message_id, sent.body.message_id);
      }

      // The live key's message (at the relay): its open has no test field.
      const live = await svc.api("POST", "mail/send", {
        key: s.key,
        body: { to: "bob@example.com", subject: "Tracked live", html },
      });
      assert.equal(live.body.sent, true, live.text);
      const [received] = await smtp.waitFor(1);
      const livePixel = new URL(
        /background="([^"]+\/t\/o\/[^"]+)"/.exec(
          (await simpleParser(received.raw)).html as string,
        )![1],
      );
      assert.equal((await svc.app.request(livePixel.pathname + livePixel.search)).status, 200);
      await rx.waitFor(3);
      const liveEvent = JSON.parse(rx.requests[2].text);
      assert.equal(liveEvent.type, "email.opened");
      assert.equal(liveEvent.data.message_id, live.body.message_id);
      assert.equal(liveEvent.test, undefined);
    } finally {
      await rx.close();
    }
  });
});

Deno.test("a test key runs every check: refusals are the live key's answers", async () => {
  await withRelay(async (svc, smtp) => {
    const s = await seedSite(svc);
    const key = await testKey(svc, s.siteId);
    for (
      const body of [{ to: "ann@example.com" }, { to: "ann@example.com", text: "x", from: "a" }]
    ) {
      const live = await svc.api("POST", "mail/send", { key: s.key, body });
      const test = await svc.api("POST", "mail/send", { key, body });
      assert.equal(test.status, live.status);
      assert.deepEqual(test.body, live.body);
    }
    const bad = await svc.api("POST", "mail/send", { key: "svc_test_nope", body: MAIL });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.reason, "invalid_api_key");
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("a form submitted with a test key stores it, mails the notification to the outbox only, and marks form.submitted test: true", async () => {
  await withRelay(async (svc, smtp) => {
    const rx = startReceiver();
    try {
      const s = await seedSite(svc);
      await addWebhook(svc, s.siteId, rx.url, ["form.submitted"]);
      const key = await testKey(svc, s.siteId);
      const r = await svc.api("POST", "forms/submit", {
        key,
        body: {
          form_id: 7,
          fields: {
            name: "Ann Example",
            email: "ann@example.com",
            message: "Could you send me the price list for next season? Thanks, Ann",
          },
          notify_emails: ["owner@example.com"],
        },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.ok, true);
      assert.equal(r.body.email_sent, true);
      await rx.waitFor(1);
      assert.equal(JSON.parse(rx.requests[0].text).test, true);
      const outbox = await svc.admin("GET", "/outbox?to=owner@example.com");
      assert.equal((outbox.body.items as unknown[]).length, 1);
      await stillTrueFor(300, () => smtp.messages.length === 0, "nothing at the relay");
    } finally {
      await rx.close();
    }
  });
});

Deno.test("an address enrolled with a test key gets its sequence steps in the outbox only", async () => {
  const clock = new ManualClock(Date.now());
  const smtp = await startSmtp();
  const svc = await startTestService({ clock, config: { SVC_SMTP_URL: smtp.url } });
  try {
    const s = await seedSite(svc);
    const t = await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "Welcome",
      slug: "welcome",
      subject: "Welcome {{name}}",
      html: "<p>Hi {{name}}</p>",
    });
    assert.equal(t.status, 201, t.text);
    const seq = await svc.admin("POST", `/accounts/${s.accountId}/sequences`, {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 60, template: "welcome" }],
    });
    assert.equal(seq.status, 201, seq.text);
    const key = await testKey(svc, s.siteId);
    const r = await svc.api("POST", "sequences/enroll", {
      key,
      body: { sequence: "welcome", email: "jo@example.com", data: { name: "Jo" } },
    });
    assert.deepEqual(r.body, { ok: true, result: "enrolled" });
    clock.advance(61_000);
    await svc.runner.sweep();
    await svc.runner.idle();
    await eventually(async () => {
      const o = await svc.admin("GET", "/outbox?to=jo@example.com");
      return (o.body.items as unknown[]).length === 1;
    });
    assert.equal(smtp.messages.length, 0);
  } finally {
    await svc.close();
    await smtp.close();
  }
});

Deno.test("SMTP submission with a test key as the password sends to the outbox only", async () => {
  const smtp = await startSmtp();
  const svc = await startTestService({ config: { SVC_SMTP_URL: smtp.url } });
  const listener = await startSubmissionListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  try {
    const s = await seedSite(svc);
    const key = await testKey(svc, s.siteId);
    const client = nodemailer.createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: "wordpress", pass: key },
    });
    try {
      await client.sendMail({
        from: "wordpress@blog.example",
        to: "smtp-sandbox@example.net",
        subject: "Via SMTP",
        text: "Sandbox",
      });
    } finally {
      client.close();
    }
    const o = await svc.admin("GET", "/outbox?to=smtp-sandbox@example.net");
    assert.equal((o.body.items as unknown[]).length, 1);
    await stillTrueFor(300, () => smtp.messages.length === 0, "nothing at the relay");
  } finally {
    await listener.close();
    await svc.close();
    await smtp.close();
  }
});
