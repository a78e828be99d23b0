import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import {
  BROWSER_UA,
  type EventBody,
  eventsOf,
  legitBody,
  manualBlock,
  startFormsService,
  submit,
  withMail,
} from "../../helpers/forms.ts";
import { addSuppression, addUnsubscribe } from "../../../domain/suppressions/store.ts";
import { readMonthly } from "../../../domain/kernel/kv/counters.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";

const SPAM_FIELDS = {
  name: "Robertlex",
  email: "robertlex@mailinator.com",
  message:
    "Buy viagra and cialis at our online pharmacy http://pharma.top http://pharma.top/a http://pharma.top/b",
};

function formEvents(events: EventBody[]) {
  return events.filter((e) => e.type.startsWith("form."));
}

Deno.test("a legitimate submission is stored, its event emitted, and the notification delivered", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId, domain } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const fields = {
      first_name: "Maria",
      your_email: "maria@example.org",
      message: "<u>Two</u> tables & four chairs, please.",
      empty_one: "",
    };
    const r = await submit(svc, key, {
      form_id: 42,
      form_name: "Quote request",
      template: "quote-v2",
      fields,
      notify_emails: ["bad", "Owner@Example.com", "owner@example.com", "sales@example.com"],
      from_name: "Luna Forms",
      visitor: { ip: "203.0.113.5", user_agent: BROWSER_UA, referrer: `https://${domain}/quote` },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ["email_sent", "id", "ok"]);
    assert.equal(r.body.ok, true);
    assert.equal(r.body.email_sent, true);
    const id = r.body.id as string;
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The notification as the SMTP server received it: one copy per recipient.
    const copies = await smtp.waitFor(2);
    const msg = copies[0];
    assert.deepEqual(copies.flatMap((c) => c.rcptTo).map((a) => a.toLowerCase()).sort(), [
      "owner@example.com",
      "sales@example.com",
    ]);
    const mail = await msg.parse();
    assert.equal(mail.replyTo?.value[0].address, "maria@example.org");
    assert.equal(mail.from?.value[0].name, "Luna Forms");
    assert.equal(mail.from?.value[0].address, "relay@forms.test");
    assert.equal(mail.subject, "New submission: Quote request (Luna Bakery)");
    const html = String(mail.html);
    assert.ok(!html.includes("<u>"), "no raw markup");
    assert.ok(html.includes("&lt;u&gt;Two&lt;/u&gt;"));
    assert.ok(html.includes("Two&lt;/u&gt; tables &amp; four chairs"));
    assert.ok(html.includes(">first name<") && html.includes(">your email<"));
    assert.ok(html.includes(">empty one<"));
    assert.ok(String(mail.text).includes("first name: Maria"));
    assert.ok(String(mail.text).includes("message: <u>Two</u> tables"));

    // Stored as sent.
    const stored = (await svc.admin("GET", `/submissions/${id}`)).body;
    assert.equal(stored.form_id, 42);
    assert.equal(stored.form_name, "Quote request");
    assert.equal(stored.template, "quote-v2");
    assert.deepEqual(stored.fields, fields);
    assert.deepEqual(stored.visitor, {
      ip: "203.0.113.5",
      user_agent: BROWSER_UA,
      referrer: `https://${domain}/quote`,
    });
    // The model's calibrated score: a customer's order with a little markup is legitimate.
    assert.equal(stored.classification, "legitimate");
    const score = stored.spam_score as number;
    assert.ok(score < 30, String(score));
    assert.equal(stored.email_sent, true);
    assert.ok(Date.parse(stored.created_at as string) > 0);

    // form.submitted, before the notification's email.sent.
    const events = await eventsOf(svc, siteId);
    const types = events.map((e) => e.type).reverse();
    assert.deepEqual(types, ["form.submitted", "email.sent"]);
    const ev = events.find((e) => e.type === "form.submitted")!;
    assert.equal(ev.site_id, siteId);
    assert.deepEqual(ev.data, {
      submission_id: id,
      form_id: 42,
      form_name: "Quote request",
      classification: "legitimate",
      spam_score: score,
      fields,
      referrer: `https://${domain}/quote`,
    });
    assert.equal((await getSite(svc.ctx.kv, siteId))!.verified, true);
  });
});

