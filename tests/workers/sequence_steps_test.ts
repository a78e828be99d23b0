import assert from "node:assert/strict";
import {
  eventually,
  type Seeded,
  seedSite,
  startTestService,
  type TestService,
} from "../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { addVerifiedDomain, siteEvents } from "../helpers/mail.ts";
import { ManualClock } from "../../domain/kernel/clock.ts";
import { addSuppression } from "../../domain/suppressions/store.ts";
import {
  getEnrollmentEntry,
  listEnrollmentsOfSite,
  replaceEnrollmentMutations,
} from "../../domain/sequences/store.ts";
import { getEmailLog, putEmailLog } from "../../domain/mail/email_log_store.ts";
import { sendMail } from "../../domain/mail/send.ts";
import { getSite } from "../../domain/sites/store.ts";
import { uuidv7 } from "../../domain/kernel/ids.ts";
import { isoTime } from "../../domain/kernel/clock.ts";
import { SENDING_STALE_MS } from "../../domain/sequences/steps.ts";

const DAY = 86_400;

type Ctx = { svc: TestService; smtp: TestSmtp; site: Seeded; clock?: ManualClock };

async function withService(
  fn: (t: Ctx) => Promise<void>,
  opts: { clock?: ManualClock; account?: Record<string, unknown> } = {},
) {
  const smtp = await startSmtp();
  const svc = await startTestService({
    clock: opts.clock,
    config: { SVC_SMTP_URL: smtp.url, SVC_BASE_URL: "https://svc.example.net" },
  });
  try {
    const site = await seedSite(svc, { account: opts.account });
    for (
      const [slug, subject, html] of [
        [
          "step-a",
          "Hello {{name}}",
          "<p>Hi {{name}}, your plan is {{plan}} ({{seats}} seats).</p>",
        ],
        [
          "step-b",
          "Tips for {{name}}",
          '<p>Tip two.</p><p><a href="{{unsubscribe_url}}">Stop these emails</a></p>',
        ],
        ["step-c", "Last one", "<p>Goodbye {{name}}.</p>"],
      ]
    ) {
      const r = await svc.admin("POST", `/accounts/${site.accountId}/templates`, {
        name: slug,
        slug,
        subject,
        html,
      });
      assert.equal(r.status, 201, r.text);
    }
    await fn({ svc, smtp, site, clock: opts.clock });
  } finally {
    await svc.close();
    await smtp.close();
  }
}

async function makeSequence(t: Ctx, steps: unknown[], key = "onboarding") {
  const r = await t.svc.admin("POST", `/accounts/${t.site.accountId}/sequences`, {
    key,
    name: "Onboarding",
    enabled: true,
    steps,
  });
  assert.equal(r.status, 201, r.text);
  return r.body.id as string;
}

async function enroll(
  t: Ctx,
  email: string,
  data: Record<string, unknown> = {},
  key = "onboarding",
) {
  const r = await t.svc.api("POST", "sequences/enroll", {
    key: t.site.key,
    body: { sequence: key, email, data },
  });
  assert.deepEqual(r.body, { ok: true, result: "enrolled" });
}

async function enrollment(t: Ctx) {
  return (await t.svc.admin("GET", `/sites/${t.site.siteId}/enrollments`)).body
    .items as Record<string, unknown>[];
}

/** Moves the manual clock and runs what became due. */
async function advance(t: Ctx, seconds: number) {
  t.clock!.advance(seconds * 1000);
  await t.svc.runner.sweep();
  await t.svc.runner.idle();
}

/** Lets every due job and what it schedules at once run to the end. */
async function settle(t: Ctx) {
  for (let i = 0; i < 5; i++) {
    await t.svc.runner.sweep();
    await t.svc.runner.idle();
  }
}

