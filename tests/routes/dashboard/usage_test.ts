/**
 * The usage page: this month against the account's limits, and a chart of 30
 * days from the daily counters, which the send, tracking, inbound report and
 * submit paths keep inside their own commits. Real peers: the bounce arrives
 * over SMTP at the inbound listener, the open is a pixel request.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { startTestService } from "../../helpers/service.ts";
import { readsOf } from "../../helpers/kv_reads.ts";
import { SmtpClient } from "../../helpers/smtp_client.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { readDaily } from "../../../domain/kernel/kv/counters.ts";
import { openPixelUrl } from "../../../domain/mail/tracking.ts";
import { verpAddress } from "../../../domain/mail/tokens.ts";
import { startInboundListener } from "../../../domain/inbound/listener.ts";
import { Browser, seedUser } from "./browser.ts";

const RP = "mail.svc.test";
const DAY = 24 * 3600_000;

function bounceOf(messageId: string, verp: string, rcpt: string, subject: string): string {
  const file = new URL("../../domain/inbound/fixtures/postfix_failed.eml", import.meta.url);
  const vars: Record<string, string> = {
    VERP: verp,
    ENVID: verp.split("@")[0],
    MSGID: messageId,
    RCPT: rcpt,
    RCPT_LOCAL: rcpt.split("@")[0],
    RP,
    SUBJECT: subject,
    NONCE: crypto.randomUUID(),
  };
  return Deno.readTextFileSync(fileURLToPath(file))
    .replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k])
    .replace(/\r?\n/g, "\r\n");
}

/** The cells of the usage table's row for `day`. */
function row(html: string, day: string): number[] {
  const m = new RegExp(`<th scope="row">${day}</th>((?:<td[^>]*>\\d+</td>)+)`).exec(html);
  assert.ok(m, `no row for ${day}`);
  return [...m[1].matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((x) => Number(x[1]));
}

Deno.test("usage: sent, opened, clicked, bounced and submissions per day from daily counters, and the month against the limits", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 10));
  const svc = await startTestService({
    clock,
    runJobs: false,
    config: { SVC_RELAY_FROM: `relay@${RP}` },
  });
  const smtp = await startInboundListener(svc.ctx, {
    port: 0,
    host: "127.0.0.1",
    tls: null,
    limits: { closeMs: 200 },
  });
  try {
    const a = await seedUser(svc);
    await svc.admin("PATCH", `/accounts/${a.accountId}`, {
      monthly_email_limit: 1000,
      monthly_form_limit: 50,
    });
    const key = (await svc.admin("POST", `/sites/${a.siteId}/api-keys`)).body.api_key as string;
    // Day 1 (Nov 20): two mails, one opened twice; one submission (its notification is a third mail).
    const sent: { messageId: string; logId: string; subject: string }[] = [];
    for (const subject of ["Order 1", "Order 2"]) {
      const r = await svc.api("POST", "mail/send", {
        key,
        body: { to: "buyer@example.org", subject, html: "<p>Shipped.</p>" },
      });
      assert.equal(r.body.sent, true, r.text);
      const messageId = r.body.message_id as string;
      sent.push({ messageId, logId: messageId.slice(1, 37), subject });
    }
    const pixel = new URL(openPixelUrl("http://x", svc.ctx.config.encryptionKey, sent[0].logId));
    for (let i = 0; i < 2; i++) {
      assert.equal((await svc.app.request(pixel.pathname)).status, 200);
    }
    const submitted = await svc.api("POST", "forms/submit", {
      key,
      body: {
        form_id: 1,
        fields: { email: "ann@example.org", message: "Could you send the price list? Thanks." },
      },
    });
    assert.equal(submitted.status, 200, submitted.text);
    // Day 2 (Nov 21): the second mail bounces, over SMTP.
    clock.advance(DAY);
    const verp = verpAddress(svc.ctx.config.encryptionKey, sent[1].logId, "buyer@example.org", RP);
    const [c] = await SmtpClient.connect(smtp.port);
    try {
      const replies = await c.send(
        "",
        [verp],
        bounceOf(sent[1].messageId, verp, "buyer@example.org", sent[1].subject),
      );
      assert.equal(replies.at(-1)!.code, 250);
    } finally {
      c.close();
    }

    const days = await readDaily(svc.ctx.kv, a.siteId, clock.now(), 30);
    assert.equal(days.length, 30);
    assert.equal(days[29].day, "2026-11-21");
    assert.deepEqual(days[28].counts, {
      sent: 3,
      opened: 2,
      clicked: 0,
      bounced: 0,
      submissions: 1,
    });
    assert.deepEqual(days[29].counts, {
      sent: 0,
      opened: 0,
      clicked: 0,
      bounced: 1,
      submissions: 0,
    });

    const b = new Browser(svc);
    await b.signIn(a.email, a.password);
    const page = await b.get(`/dashboard/sites/${a.siteId}/usage`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<svg[^>]*role="img"/);
    assert.equal((page.text.match(/<polyline/g) ?? []).length, 5);
    assert.deepEqual(row(page.text, "2026-11-20"), [3, 2, 0, 0, 1]);
    assert.deepEqual(row(page.text, "2026-11-21"), [0, 0, 0, 1, 0]);
    assert.match(page.text, /Emails sent<\/strong>: 2 of 1,000/); // notifications are not counted against the quota
    assert.match(page.text, /Form submissions<\/strong>: 1 of 50/);

    // The page reads a fixed number of keys: no log is scanned.
    const reads = await readsOf(svc.ctx, () => b.get(`/dashboard/sites/${a.siteId}/usage`));
    assert.ok(reads.length <= 8, JSON.stringify(reads));
    assert.equal(reads.filter((r) => r.op === "list").length, 1);

    // Thirty days later the first day has left the chart.
    clock.advance(30 * DAY);
    await b.signIn(a.email, a.password); // the session ended long ago
    const later = await b.get(`/dashboard/sites/${a.siteId}/usage`);
    assert.doesNotMatch(later.text, /2026-11-20/);
    assert.match(later.text, /Emails sent<\/strong>: 0 of 1,000/);
  } finally {
    await smtp.close();
    await svc.close();
  }
});