Deno.test("event data leaves out what was not sent; fields {} when none", async () => {
  await withMail(async (svc) => {
    const { key, siteId } = await seedSite(svc);
    const r = await submit(svc, key, { form_id: 1, visitor: { user_agent: BROWSER_UA } });
    assert.equal(r.status, 200, r.text);
    const [ev] = formEvents(await eventsOf(svc, siteId));
    assert.equal(ev.type, "form.submitted");
    assert.deepEqual(Object.keys(ev.data).sort(), [
      "classification",
      "fields",
      "form_id",
      "spam_score",
      "submission_id",
    ]);
    assert.deepEqual(ev.data.fields, {});
    assert.equal(ev.data.classification, "legitimate");
    assert.equal(ev.data.spam_score, 25, "empty (15) and referrer_missing (10)");
    assert.equal(ev.data.form_id, 1);
  });
});

Deno.test("spam is stored with no email: answer has no email_sent, event form.spam", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId } = await seedSite(svc);
    const r = await submit(svc, key, {
      form_id: 9,
      fields: SPAM_FIELDS,
      visitor: { user_agent: "python-requests/2.31" },
      confirm: { enabled: true },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ["id", "ok"]);
    const stored = (await svc.admin("GET", `/submissions/${r.body.id}`)).body;
    assert.equal(stored.classification, "spam");
    assert.ok((stored.spam_score as number) >= 60);
    const [ev] = formEvents(await eventsOf(svc, siteId));
    assert.equal(ev.type, "form.spam");
    assert.equal(ev.data.classification, "spam");
    assert.equal(ev.data.spam_score, stored.spam_score);
    assert.deepEqual(ev.data.fields, SPAM_FIELDS);
    await new Promise((res) => setTimeout(res, 100));
    assert.equal(smtp.messages.length, 0, "no notification, no auto-reply");
  });
});

Deno.test("the first stored submission marks the site verified, even one scored spam", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId } = await seedSite(svc);
    assert.equal((await getSite(svc.ctx.kv, siteId))!.verified, false);
    const spam = await submit(svc, key, {
      form_id: 1,
      fields: SPAM_FIELDS,
      visitor: { user_agent: "" },
    });
    assert.ok(spam.body.id);
    assert.equal((await getSite(svc.ctx.kv, siteId))!.verified, true);
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("a suspicious submission is notified and its event says suspicious", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId, domain } = await seedSite(svc);
    const r = await submit(
      svc,
      key,
      legitBody(domain, {
        fields: {
          name: "Rachel Adams",
          email: "rachel@adamsbakery.example",
          // A vague pitch-or-lead, in the 30-59 band of the model before and after it learned
          // formal letters (42 -> 60 with "Hi, I'd like to discuss a collaboration ...").
          message:
            "Hello, I'd like to discuss a possible collaboration with your company. Who should I contact?",
        },
      }),
    );
    assert.equal(r.body.email_sent, true);
    const [ev] = formEvents(await eventsOf(svc, siteId));
    assert.equal(ev.type, "form.submitted");
    assert.equal(ev.data.classification, "suspicious");
    const score = ev.data.spam_score as number;
    assert.ok(score >= 30 && score < 60, String(score));
    await smtp.waitFor(1);
  });
});

Deno.test("From name falls back to the site default From name, then the site name; Reply-To to any address value", async () => {
  await withMail(async (svc, smtp) => {
    const a = await seedSite(svc, { site: { name: "Site A", default_from_name: "A Team" } });
    const b = await seedSite(svc, { site: { name: "Site B" } });
    await submit(svc, a.key, legitBody(a.domain));
    await submit(
      svc,
      b.key,
      legitBody(b.domain, {
        fields: { name: "Ann", contact: "ann@example.org", note: "call me" },
      }),
    );
    await submit(
      svc,
      b.key,
      legitBody(b.domain, { fields: { name: "Nobody", note: "no address" } }),
    );
    const msgs = await smtp.waitFor(3);
    const parsed = await Promise.all(msgs.map((m) => m.parse()));
    const bySubject = (s: string) =>
      parsed.filter((p: { subject?: string }) => p.subject?.includes(s));
    assert.equal(bySubject("(Site A)")[0].from?.value[0].name, "A Team");
    const [withAddr, without] = bySubject("(Site B)");
    assert.equal(withAddr.from?.value[0].name, "Site B");
    assert.equal(withAddr.replyTo?.value[0].address, "ann@example.org");
    assert.equal(without.replyTo, undefined);
  });
});

