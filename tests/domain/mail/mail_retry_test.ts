import assert from "node:assert/strict";
import {
  eventually,
  type Seeded,
  seedSite,
  stillTrueFor,
  type TestService,
} from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { eventsOf, legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { getEmailLog } from "../../../domain/mail/email_log_store.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, sendAgain } from "../../../domain/mail/retry.ts";
import { formMailRetryJob } from "../../../domain/forms/mail_retry_job.ts";
import { getRetryEntry, replaceRetryMutation } from "../../../domain/mail/retry_store.ts";

/** A loopback port where nothing listens: the relay refuses connections. */
function freePort(): number {
  const l = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

type T = {
  svc: TestService;
  site: Seeded;
  clock: ManualClock;
  /** Brings the relay up where it was down. */
  up(): Promise<TestSmtp>;
};

async function withDeadRelay(fn: (t: T) => Promise<void>) {
  const port = freePort();
  const clock = new ManualClock(Date.parse("2026-03-02T09:00:00Z"));
  const svc = await startFormsService({
    clock,
    runJobs: false,
    config: { SVC_SMTP_URL: `smtp://127.0.0.1:${port}`, SVC_RELAY_FROM: "relay@forms.test" },
  });
  const relay: { smtp: TestSmtp | null } = { smtp: null };
  try {
    const site = await seedSite(svc);
    await fn({ svc, site, clock, up: async () => relay.smtp = await startSmtp({ port }) });
  } finally {
    // The service first: the relay's close waits for its connections.
    await svc.close();
    await relay.smtp?.close();
  }
}

/** Moves the clock on and runs every job due by then. */
async function after(t: T, ms: number) {
  t.clock.advance(ms);
  await t.svc.runner.sweep();
  await t.svc.runner.idle();
}

async function notification(t: T, id: unknown) {
  const r = await t.svc.admin("GET", `/submissions/${id}`);
  assert.equal(r.status, 200, r.text);
  return r.body.notification as Record<string, unknown> | null;
}

async function submitted(t: T, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await submit(t.svc, t.site.key, legitBody(t.site.domain, extra));
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.email_sent, false, "the answer stays what the spec says");
  return r.body.id as string;
}

Deno.test("notifications of a relay outage arrive once each when the relay is back", async () => {
  await withDeadRelay(async (t) => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await submitted(t, { form_id: 10 + i }));
    for (const id of ids) {
      const n = await notification(t, id);
      assert.equal(n?.status, "pending");
      assert.equal(n?.retry_at, new Date(t.clock.now() + RETRY_DELAYS_MS[0]).toISOString());
    }
    // Still down at the first retry: they wait for the next one.
    await after(t, RETRY_DELAYS_MS[0]);
    assert.equal((await notification(t, ids[0]))?.attempts, 2);

    {
      const smtp = await t.up();
      await after(t, RETRY_DELAYS_MS[1]);
      await smtp.waitFor(3);
      for (const id of ids) {
        const n = await eventually(async () => {
          const x = await notification(t, id);
          return x?.status === "sent" ? x : null;
        });
        assert.equal(n.attempts, 3);
      }
      // Nothing runs again, however long we wait.
      for (const ms of RETRY_DELAYS_MS.slice(2)) await after(t, ms);
      await stillTrueFor(200, () => smtp.messages.length === 3);
      const subjects = await Promise.all(smtp.messages.map(async (m) => (await m.parse()).subject));
      assert.ok(subjects.every((x) => x?.includes("Contact")), String(subjects));
      const events = await eventsOf(t.svc, t.site.siteId);
      assert.equal(events.filter((e) => e.type === "email.sent").length, 3);
      assert.equal(events.filter((e) => e.type === "email.failed").length, 0);
    }
  });
});

Deno.test("the auto-reply of an outage is retried too", async () => {
  await withDeadRelay(async (t) => {
    await submitted(t, {
      confirm: { enabled: true, subject: "Thanks, we got it", body: "We'll answer soon." },
    });
    const smtp = await t.up();
    await after(t, RETRY_DELAYS_MS[0]);
    const got = await smtp.waitFor(2);
    const to = got.map((m) => m.rcptTo[0]).sort();
    assert.deepEqual(to, ["maria.gonzalez@example.org", "owner@example.com"]);
    await after(t, RETRY_DELAYS_MS[1]);
    await stillTrueFor(200, () => smtp.messages.length === 2);
  });
});