Deno.test("steps go in order after their delays, with data, the unsubscribe link and email.sent", async () => {
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 1, template: "step-a" },
      { delay_seconds: 1, template: "step-b" },
    ]);
    const t0 = Date.now();
    await enroll(t, "Jane@Example.com", { name: "Jane <b>", plan: "pro", seats: 3 });
    const [first] = await t.smtp.waitFor(1, 5000);
    const t1 = Date.now();
    assert.ok(t1 - t0 >= 900, `first step after its own delay (${t1 - t0} ms)`);
    const m1 = await first.parse();
    assert.deepEqual(first.rcptTo, ["jane@example.com"]);
    assert.equal(m1.subject, "Hello Jane <b>");
    // data fills the HTML escaped.
    assert.match(m1.html as string, /Hi Jane &lt;b&gt;, your plan is pro \(3 seats\)\./);
    // A visible unsubscribe link was added, and the one-click headers are there.
    const unsub = /href="(https:\/\/svc\.example\.net\/u\/[^"]+)"[^>]*>Unsubscribe</.exec(
      m1.html as string,
    );
    assert.ok(unsub, "visible unsubscribe link");
    const head = first.raw.toString().split("\r\n\r\n")[0];
    assert.match(head, /\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/);
    assert.match(head, /\r\nList-Unsubscribe:\s+<https:\/\/svc\.example\.net\/u\/[^>]+>/);
    // The text part carries it too.
    assert.ok(String(m1.text).includes(unsub[1]), String(m1.text));

    const [, second] = await t.smtp.waitFor(2, 5000);
    const t2 = Date.now();
    assert.ok(t2 - t1 >= 800, `second step after its own delay (${t2 - t1} ms)`);
    const m2 = await second.parse();
    assert.equal(m2.subject, "Tips for Jane <b>");
    // The template places {{unsubscribe_url}} itself: no second link is added.
    assert.match(
      m2.html as string,
      /href="https:\/\/svc\.example\.net\/u\/[^"]+"[^>]*>Stop these emails/,
    );
    assert.doesNotMatch(m2.html as string, />Unsubscribe</);

    const [e] = await eventually(async () => {
      const items = await enrollment(t);
      return items[0].state === "completed" ? items : null;
    });
    const steps = e.steps as Record<string, unknown>[];
    assert.deepEqual(steps.map((s) => [s.index, s.state]), [[0, "sent"], [1, "sent"]]);
    assert.equal(steps[0].message_id, m1.messageId);
    assert.equal(steps[1].message_id, m2.messageId);
    const sent = await siteEvents(t.svc, t.site.siteId, "email.sent");
    assert.deepEqual(sent.map((s) => s.data), [
      {
        message_id: m1.messageId,
        to: "jane@example.com",
        subject: "Hello Jane <b>",
        mode: "relay",
        source: "sequence",
      },
      {
        message_id: m2.messageId,
        to: "jane@example.com",
        subject: "Tips for Jane <b>",
        mode: "relay",
        source: "sequence",
      },
    ]);
    assert.equal(t.smtp.messages.length, 2);
  });
});

Deno.test("the unsubscribe link works and stops the rest of the sequence", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: DAY, template: "step-b" },
    ]);
    await enroll(t, "leave@example.com", { name: "Lee" });
    await settle(t);
    const [m] = await t.smtp.waitFor(1);
    const url = /List-Unsubscribe:\s+<([^>]+)>/i.exec(m.raw.toString())![1];
    const res = await t.svc.app.request(new URL(url).pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await advance(t, DAY);
    const [e] = await enrollment(t);
    assert.equal(e.state, "stopped");
    assert.equal(e.stop_reason, "unsubscribed");
    assert.equal(t.smtp.messages.length, 1);
  }, { clock });
});

Deno.test("a suppressed address stops its enrollment before the next step", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: 3 * DAY, template: "step-b" },
    ]);
    await enroll(t, "bounce@example.com", { name: "B" });
    await settle(t);
    await t.smtp.waitFor(1);
    await addSuppression(t.svc.ctx.kv, t.svc.ctx.config.encryptionKey, {
      email: "bounce@example.com",
      reason: "bounced",
      detail: null,
      created_at: isoTime(clock.now()),
    });
    await advance(t, 3 * DAY);
    const [e] = await enrollment(t);
    assert.equal(e.state, "stopped");
    assert.equal(e.stop_reason, "suppressed");
    assert.equal(t.smtp.messages.length, 1);
    // Stopped: enrolling again is possible (and stops again at its first step).
    await enroll(t, "bounce@example.com");
  }, { clock });
});