Deno.test("notify_email is used when notify_emails yields none, else the site default", async () => {
  await withMail(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    await submit(
      svc,
      key,
      legitBody(domain, { notify_emails: ["x"], notify_email: "one@example.com" }),
    );
    await submit(svc, key, legitBody(domain, { notify_emails: [], notify_email: "bad" }));
    const msgs = await smtp.waitFor(2);
    assert.deepEqual(msgs.map((m) => m.rcptTo).sort(), [["one@example.com"], [
      "owner@example.com",
    ]]);
  });
});

Deno.test("auto-reply: to the submitter, Reply-To the first notification address, placeholders filled", async () => {
  await withMail(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const r = await submit(
      svc,
      key,
      legitBody(domain, {
        form_name: "Cake order",
        fields: {
          name: "Ann <b>Lee</b>",
          email: "ann@example.org",
          flavour: "<i>Lemon</i> & <b>raspberry</b>",
        },
        notify_emails: ["first@example.com", "second@example.com"],
        confirm: {
          enabled: true,
          subject: "Thanks {name}!\r\nBcc: victim@example.net {form_name} / {field:flavour}",
          body:
            "<p>Dear {name} ({email}),</p><p>{site_name} ({site_domain}) got your {form_name}: {field:flavour}{field:nope}</p>",
          from_name: "Luna Team",
        },
      }),
    );
    assert.equal(r.body.email_sent, true);
    const msgs = await smtp.waitFor(2);
    const reply = msgs.find((m) => m.rcptTo.includes("ann@example.org"))!;
    assert.deepEqual(reply.rcptTo, ["ann@example.org"], "no injected Bcc recipient");
    const mail = await reply.parse();
    assert.equal(mail.replyTo?.value[0].address, "first@example.com");
    assert.equal(mail.from?.value[0].name, "Luna Team");
    assert.equal(
      mail.subject,
      "Thanks Ann <b>Lee</b>! Bcc: victim@example.net Cake order / <i>Lemon</i> & <b>raspberry</b>",
    );
    assert.equal(mail.headers.get("bcc"), undefined);
    const html = String(mail.html);
    assert.ok(html.includes("<p>Dear Ann &lt;b&gt;Lee&lt;/b&gt; (ann@example.org),</p>"), html);
    assert.ok(
      html.includes(
        `Luna Bakery (${domain}) got your Cake order: &lt;i&gt;Lemon&lt;/i&gt; &amp; &lt;b&gt;raspberry&lt;/b&gt;</p>`,
      ),
      html,
    );
    assert.ok(!html.includes("<i>Lemon"));
  });
});

Deno.test("auto-reply default subject and body; not sent to suppressed or unsubscribed addresses", async () => {
  await withMail(async (svc, smtp) => {
    const { key, siteId, domain } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const now = new Date().toISOString();
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "bounced@example.org",
      reason: "bounced",
      detail: null,
      created_at: now,
    });
    await addUnsubscribe(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      site_id: siteId,
      email: "gone@example.org",
      source: "page",
      created_at: now,
    });
    for (const email of ["Bounced@example.org", "gone@example.org", "fine@example.org"]) {
      const r = await submit(
        svc,
        key,
        legitBody(domain, {
          fields: { name: "Visitor", email, message: "Hello there, please call me." },
          confirm: { enabled: true },
        }),
      );
      assert.equal(r.body.email_sent, true);
    }
    await smtp.waitFor(4);
    await new Promise((res) => setTimeout(res, 100));
    const replies = smtp.messages.filter((m) => !m.rcptTo.includes("owner@example.com"));
    assert.equal(replies.length, 1);
    assert.deepEqual(replies[0].rcptTo, ["fine@example.org"]);
    const mail = await replies[0].parse();
    assert.equal(mail.subject, "Thanks for contacting Luna Bakery");
    assert.ok(String(mail.html).includes("Hi Visitor,"));
    assert.ok(String(mail.text).includes("Thank you for your message."));
  });
});