Deno.test("account usage adds up the daily counters of the account's sites; another account's are not in it", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const second = await svc.admin("POST", "/sites", {
      account_id: a.accountId,
      name: "Second site",
      domain: "second.example.com",
      default_notify_email: "owner@example.com",
    });
    const b = await seedUser(svc, "Bravo");
    const submit = async (siteId: string, n: number) => {
      const key = (await svc.admin("POST", `/sites/${siteId}/api-keys`)).body.api_key as string;
      for (let i = 0; i < n; i++) {
        const r = await svc.api("POST", "forms/submit", {
          key,
          body: { form_id: 1, fields: { email: `p${i}@example.org`, message: `Question ${i}?` } },
        });
        assert.equal(r.status, 200, r.text);
      }
    };
    await submit(a.siteId, 2);
    await submit(second.body.id as string, 3);
    await submit(b.siteId, 7);
    const u = new Browser(svc);
    await u.signIn(a.email, a.password);
    const page = await u.get("/dashboard/usage");
    assert.equal(page.status, 200);
    assert.match(page.text, /All sites of Acme/);
    const today = new Date(svc.ctx.clock.now()).toISOString().slice(0, 10);
    const cells = new RegExp(`<th scope="row">${today}</th>((?:<td[^>]*>\\d+</td>)+)`).exec(
      page.text,
    )!;
    const nums = [...cells[1].matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    assert.equal(nums[4], 5, "submissions of both sites, none of Bravo's");
    // The month's count is the quota's (repeated texts are not counted against it).
    assert.match(page.text, /Form submissions<\/strong>: \d+/);
    // The y axis in four round steps (top 8 for a peak of 5).
    const ticks = [...page.text.matchAll(/text-anchor="end">(\d+(?:\.\d+)?)<\/text>/g)]
      .map((m) => m[1]);
    assert.deepEqual(ticks.slice(0, 5), ["0", "2", "4", "6", "8"]);
    const site = await u.get(`/dashboard/sites/${a.siteId}/usage`);
    assert.match(site.text, /href="\/dashboard\/usage"/);
  } finally {
    await svc.close();
  }
});
