import assert from "node:assert/strict";
import { type Seeded, seedSite, startTestService, type TestService } from "../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { siteEvents } from "../helpers/mail.ts";
import { ManualClock } from "../../domain/kernel/clock.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../domain/mail/retry_schedule.ts";

const DAY_MS = 86_400_000;

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
  /** The relay, once up (`up`), listening where it was down. */
  relay: { smtp: TestSmtp | null };
  up(): Promise<TestSmtp>;
  /** Stops the service and starts it again on the same KV file. */
  restart(): Promise<void>;
};

async function withDeadRelay(
  fn: (t: T) => Promise<void>,
  opts: { account?: Record<string, unknown> } = {},
) {
  const port = freePort();
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/svc.kv`;
  const clock = new ManualClock(Date.UTC(2026, 10, 10, 9));
  const start = () =>
    startTestService({
      clock,
      kvPath,
      runJobs: false,
      config: { SVC_SMTP_URL: `smtp://127.0.0.1:${port}`, SVC_BASE_URL: "https://svc.example.net" },
    });
  const relay: { smtp: TestSmtp | null } = { smtp: null };
  const t = { clock, relay } as T;
  t.svc = await start();
  t.up = async () => relay.smtp = await startSmtp({ port });
  t.restart = async () => {
    await t.svc.close();
    t.svc = await start();
  };
  try {
    t.site = await seedSite(t.svc, { account: opts.account });
    for (const [slug, subject] of [["step-a", "Hello"], ["step-b", "Tips"]]) {
      const r = await t.svc.admin("POST", `/accounts/${t.site.accountId}/templates`, {
        name: slug,
        slug,
        subject,
        html: `<p>${subject} {{name}}.</p>`,
      });
      assert.equal(r.status, 201, r.text);
    }
    const r = await t.svc.admin("POST", `/accounts/${t.site.accountId}/sequences`, {
      key: "onboarding",
      name: "Onboarding",
      enabled: true,
      steps: [
        { delay_seconds: 0, template: "step-a" },
        { delay_seconds: DAY_MS / 1000, template: "step-b" },
      ],
    });
    assert.equal(r.status, 201, r.text);
    const en = await t.svc.api("POST", "sequences/enroll", {
      key: t.site.key,
      body: { sequence: "onboarding", email: "lead@example.com", data: { name: "L" } },
    });
    assert.deepEqual(en.body, { ok: true, result: "enrolled" });
    await fn(t);
  } finally {
    // The service first: the relay's close waits for its connections.
    await t.svc.close();
    await relay.smtp?.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Moves the clock on and runs every job due by then. */
async function after(t: T, ms: number) {
  t.clock.advance(ms);
  await t.svc.runner.sweep();
  await t.svc.runner.idle();
}

async function theEnrollment(t: T) {
  const r = await t.svc.admin("GET", `/sites/${t.site.siteId}/enrollments`);
  assert.equal(r.status, 200, r.text);
  return (r.body.items as Record<string, unknown>[])[0];
}

const stepOf = (e: Record<string, unknown>, i: number) =>
  (e.steps as Record<string, unknown>[]).find((s) => s.index === i)!;

Deno.test("a step during a relay outage waits, survives a restart, and arrives once when the relay is back", async () => {
  // A limit of 2: the failed attempts must not keep units, or the second step
  // would find the month used up.
  await withDeadRelay(async (t) => {
    await after(t, 0);
    let e = await theEnrollment(t);
    let s = stepOf(e, 0);
    assert.equal(s.state, "retrying");
    assert.equal(s.attempts, 1);
    assert.match(s.error as string, /ECONNREFUSED|connect/i);
    const first = t.clock.now() + RETRY_DELAYS_MS[0];
    assert.ok(RETRY_DELAYS_MS[0] <= 60_000, "first retry within 60 s");
    assert.equal(s.retry_at, new Date(first).toISOString());
    assert.equal(e.next_due_at, new Date(first).toISOString());
    assert.equal(e.state, "active");
    assert.equal((await siteEvents(t.svc, t.site.siteId, "email.failed")).length, 0);

    // The service restarts during the outage: the step's job is in KV.
    await t.restart();
    await after(t, RETRY_DELAYS_MS[0]);
    e = await theEnrollment(t);
    s = stepOf(e, 0);
    assert.equal(s.state, "retrying");
    assert.equal(s.attempts, 2);
    assert.equal(s.retry_at, new Date(t.clock.now() + RETRY_DELAYS_MS[1]).toISOString());

    const smtp = await t.up();
    await after(t, RETRY_DELAYS_MS[1]);
    await smtp.waitFor(1);
    e = await theEnrollment(t);
    s = stepOf(e, 0);
    assert.equal(s.state, "sent");
    assert.equal(s.attempts, 3);
    assert.equal(e.next_step, 1);
    assert.equal((await siteEvents(t.svc, t.site.siteId, "email.failed")).length, 0);
    const sent = await siteEvents(t.svc, t.site.siteId, "email.sent");
    assert.equal(sent.length, 1);
    assert.equal(sent[0].data.source, "sequence");

    // Nothing more of step 0 later on; step 1 follows a day after, within the limit.
    await after(t, 10 * 60_000);
    assert.equal(smtp.messages.length, 1);
    await after(t, DAY_MS);
    await smtp.waitFor(2);
    e = await theEnrollment(t);
    assert.equal(e.state, "completed");
    assert.deepEqual((e.steps as { state: string }[]).map((x) => x.state), ["sent", "sent"]);
    assert.equal(smtp.messages.length, 2);
    assert.equal((await siteEvents(t.svc, t.site.siteId, "email.rejected")).length, 0);
  }, { account: { monthly_email_limit: 2 } });
});

Deno.test("a step the relay refuses with 550 is failed at once, not retried", async () => {
  await withDeadRelay(async (t) => {
    const smtp = await t.up();
    smtp.reject = { code: 550, message: "5.7.1 refused for testing" };
    await after(t, 0);
    let e = await theEnrollment(t);
    const s = stepOf(e, 0);
    assert.equal(s.state, "failed");
    assert.equal(s.attempts, 1);
    assert.match(s.error as string, /550/);
    assert.equal(e.next_step, 1, "the enrollment moved on");
    smtp.reject = null;
    for (const d of RETRY_DELAYS_MS.slice(0, 3)) await after(t, d);
    assert.equal(smtp.messages.length, 0);
    e = await theEnrollment(t);
    assert.equal(stepOf(e, 0).state, "failed");
    const failed = await siteEvents(t.svc, t.site.siteId, "email.failed");
    assert.equal(failed.length, 1);
    assert.equal(failed[0].data.source, "sequence");
  });
});

Deno.test("a step whose last attempt fails too ends failed with one email.failed, and the enrollment goes on", async () => {
  await withDeadRelay(async (t) => {
    await after(t, 0);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const s = stepOf(await theEnrollment(t), 0);
      assert.equal(s.state, "retrying", `after attempt ${i}`);
      assert.equal(s.attempts, i);
      await after(t, RETRY_DELAYS_MS[i - 1]);
    }
    let e = await theEnrollment(t);
    const s = stepOf(e, 0);
    assert.equal(s.state, "failed");
    assert.equal(s.attempts, MAX_ATTEMPTS);
    assert.equal(s.retry_at ?? null, null);
    assert.equal(e.next_step, 1);
    const failed = await siteEvents(t.svc, t.site.siteId, "email.failed");
    assert.equal(failed.length, 1, "email.failed only after the last attempt");
    assert.equal(failed[0].data.source, "sequence");
    assert.equal(failed[0].data.to, "lead@example.com");

    const smtp = await t.up();
    await after(t, DAY_MS);
    await smtp.waitFor(1);
    e = await theEnrollment(t);
    assert.equal(e.state, "completed");
    assert.deepEqual((e.steps as { state: string }[]).map((x) => x.state), ["failed", "sent"]);
    assert.equal(smtp.messages.length, 1);
  });
});