Deno.test("monthly form limit: only non-spam submissions within the limit count; over it, stored without email", async () => {
  await withMail(async (svc, smtp) => {
    const { key, accountId, siteId, domain } = await seedSite(svc, {
      account: { monthly_form_limit: 2 },
    });
    const spam = await submit(svc, key, {
      form_id: 1,
      fields: SPAM_FIELDS,
      visitor: { user_agent: "" },
    });
    assert.deepEqual(Object.keys(spam.body).sort(), ["id", "ok"]);
    const first = await submit(svc, key, legitBody(domain));
    const second = await submit(svc, key, legitBody(domain));
    const third = await submit(svc, key, legitBody(domain, { confirm: { enabled: true } }));
    assert.equal(first.body.email_sent, true);
    assert.equal(second.body.email_sent, true);
    assert.equal(third.body.email_sent, false);
    assert.ok(third.body.id);
    const usage = await readMonthly(svc.ctx.kv, accountId, "form", Date.now());
    assert.equal(usage.count, 2);
    const stored = (await svc.admin("GET", `/submissions/${third.body.id}`)).body;
    assert.equal(stored.counted, false);
    assert.equal(stored.email_sent, false);
    assert.equal(
      ((await svc.admin("GET", `/sites/${siteId}/submissions`)).body.items as unknown[]).length,
      4,
    );
    await new Promise((res) => setTimeout(res, 100));
    assert.equal(smtp.messages.length, 2, "no notification or auto-reply over the limit");
  });
});

Deno.test("a mail failure answers email_sent false and keeps the submission", async () => {
  await withMail(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    smtp.reject = { code: 554, message: "5.7.1 relay refused" };
    const r = await submit(svc, key, legitBody(domain));
    assert.equal(r.status, 200);
    assert.equal(r.body.email_sent, false);
    const stored = await svc.admin("GET", `/submissions/${r.body.id}`);
    assert.equal(stored.status, 200);
    assert.equal(stored.body.email_sent, false);
  });
});

Deno.test("the same content from another site within minutes is listed but weighs nothing: one person writing to two businesses", async () => {
  await withMail(async (svc) => {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const fields = {
      name: "Sam",
      email: "sam@example.org",
      message: "Is this item still available please?",
    };
    const r1 = await submit(svc, a.key, legitBody(a.domain, { fields }));
    const r1b = await submit(svc, a.key, legitBody(a.domain, { fields }));
    const r2 = await submit(svc, b.key, legitBody(b.domain, { fields }));
    const score = async (id: unknown) =>
      (await svc.admin("GET", `/submissions/${id}`)).body as {
        spam_score: number;
        spam_reasons: { rule: string }[];
      };
    assert.equal((await score(r1.body.id)).spam_score, 0);
    assert.equal((await score(r1b.body.id)).spam_score, 0, "the same site again is no duplicate");
    const s2 = await score(r2.body.id);
    assert.ok(s2.spam_reasons.some((x) => x.rule === "duplicate_elsewhere"));
    assert.equal(s2.spam_score, 0, "a clean message stays clean");
    assert.equal(r2.body.email_sent, true);
  });
});

Deno.test("operator list: newest first, limited", async () => {
  await withMail(async (svc) => {
    const { key, siteId, domain } = await seedSite(svc);
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      ids.push((await submit(svc, key, legitBody(domain, { form_id: i }))).body.id as string);
    }
    const all = await svc.admin("GET", `/sites/${siteId}/submissions`);
    assert.deepEqual((all.body.items as { id: string }[]).map((s) => s.id), ids.reverse());
    const two = await svc.admin("GET", `/sites/${siteId}/submissions?limit=2`);
    assert.equal((two.body.items as unknown[]).length, 2);
    assert.equal((await svc.admin("GET", "/submissions/nope")).status, 404);
    assert.equal((await svc.admin("GET", "/sites/nope/submissions")).status, 404);
  });
});

Deno.test("abusive traffic disables the site automatically; the tripping request still gets a silent 200", async () => {
  await withMail(async (svc) => {
    const { key, siteId, domain } = await seedSite(svc);
    const busy = await seedSite(svc);
    await manualBlock(svc, "b-abuse", "198.51.100.66");
    const blockedBody = (d: string) => ({ ...legitBody(d), visitor: { ip: "198.51.100.66" } });

    // A busy site with mostly real traffic stays enabled.
    for (let i = 0; i < 20; i++) {
      assert.ok((await submit(svc, busy.key, legitBody(busy.domain))).body.id);
    }
    for (let i = 0; i < 6; i++) await submit(svc, busy.key, blockedBody(busy.domain));
    assert.equal((await getSite(svc.ctx.kv, busy.siteId))!.disabled, null);

    for (let i = 0; i < 5; i++) {
      const r = await submit(svc, key, blockedBody(domain));
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { ok: true, blocked: true, reason: "ip_blocked" });
    }
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(site.disabled?.automatic, true);
    assert.match(site.disabled!.reason!, /5 of 5 form submissions/);
    const after = await submit(svc, key, legitBody(domain));
    assert.equal(after.status, 403);
    assert.deepEqual(after.body, { error: "site_disabled" });
  }, { SVC_FORM_ABUSE_DISABLE_COUNT: 5 });
});