Deno.test("a sequence turned off holds due steps and resumes them once when turned on", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    const id = await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: DAY, template: "step-b" },
      { delay_seconds: DAY, template: "step-c" },
    ]);
    await enroll(t, "one@example.com", { name: "One" });
    await settle(t);
    await t.smtp.waitFor(1);
    assert.equal((await t.svc.admin("PATCH", `/sequences/${id}`, { enabled: false })).status, 200);
    await enroll(t, "two@example.com", { name: "Two" }); // enrolled while off
    await advance(t, DAY);
    await advance(t, DAY); // days pass; nothing goes out
    assert.equal(t.smtp.messages.length, 1);
    const waiting = await enrollment(t);
    assert.deepEqual(waiting.map((e) => [e.email, e.state, e.next_step]), [
      ["two@example.com", "waiting", 0],
      ["one@example.com", "waiting", 1],
    ]);
    await t.svc.admin("PATCH", `/sequences/${id}`, { enabled: true });
    await settle(t);
    await t.smtp.waitFor(3);
    const got = t.smtp.messages.map((
      m,
    ) => [m.rcptTo[0], /Subject: ([^\r\n]+)/.exec(m.raw.toString())![1]]);
    assert.deepEqual(got.slice(1).sort(), [["one@example.com", "Tips for One"], [
      "two@example.com",
      "Hello Two",
    ]]);
    // Each continues from there with its own delays: one more each a day later.
    await advance(t, DAY);
    await settle(t);
    await t.smtp.waitFor(5);
    await advance(t, DAY);
    await settle(t);
    await t.smtp.waitFor(6);
    const items = await enrollment(t);
    assert.deepEqual(items.map((e) => e.state), ["completed", "completed"]);
    for (const e of items) {
      assert.deepEqual((e.steps as { state: string }[]).map((s) => s.state), [
        "sent",
        "sent",
        "sent",
      ]);
    }
    assert.equal(t.smtp.messages.length, 6);
  }, { clock });
});

Deno.test("a step turned off is skipped and the next follows its own delay", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: DAY, template: "step-b", enabled: false },
      { delay_seconds: DAY, template: "step-c" },
    ]);
    await enroll(t, "skip@example.com", { name: "S" });
    await settle(t);
    await advance(t, DAY);
    assert.equal(t.smtp.messages.length, 1);
    await advance(t, DAY);
    await t.smtp.waitFor(2);
    const [e] = await enrollment(t);
    assert.equal(e.state, "completed");
    assert.deepEqual((e.steps as { state: string }[]).map((s) => s.state), [
      "sent",
      "skipped",
      "sent",
    ]);
  }, { clock });
});

Deno.test("a step over the monthly limit waits for next month instead of being lost", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 30, 22));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: 60, template: "step-b" },
    ]);
    await enroll(t, "q@example.com", { name: "Q" });
    await settle(t);
    await t.smtp.waitFor(1);
    await advance(t, 60);
    let [e] = await enrollment(t);
    assert.equal(e.state, "active");
    const deferred = (e.steps as Record<string, unknown>[])[1];
    assert.equal(deferred.state, "deferred");
    assert.equal(deferred.error, "over_quota");
    assert.equal(e.next_due_at, "2026-12-01T00:00:00.000Z");
    assert.equal(t.smtp.messages.length, 1);
    const rejected = await siteEvents(t.svc, t.site.siteId, "email.rejected");
    assert.equal(rejected.length, 1);
    assert.equal(rejected[0].data.reason, "over_quota");
    // The 1st of the month (UTC): the count restarts and the step goes out.
    clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    await settle(t);
    await t.smtp.waitFor(2);
    [e] = await enrollment(t);
    assert.equal(e.state, "completed");
    assert.deepEqual((e.steps as { state: string }[]).map((s) => s.state), ["sent", "sent"]);
  }, { clock, account: { monthly_email_limit: 1 } });
});

