/**
 * "Not spam" releases the notification once: a submission judged spam has its
 * notification held; POST /admin/api/v1/submissions/{id}/ham and the
 * dashboard's Not spam send it, marked as released from the spam folder, and
 * marking again (or twice at once) sends nothing more.
 */
import assert from "node:assert/strict";
import { seedSite, stillTrueFor, type TestService } from "../../helpers/service.ts";
import { BROWSER_UA, eventsOf, legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import {
  claimSubmissionRelease,
  getSubmission,
  readSubmissionMark,
  readSubmissionRelease,
  setSubmissionMark,
} from "../../../domain/forms/submissions_store.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { Browser } from "../dashboard/browser.ts";

async function withRelay(
  fn: (svc: TestService, smtp: TestSmtp, clock: ManualClock) => Promise<void>,
) {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
  const svc = await startFormsService({
    runJobs: false,
    clock,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    await fn(svc, smtp, clock);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

let n = 0;

/** A submission the judgement calls spam (links to a pharmacy), from a fresh IP. */
async function spamSubmission(svc: TestService, key: string, domain: string): Promise<string> {
  const i = ++n;
  const r = await submit(svc, key, {
    form_id: 4,
    form_name: "Quote",
    fields: {
      name: "Robertlex",
      email: `robert${i}@mailinator.com`,
      message:
        `Buy viagra and cialis at our online pharmacy ${i} http://pharma.top http://pharma.top/a http://pharma.top/b`,
    },
    visitor: { ip: `10.9.0.${i}`, user_agent: BROWSER_UA, referrer: `https://${domain}/quote` },
  });
  assert.equal(r.status, 200, r.text);
  assert.ok(r.body.id && r.body.email_sent === undefined, `not judged spam: ${r.text}`);
  return r.body.id as string;
}

/** No further message arrives for a short while. */
async function noMoreMail(smtp: TestSmtp, count: number) {
  await stillTrueFor(300, () => smtp.messages.length === count, `exactly ${count} mail(s)`);
}

Deno.test('"not spam" through the operator API releases the held notification once, marked as released', async () => {
  await withRelay(async (svc, smtp) => {
    const { key, domain, siteId } = await seedSite(svc, { site: { name: "Luna Bakery" } });
    const hook = await svc.admin("POST", `/sites/${siteId}/webhooks`, {
      url: "https://hooks.example.com/luna",
      events: ["all"],
    });
    assert.equal(hook.status, 201, hook.text);
    const id = await spamSubmission(svc, key, domain);
    await noMoreMail(smtp, 0);

    const r = await svc.admin("POST", `/submissions/${id}/ham`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.mark, "ham");
    assert.equal(r.body.classification, "spam", "the original verdict is kept");
    assert.equal(r.body.email_sent, true);
    const released = r.body.released as { at: string; by: string; channel: string };
    assert.deepEqual({ by: released.by, channel: released.channel }, {
      by: "the operator",
      channel: "operator_api",
    });
    assert.equal(released.at, "2026-06-01T09:00:00.000Z");

    const [m] = await smtp.waitFor(1);
    assert.deepEqual(m.rcptTo, ["owner@example.com"]);
    const mail = await m.parse();
    assert.equal(mail.subject, "[Released from spam] New submission: Quote (Luna Bakery)");
    assert.match(
      mail.text ?? "",
      /^Released from the spam folder by the operator at 2026-06-01T09:00:00.000Z: this submission was judged spam/,
    );
    assert.match(mail.text ?? "", /online pharmacy/);
    assert.match(mail.html || "", /Released from the spam folder by the operator/);
    // Events as for any notification: one email.sent, and no second form.* event.
    const events = await eventsOf(svc, siteId);
    assert.deepEqual(events.map((e) => e.type).sort(), ["email.sent", "form.spam"]);
    assert.equal(
      events.find((e) => e.type === "email.sent")!.data.subject,
      "[Released from spam] New submission: Quote (Luna Bakery)",
    );

    // Marking again, spam and back to ham, sends nothing more.
    assert.equal((await svc.admin("POST", `/submissions/${id}/ham`)).status, 200);
    assert.equal((await svc.admin("POST", `/submissions/${id}/spam`)).body.mark, "spam");
    const again = await svc.admin("POST", `/submissions/${id}/ham`);
    assert.equal(again.body.mark, "ham");
    assert.equal((again.body.released as { at: string }).at, released.at);
    await noMoreMail(smtp, 1);
  });
});

Deno.test('"not spam" five times at once on one spam submission sends one notification', async () => {
  await withRelay(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    const id = await spamSubmission(svc, key, domain);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => svc.admin("POST", `/submissions/${id}/ham`)),
    );
    for (const r of all) assert.equal(r.status, 200, r.text);
    await smtp.waitFor(1);
    await noMoreMail(smtp, 1);
  });
});

Deno.test('"not spam" five times at once on a spam submission already marked ham (before releases existed) sends one notification', async () => {
  await withRelay(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    const id = await spamSubmission(svc, key, domain);
    // A ham mark stored before "not spam" released anything: no mark changes now, only the claim.
    const op = svc.ctx.kv.atomic();
    setSubmissionMark(op, id, await readSubmissionMark(svc.ctx.kv, id), {
      mark: "ham",
      at: new Date(svc.ctx.clock.now()).toISOString(),
    });
    assert.ok((await op.commit()).ok);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => svc.admin("POST", `/submissions/${id}/ham`)),
    );
    for (const r of all) assert.equal(r.status, 200, r.text);
    await smtp.waitFor(1);
    await noMoreMail(smtp, 1);
  });
});