Deno.test("auto-reply: confirm without enabled sends none (default false); its From name defaults to the notification's", async () => {
  await withMail(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc, {
      site: { name: "Luna Bakery", default_from_name: "Luna Desk" },
    });
    const fields = { name: "Ann", email: "ann@example.org", message: "Please call me back." };
    // confirm sent, enabled left out: no auto-reply.
    const off = await submit(
      svc,
      key,
      legitBody(domain, { fields, confirm: { subject: "Thanks {name}", body: "<p>Hi</p>" } }),
    );
    assert.equal(off.body.email_sent, true);
    await smtp.waitFor(1);
    await new Promise((res) => setTimeout(res, 100));
    assert.equal(smtp.messages.length, 1, "only the notification");
    assert.deepEqual(smtp.messages[0].rcptTo, ["owner@example.com"]);

    // Enabled, no confirm.from_name: the notification's sender name, which is
    // from_name when sent, else the site's default From name.
    for (const [from_name, expected] of [["Forms Bot", "Forms Bot"], [undefined, "Luna Desk"]]) {
      smtp.messages.length = 0;
      await submit(svc, key, legitBody(domain, { fields, from_name, confirm: { enabled: true } }));
      const msgs = await smtp.waitFor(2);
      const parsed = await Promise.all(msgs.map((m) => m.parse()));
      assert.deepEqual(parsed.map((p) => p.from?.value[0].name), [expected, expected]);
      const reply = msgs.findIndex((m) => m.rcptTo.includes("ann@example.org"));
      assert.ok(reply >= 0, "the auto-reply went to the submitter");
    }
  });
});

Deno.test("monthly form limit: counted per account across its sites, and a new UTC month starts at zero", async () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 31, 23, 59));
  const svc = await startFormsService({ runJobs: false, clock });
  try {
    const a = await seedSite(svc, { account: { monthly_form_limit: 2 } });
    const sibling = await seedSite(svc, { accountId: a.accountId });
    const stranger = await seedSite(svc, { account: { monthly_form_limit: 2 } });
    // Each a different message: the same text from two sites is near-duplicate spam.
    let n = 0;
    const sent = async (s: typeof a) => {
      const fields = { ...legitBody(s.domain).fields, message: `Quote ${++n}: two tables?` };
      return (await submit(svc, s.key, legitBody(s.domain, { fields }))).body.email_sent;
    };
    assert.equal(await sent(a), true);
    assert.equal(await sent(sibling), true);
    // The account's two are used, whichever site sent them.
    assert.equal(await sent(a), false);
    assert.equal(await sent(sibling), false);
    // Another account is not affected.
    assert.equal(await sent(stranger), true);
    clock.set(Date.UTC(2026, 1, 1, 0, 0, 1));
    assert.equal(await sent(sibling), true);
  } finally {
    await svc.close();
  }
});

Deno.test("the notification to the site owner and the auto-reply to the visitor have no List-Unsubscribe and no tracking", async () => {
  await withMail(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    const r = await submit(
      svc,
      key,
      legitBody(domain, {
        notify_emails: ["owner@example.com"],
        confirm: {
          enabled: true,
          body: '<p>Thanks, <a href="https://example.com/faq">see the FAQ</a></p>',
        },
      }),
    );
    assert.equal(r.body.email_sent, true, r.text);
    const msgs = await smtp.waitFor(2);
    const note = msgs.find((m) => m.rcptTo.includes("owner@example.com"))!;
    const raw = note.raw.toString();
    // One recipient, yet no one-click unsubscribe: pressing it in a mail client
    // would silently stop the owner's own notifications.
    assert.doesNotMatch(raw, /^List-Unsubscribe/im);
    assert.doesNotMatch(raw, /\/t\/o\/|\/t\/c\//, "no open pixel, no click redirects");
    // The auto-reply answers a visitor who wrote first: transactional, not a list.
    const reply = msgs.find((m) => !m.rcptTo.includes("owner@example.com"))!.raw.toString();
    assert.doesNotMatch(reply, /^List-Unsubscribe/im);
    assert.doesNotMatch(reply, /\/t\/o\/|\/t\/c\//, "no open pixel, no click redirects");
    assert.match(reply, /https:\/\/example\.com\/faq/);
  });
});