Deno.test("a step the mail server refuses is recorded failed with email.failed, and the sequence goes on", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: 0, template: "step-a" },
      { delay_seconds: DAY, template: "step-b" },
    ]);
    t.smtp.reject = { code: 550, message: "5.7.1 refused for testing" };
    await enroll(t, "fail@example.com", { name: "F" });
    await settle(t);
    const [e0] = await enrollment(t);
    const failed = (e0.steps as Record<string, unknown>[])[0];
    assert.equal(failed.state, "failed");
    assert.match(failed.error as string, /550/);
    const ev = await siteEvents(t.svc, t.site.siteId, "email.failed");
    assert.equal(ev.length, 1);
    assert.equal(ev[0].data.source, "sequence");
    assert.equal(ev[0].data.to, "fail@example.com");
    assert.match(ev[0].data.error as string, /refused for testing/);
    t.smtp.reject = null;
    await advance(t, DAY);
    await t.smtp.waitFor(1);
    const [e] = await enrollment(t);
    assert.deepEqual((e.steps as { state: string }[]).map((s) => s.state), ["failed", "sent"]);
  }, { clock });
});

Deno.test("a step job delivered many times at once sends the step once", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: DAY, template: "step-a" },
      { delay_seconds: DAY, template: "step-b" },
    ]);
    await enroll(t, "dup@example.com", { name: "D" });
    clock.advance(DAY * 1000);
    // Several runners (sweeps of several processes) reach the same due job.
    await Promise.all([t.svc.runner.sweep(), t.svc.runner.sweep(0), t.svc.runner.sweep(0)]);
    await t.svc.runner.idle();
    await settle(t);
    assert.equal(t.smtp.messages.length, 1);
  }, { clock });
});

/** Puts the enrollment in the state a crash between claim and outcome leaves. */
async function leaveClaimed(t: Ctx, attemptId: string, at: number) {
  const [rec] = await listEnrollmentsOfSite(t.svc.ctx.kv, t.site.siteId, 1);
  const entry = await getEnrollmentEntry(t.svc.ctx.kv, rec.id);
  const e = entry.value!;
  const claimed = {
    ...e,
    steps: [
      ...e.steps,
      {
        index: e.next_step,
        state: "sending" as const,
        at: isoTime(at),
        attempt_id: attemptId,
        message_id: null,
        error: null,
      },
    ],
  };
  await replaceEnrollmentMutations(t.svc.ctx.kv.atomic(), entry.versionstamp!, claimed).commit();
}

Deno.test("after a crash between claim and outcome, a step is sent once: resent only if it never reached the mail engine", async () => {
  const start = Date.UTC(2026, 10, 10, 9);
  // (a) the attempt never reached the mail engine: sent now.
  const clockA = new ManualClock(start);
  await withService(async (t) => {
    await makeSequence(t, [{ delay_seconds: DAY, template: "step-a" }]);
    await enroll(t, "a@example.com", { name: "A" });
    // Claimed before the step falls due, so that no job runner (woken by any commit) takes
    // the due step before the test has left it claimed.
    const due = start + DAY * 1000;
    await leaveClaimed(t, uuidv7(due), due);
    clockA.advance(DAY * 1000);
    await settle(t);
    // A fresh claim is younger than the stale limit: it waits for it first.
    assert.equal(t.smtp.messages.length, 0);
    clock_advance_ms(clockA, SENDING_STALE_MS);
    await settle(t);
    await t.smtp.waitFor(1);
    const [e] = await enrollment(t);
    assert.equal(e.state, "completed");
    assert.deepEqual((e.steps as { state: string }[]).map((s) => s.state), ["sent"]);
  }, { clock: clockA });

  // (b) the attempt was sent before the crash: recorded sent, not sent again.
  const clockB = new ManualClock(start);
  await withService(async (t) => {
    await makeSequence(t, [{ delay_seconds: DAY, template: "step-a" }]);
    await enroll(t, "b@example.com", { name: "B" });
    const attempt = uuidv7(start);
    const site = (await getSite(t.svc.ctx.kv, t.site.siteId))!;
    const out = await sendMail(t.svc.ctx, site, {
      to: "b@example.com",
      template: "step-a",
      data: { name: "B" },
    }, { source: "sequence", logId: attempt });
    assert.ok(out.ok);
    await leaveClaimed(t, attempt, start + DAY * 1000);
    clockB.advance(DAY * 1000);
    await settle(t);
    assert.equal(t.smtp.messages.length, 1);
    clock_advance_ms(clockB, SENDING_STALE_MS);
    await settle(t);
    const [e] = await enrollment(t);
    assert.equal(e.state, "completed");
    const s = (e.steps as Record<string, unknown>[])[0];
    assert.equal(s.state, "sent");
    assert.equal(s.message_id, (await getEmailLog(t.svc.ctx.kv, attempt))!.message_id);
    assert.equal(t.smtp.messages.length, 1);
  }, { clock: clockB });
});