Deno.test('"not spam" on a submission whose notification was already sent sends nothing more', async () => {
  await withRelay(async (svc, smtp) => {
    const { key, domain } = await seedSite(svc);
    const r = await submit(svc, key, { ...legitBody(domain), visitor: { user_agent: BROWSER_UA } });
    assert.equal(r.body.email_sent, true, r.text);
    await smtp.waitFor(1);
    const ham = await svc.admin("POST", `/submissions/${r.body.id}/ham`);
    assert.equal(ham.body.mark, "ham");
    assert.equal(ham.body.released, null);
    await noMoreMail(smtp, 1);
  });
});

/** A claim as a process killed right after it leaves it: no outcome on the record. */
async function cutOffClaim(svc: TestService, id: string, clock: ManualClock): Promise<string> {
  const logId = crypto.randomUUID();
  const claim = {
    at: new Date(clock.now()).toISOString(),
    by: "the operator",
    channel: "operator_api" as const,
    log_id: logId,
    attempts: 1,
  };
  const read = await readSubmissionRelease(svc.ctx.kv, id);
  const op = svc.ctx.kv.atomic();
  claimSubmissionRelease(op, (await getSubmission(svc.ctx.kv, id))!, read, claim);
  assert.ok((await op.commit()).ok);
  return logId;
}

Deno.test("a release cut off before the mail engine is sent once by a later not spam, after the stale time", async () => {
  await withRelay(async (svc, smtp, clock) => {
    const { key, domain } = await seedSite(svc);
    const cut = await spamSubmission(svc, key, domain);
    await cutOffClaim(svc, cut, clock);
    // Within the stale time nothing is sent (the first send may still be under way).
    await svc.admin("POST", `/submissions/${cut}/ham`);
    await noMoreMail(smtp, 0);
    clock.advance(6 * 60 * 1000);
    const r = await svc.admin("POST", `/submissions/${cut}/ham`);
    assert.equal(r.body.email_sent, true, r.text);
    await smtp.waitFor(1);
    await svc.admin("POST", `/submissions/${cut}/ham`);
    await noMoreMail(smtp, 1);
    assert.equal((await readSubmissionRelease(svc.ctx.kv, cut)).value?.attempts, 2);
  });
});

Deno.test("a release cut off during the hand-off (its email log record exists) is never sent again", async () => {
  await withRelay(async (svc, smtp, clock) => {
    const { key, domain, siteId } = await seedSite(svc);
    const cut = await spamSubmission(svc, key, domain);
    const logId = await cutOffClaim(svc, cut, clock);
    // The mail engine's "sending" record: the relay may have taken the mail.
    await svc.ctx.kv.set(keys.emailLog(logId), { id: logId, site_id: siteId, status: "sending" });
    clock.advance(60 * 60 * 1000);
    const r = await svc.admin("POST", `/submissions/${cut}/ham`);
    assert.equal(r.status, 200, r.text);
    await noMoreMail(smtp, 0);
    assert.equal((await readSubmissionRelease(svc.ctx.kv, cut)).value?.attempts, 1);
  });
});

Deno.test('"not spam" in the dashboard spam folder releases the notification once, by the signed-in user', async () => {
  await withRelay(async (svc, smtp) => {
    const { key, domain, siteId, accountId } = await seedSite(svc);
    const email = "dana@owner.test";
    const u = await svc.admin("POST", `/accounts/${accountId}/users`, {
      email,
      password: "correct horse battery",
    });
    assert.equal(u.status, 201, u.text);
    const id = await spamSubmission(svc, key, domain);
    const user = new Browser(svc);
    await user.signIn(email, "correct horse battery");
    const base = `/dashboard/sites/${siteId}/submissions`;
    const folder = await user.get(`${base}?classification=spam`);
    assert.equal(folder.status, 200);
    assert.match(folder.text, /<h1>Spam folder<\/h1>/);
    assert.ok(folder.text.includes(`action="${base}/${id}/mark/ham"`), "a Not spam button per row");

    const res = await user.post(`${base}/${id}/mark/ham`, { back: "folder" });
    assert.equal(res.status, 303);
    assert.equal(res.location, `${base}?classification=spam`);
    const [m] = await smtp.waitFor(1);
    const mail = await m.parse();
    assert.match(mail.subject ?? "", /^\[Released from spam\]/);
    assert.match(mail.text ?? "", /^Released from the spam folder by dana@owner\.test at /);

    const after = await user.get(`${base}?classification=spam`);
    assert.match(after.text, /spam \(released\)/);
    assert.equal(after.text.includes(`action="${base}/${id}/mark/ham"`), false);
    const detail = await user.get(`${base}/${id}`);
    assert.match(detail.text, /from the spam folder [0-9-]+ [0-9:]+ by dana@owner\.test/);
    assert.match(detail.text, /<dd>\s*sent\s+to owner@example\.com/);

    // Not spam again from the detail page sends nothing more.
    await user.post(`${base}/${id}/mark/ham`);
    await noMoreMail(smtp, 1);
  });
});
