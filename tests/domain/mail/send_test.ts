/**
 * The internal send API (`sendMail`) as forms and sequences call it, and the
 * limits under concurrency (the reservation before the SMTP hand-off).
 */
import assert from "node:assert/strict";
// @ts-types="npm:@types/mailparser@3.9.0"
import { simpleParser } from "mailparser";
import { sendMail, siteLogTotal, TOTALS } from "../../../domain/mail/send.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { addTotal, readMonthly } from "../../../domain/kernel/kv/counters.ts";
import {
  getEmailLogByMessageId,
  messageIdKey,
  putEmailLog,
} from "../../../domain/mail/email_log_store.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { uuidv7 } from "../../../domain/kernel/ids.ts";
import { listOutbox } from "../../../domain/mail/outbox_store.ts";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { siteEvents } from "../../helpers/mail.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

Deno.test("forms: a notification to three addresses with Reply-To and sender name; no spam checks; labelled form", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const out = await sendMail(svc.ctx, site, {
      to: ["a@example.com", "b@example.com", "c@example.com"],
      reply_to: "visitor@example.org",
      from: { name: "Contact form" },
      subject: "New contact form submission",
      // Content that the API path would flag: forms did their own scoring.
      html: "<p>viagra cialis casino free spins WIN!!!</p>",
      text: "viagra cialis casino free spins WIN!!!",
    }, { source: "form" });
    assert.ok(out.ok && !out.held, JSON.stringify(out));
    assert.equal(out.mode, "relay");
    const [m] = await listOutbox(svc.ctx.kv, { limit: 1 });
    const mail = await simpleParser(m.raw);
    assert.equal(mail.from!.value[0].name, "Contact form");
    assert.equal(mail.replyTo!.value[0].address, "visitor@example.org");
    assert.equal(mail.headerLines.some((l) => l.key === "list-unsubscribe"), false);
    const [ev] = await siteEvents(svc, s.siteId, "email.sent");
    // The spec's event `source` names sequences only; the log keeps the label.
    assert.equal(ev.data.source, undefined);
    const log = await svc.admin("GET", `/sites/${s.siteId}/email-log`);
    assert.equal((log.body.items as { source: string }[])[0].source, "form");
    // Form mail does not use the email quota.
    assert.equal((await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count, 0);
  });
});

Deno.test("forms: a validation failure is an outcome, not an exception", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const out = await sendMail(svc.ctx, site, { to: "not-an-address", text: "x" }, {
      source: "form",
    });
    assert.equal(out.ok, false);
    assert.ok(!out.ok && out.reason === "invalid_payload" && out.details!.length > 0);
  });
});

Deno.test("sequences: relay, template data, unsubscribe headers and a visible link, counted in the quota", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { account: { monthly_email_limit: 1 } });
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    await svc.admin("POST", `/accounts/${s.accountId}/templates`, {
      name: "Step 1",
      slug: "step-1",
      subject: "Welcome {{name}}",
      html: "<html><body><p>Hello {{name}}</p></body></html>",
    });
    const out = await sendMail(svc.ctx, site, {
      to: "ann@example.com",
      template: "step-1",
      data: { name: "Ann" },
      sender_mode: "relay",
    }, { source: "sequence", unsubscribeLink: true });
    assert.ok(out.ok && !out.held, JSON.stringify(out));
    const [m] = await listOutbox(svc.ctx.kv, { limit: 1 });
    const mail = await simpleParser(m.raw);
    assert.equal(mail.subject, "Welcome Ann");
    const header = mail.headerLines.find((l) => l.key === "list-unsubscribe")!.line;
    const url = /<(http:\/\/localhost:8080\/u\/[^>\s]+)>/.exec(header.replace(/\s+/g, ""))![1];
    assert.ok((mail.html as string).includes(`href="${url}"`), "visible link in HTML");
    assert.ok(mail.text!.includes(url), "visible link in the generated text");
    assert.ok(mail.headerLines.some((l) => l.key === "list-unsubscribe-post"));
    const [ev] = await siteEvents(svc, s.siteId, "email.sent");
    assert.equal(ev.data.source, "sequence");
    assert.equal((await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count, 1);
    const over = await sendMail(svc.ctx, site, {
      to: "bob@example.com",
      template: "step-1",
      sender_mode: "relay",
    }, { source: "sequence", unsubscribeLink: true });
    assert.ok(!over.ok && over.reason === "over_quota" && over.status === 200);
  });
});