Deno.test("after a crash during the SMTP hand-off itself, the step is recorded failed and never resent", async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  await withService(async (t) => {
    await makeSequence(t, [
      { delay_seconds: DAY, template: "step-a" },
      { delay_seconds: DAY, template: "step-b" },
    ]);
    await enroll(t, "c@example.com", { name: "C" });
    // The email log as the engine leaves it mid hand-off: reserved, status sending. Written
    // before the step is due, so that no job runner (woken by any commit) takes the step
    // before the test has left it claimed.
    const attempt = uuidv7(clock.now());
    const site = (await getSite(t.svc.ctx.kv, t.site.siteId))!;
    await sendMail(t.svc.ctx, site, {
      to: "c@example.com",
      template: "step-a",
      data: { name: "C" },
    }, {
      source: "sequence",
      logId: attempt,
    });
    const rec = (await getEmailLog(t.svc.ctx.kv, attempt))!;
    await putEmailLog(t.svc.ctx.kv.atomic(), { ...rec, status: "sending" }).commit();
    clock.advance(DAY * 1000);
    await leaveClaimed(t, attempt, clock.now());
    clock.advance(SENDING_STALE_MS);
    await settle(t);
    const [e] = await enrollment(t);
    const s0 = (e.steps as Record<string, unknown>[])[0];
    assert.equal(s0.state, "failed");
    assert.match(s0.error as string, /not sent again/);
    assert.equal(t.smtp.messages.length, 1); // only the one of the interrupted attempt
    // The sequence goes on with the next step.
    await advance(t, DAY);
    await t.smtp.waitFor(2);
    assert.equal(e.next_step, 1);
  }, { clock });
});

function clock_advance_ms(c: ManualClock, ms: number) {
  c.advance(ms);
}

Deno.test("steps go out in relay mode even when the site has a verified sending domain", async () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 9));
  await withService(async (t) => {
    await addVerifiedDomain(t.svc, t.site.siteId, "mail.steps.example");
    // The site's own mail uses the domain ...
    const own = await t.svc.api("POST", "mail/send", {
      key: t.site.key,
      body: { to: "x@example.com", text: "x" },
    });
    assert.equal(own.body.mode, "domain");
    // ... its sequence steps do not.
    await makeSequence(t, [{ delay_seconds: 0, template: "step-a" }]);
    await enroll(t, "r@example.com", { name: "R" });
    await settle(t);
    const [, step] = await t.smtp.waitFor(2);
    const m = await step.parse();
    assert.deepEqual(step.rcptTo, ["r@example.com"]);
    assert.equal(m.from?.value[0].address, "relay@localhost");
    const [, ev] = await siteEvents(t.svc, t.site.siteId, "email.sent");
    assert.deepEqual([ev.data.mode, ev.data.source], ["relay", "sequence"]);
  }, { clock });
});