Deno.test("a relay answering 550 is not retried", async () => {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.parse("2026-03-02T09:00:00Z"));
  const svc = await startFormsService({
    clock,
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    const site = await seedSite(svc);
    smtp.reject = { code: 550, message: "5.7.1 refused for good" };
    const r = await submit(svc, site.key, legitBody(site.domain));
    assert.equal(r.body.email_sent, false);
    const view = await svc.admin("GET", `/submissions/${r.body.id}`);
    assert.equal(view.body.notification, null);
    smtp.reject = null;
    for (const ms of RETRY_DELAYS_MS) {
      clock.advance(ms);
      await svc.runner.sweep();
    }
    await stillTrueFor(200, () => smtp.messages.length === 0);
    const events = await eventsOf(svc, site.siteId);
    assert.equal(events.filter((e) => e.type === "email.failed").length, 1);
  } finally {
    await svc.close();
    await smtp.close();
  }
});

Deno.test("after the last attempt the notification is failed, email.failed, and can be sent again", async () => {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.parse("2026-03-02T09:00:00Z"));
  const svc = await startFormsService({
    clock,
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    const site = await seedSite(svc);
    smtp.reject = { code: 451, message: "4.3.0 try again later" };
    const r = await submit(svc, site.key, legitBody(site.domain));
    const id = r.body.id as string;
    let total = 0;
    for (const ms of RETRY_DELAYS_MS) {
      clock.advance(ms);
      total += ms;
      await svc.runner.sweep();
      await svc.runner.idle();
    }
    assert.ok(total >= 24 * 3600_000, "retried for at least 24 hours");
    const view = await eventually(async () => {
      const v = await svc.admin("GET", `/submissions/${id}`);
      const n = v.body.notification as Record<string, unknown> | null;
      return n?.status === "failed" ? n : null;
    });
    assert.equal(view.attempts, MAX_ATTEMPTS);
    const failed = (await eventsOf(svc, site.siteId)).filter((e) => e.type === "email.failed");
    assert.equal(failed.length, 1, "one email.failed, after the last attempt");
    assert.equal(smtp.messages.length, 0);

    smtp.reject = null;
    const logId = await logIdOf(svc, site, id);
    assert.equal((await getEmailLog(svc.ctx.kv, logId))?.status, "failed");
    await sendAgain(svc.ctx, formMailRetryJob, site.siteId, logId);
    await svc.runner.sweep();
    await smtp.waitFor(1);
    await eventually(async () => {
      const v = await svc.admin("GET", `/submissions/${id}`);
      return (v.body.notification as { status: string }).status === "sent";
    });
  } finally {
    await svc.close();
    await smtp.close();
  }
});

/** The log id of a submission's kept notification (the newest log record of the site). */
async function logIdOf(svc: TestService, site: Seeded, _id: string): Promise<string> {
  const r = await svc.admin("GET", `/sites/${site.siteId}/email-log?limit=1`);
  assert.equal(r.status, 200, r.text);
  return (r.body.items as { id: string }[])[0].id;
}

Deno.test("a claim found without its outcome is never sent blind", async () => {
  await withDeadRelay(async (t) => {
    const id = await submitted(t);
    const logId = await logIdOf(t.svc, t.site, id);
    // What a process killed between its claim and the hand-off's outcome leaves behind.
    const e = (await getRetryEntry(t.svc.ctx.kv, t.site.siteId, logId))!;
    const op = replaceRetryMutation(
      t.svc.ctx.kv.atomic(),
      { ...e.value, state: "claimed", attempts: 2 },
      e.versionstamp,
    );
    assert.ok((await op.commit()).ok);
    const smtp = await t.up();
    await after(t, RETRY_DELAYS_MS[0]);
    const n = await eventually(async () => {
      const x = await notification(t, id);
      return x?.status === "failed" ? x : null;
    });
    assert.match(String(n.error), /service stopped/);
    await after(t, RETRY_DELAYS_MS[1]);
    await stillTrueFor(200, () => smtp.messages.length === 0);
  });
});

Deno.test("a spam-folder release during a relay outage is retried and arrives once", async () => {
  await withDeadRelay(async (t) => {
    const r = await submit(t.svc, t.site.key, {
      form_id: 4,
      form_name: "Quote",
      fields: {
        name: "Robertlex",
        email: "robert1@mailinator.com",
        message:
          "Buy viagra and cialis at our online pharmacy http://pharma.top http://pharma.top/a",
      },
      visitor: { ip: "10.9.0.1", referrer: `https://${t.site.domain}/quote` },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.email_sent, undefined, "judged spam");
    const ham = await t.svc.admin("POST", `/submissions/${r.body.id}/ham`);
    assert.equal(ham.status, 200, ham.text);
    assert.equal(ham.body.email_sent, false);
    assert.equal((ham.body.notification as { status: string }).status, "pending");
    const smtp = await t.up();
    await after(t, RETRY_DELAYS_MS[0]);
    const [m] = await smtp.waitFor(1);
    assert.match((await m.parse()).subject ?? "", /^\[Released from spam\]/);
    assert.equal((await notification(t, r.body.id))?.status, "sent");
    await after(t, RETRY_DELAYS_MS[1]);
    await stillTrueFor(200, () => smtp.messages.length === 1);
  });
});