Deno.test("sequences: a template that places {{unsubscribe_url}} itself gets no extra footer", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const out = await sendMail(svc.ctx, site, {
      to: "ann@example.com",
      html: '<p>Hi <a href="{{unsubscribe_url}}">leave</a></p>',
      text: "Hi, leave: {{unsubscribe_url}}",
      data: {},
    }, { source: "sequence", unsubscribeLink: true });
    assert.ok(out.ok);
    const [m] = await listOutbox(svc.ctx.kv, { limit: 1 });
    const mail = await simpleParser(m.raw);
    assert.equal((mail.html as string).match(/\/u\//g)!.length, 1);
    assert.equal(mail.text!.match(/\/u\//g)!.length, 1);
  });
});

Deno.test("concurrency: 140 simultaneous sends to one site give exactly 120 sent and 20 rate_limited", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const outs = await Promise.all(
      Array.from(
        { length: 140 },
        (_, i) => sendMail(svc.ctx, site, { to: `r${i}@example.com`, subject: `m${i}`, text: "x" }),
      ),
    );
    assert.equal(outs.filter((o) => o.ok).length, 120);
    assert.equal(outs.filter((o) => !o.ok && o.reason === "rate_limited").length, 20);
    assert.equal((await listOutbox(svc.ctx.kv, { limit: 500 })).length, 120);
  });
});

Deno.test("concurrency: 12 simultaneous sends on a limit of 5 give exactly 5 sent", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc, { account: { monthly_email_limit: 5 } });
    const sites = [(await getSite(svc.ctx.kv, s.siteId))!];
    const s2 = await seedSite(svc, { accountId: s.accountId });
    sites.push((await getSite(svc.ctx.kv, s2.siteId))!);
    const outs = await Promise.all(
      Array.from(
        { length: 12 },
        (_, i) => sendMail(svc.ctx, sites[i % 2], { to: `r${i}@example.com`, text: "x" }),
      ),
    );
    assert.equal(outs.filter((o) => o.ok).length, 5);
    assert.equal(outs.filter((o) => !o.ok && o.reason === "over_quota").length, 7);
    assert.equal((await readMonthly(svc.ctx.kv, s.accountId, "email", Date.now())).count, 5);
  });
});

Deno.test("the site's log total carries on from a total summed before windows kept it", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    // As stored by an earlier version: 150 entries summed, no window kept.
    await addTotal(svc.ctx.kv.atomic(), TOTALS.log, s.siteId, 150).commit();
    for (let i = 0; i < 3; i++) {
      const out = await sendMail(svc.ctx, site, { to: `a${i}@example.com`, text: "Hello" });
      assert.ok(out.ok, JSON.stringify(out));
    }
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.equal(stats.body.logged, 153);
    assert.equal(stats.body.sent, 3);
    assert.equal(await siteLogTotal(svc.ctx, s.siteId), 153);
  });
});

Deno.test("a log record is found by its Message-ID, and by the index older records have", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const site = (await getSite(svc.ctx.kv, s.siteId))!;
    const out = await sendMail(svc.ctx, site, { to: "ann@example.com", text: "Hello" });
    assert.ok(out.ok && !out.held);
    const found = await getEmailLogByMessageId(svc.ctx.kv, out.message_id.toUpperCase());
    assert.equal(found?.id, out.log_id);
    assert.equal(await getEmailLogByMessageId(svc.ctx.kv, `<${uuidv7()}@localhost>`), null);
    // Another record's id under our domain does not match a Message-ID it never had.
    const other = out.message_id.replace("@localhost>", "@elsewhere.example>");
    assert.equal(await getEmailLogByMessageId(svc.ctx.kv, other), null);
    // A record logged with the Message-ID index of earlier versions.
    const legacy = { ...found!, id: uuidv7(), message_id: "<legacy-42@relay.example>" };
    const op = putEmailLog(svc.ctx.kv.atomic(), legacy);
    op.set(keys.emailLogByMessageId(messageIdKey(legacy.message_id)), legacy.id);
    await op.commit();
    assert.equal(
      (await getEmailLogByMessageId(svc.ctx.kv, "legacy-42@RELAY.example"))?.id,
      legacy.id,
    );
  });
});
