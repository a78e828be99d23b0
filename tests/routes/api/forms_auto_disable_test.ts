/**
 * Automatic disabling counts only what cannot be a person (captcha failures,
 * IP-limit blocks, a filled honeypot, a known bot user agent), never a content
 * verdict; when it disables a site, every user of the account is told by email
 * why and how to lift it.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { BROWSER_UA, startFormsService, submit } from "../../helpers/forms.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { ABUSE_WINDOW_MS } from "../../../domain/blocks/auto_disable.ts";

/** A clock at the start of a 10-minute abuse window, so one burst stays in one window. */
function windowStart(): ManualClock {
  return new ManualClock(Math.ceil(Date.UTC(2026, 5, 1) / ABUSE_WINDOW_MS) * ABUSE_WINDOW_MS);
}

async function withRelay(fn: (svc: TestService, smtp: TestSmtp) => Promise<void>) {
  const smtp = await startSmtp();
  const svc = await startFormsService({
    clock: windowStart(),
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

/** A distinct visitor address per submission: the per-IP limit never applies. */
function ipOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

Deno.test("350 content-spam verdicts in one window do not disable a site", async () => {
  await withRelay(async (svc) => {
    const { key, siteId, domain } = await seedSite(svc);
    let spam = 0;
    for (let i = 0; i < 350; i++) {
      const r = await submit(svc, key, {
        form_id: 1,
        fields: {
          name: "Robertlex",
          email: `robert${i}@mailinator.com`,
          message:
            `Buy viagra and cialis at our online pharmacy ${i} http://pharma.top http://pharma.top/a http://pharma.top/b`,
        },
        visitor: { ip: ipOf(i), user_agent: BROWSER_UA, referrer: `https://${domain}/contact` },
      });
      assert.equal(r.status, 200, r.text);
      if (r.body.id && r.body.email_sent === undefined) spam++;
    }
    // The premise: the content was judged spam, and that alone never disables.
    assert.ok(spam >= 300, `only ${spam} of 350 judged spam`);
    assert.equal((await getSite(svc.ctx.kv, siteId))!.disabled, null);
  });
});

Deno.test("300 bot submissions disable the site and every user of the account gets an email saying why and how to lift it", async () => {
  await withRelay(async (svc, smtp) => {
    const { key, siteId, domain, accountId } = await seedSite(svc, {
      site: { name: "Luna Bakery" },
    });
    for (const email of ["ana@owner.test", "ben@owner.test"]) {
      const u = await svc.admin("POST", `/accounts/${accountId}/users`, {
        email,
        password: "correct horse battery",
      });
      assert.equal(u.status, 201, u.text);
    }
    for (let i = 0; i < 300; i++) {
      // Half a known crawler's user agent, half a filled honeypot field.
      const bot = i % 2 === 0;
      const r = await submit(svc, key, {
        form_id: 1,
        fields: {
          name: "Ann",
          email: `ann${i}@example.org`,
          message: `Hello, is the shop open on Sunday? ${i}`,
          ...(!bot && { website_url_hp: "http://x.test" }),
        },
        visitor: {
          ip: ipOf(i),
          user_agent: bot ? "python-requests/2.31.0" : BROWSER_UA,
          referrer: `https://${domain}/contact`,
        },
      });
      assert.equal(r.status, 200, r.text);
    }
    const site = (await getSite(svc.ctx.kv, siteId))!;
    assert.equal(site.disabled?.automatic, true);
    assert.match(site.disabled!.reason!, /300 of 300 form submissions/);
    const after = await submit(svc, key, {
      form_id: 1,
      fields: { message: "hi" },
      visitor: { user_agent: BROWSER_UA },
    });
    assert.deepEqual(after.body, { error: "site_disabled" });

    const mails = await smtp.waitFor(2, 10_000);
    const byRcpt = new Map(mails.map((m) => [m.rcptTo[0], m]));
    assert.deepEqual([...byRcpt.keys()].sort(), ["ana@owner.test", "ben@owner.test"]);
    for (const m of mails) {
      const parsed = await m.parse();
      assert.match(parsed.subject ?? "", /Luna Bakery was disabled automatically/);
      const text = parsed.text ?? "";
      assert.match(text, /Why: Disabled automatically: 300 of 300 form submissions/);
      assert.match(text, /honeypot/);
      assert.match(
        text,
        /POST http:\/\/\S+\/api\/v1\/blocks\/lift with the JSON body \{"kind": "site"\}/,
      );
      assert.ok(text.includes(`/dashboard/sites/${siteId}/blocks`), text);
    }
  });
});
