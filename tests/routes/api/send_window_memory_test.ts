/**
 * mail/send reads a site's send window from memory while its generation
 * shows no append since (kernel/kv/window_memory.ts, mail/reservation.ts).
 * Check 10 (120 in 60 s) must stay exact when the memory is stale: appends by
 * another instance on the same KV file (a second process, a job worker
 * thread's sequence steps), by form notifications, and by concurrent sends
 * of this instance.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { legitBody, submit, withMail } from "../../helpers/forms.ts";
import { readsOf } from "../../helpers/kv_reads.ts";
import { knownLogWindow, readLogWindow } from "../../../domain/mail/reservation.ts";
import { WINDOW_PARTS } from "../../../domain/kernel/kv/counters.ts";

const mail = (i: number) => ({ to: `ann${i}@example.com`, subject: "Hello", text: "Hi Ann" });
const send = (svc: TestService, key: string, i: number) =>
  svc.api("POST", "mail/send", { key, body: mail(i) });
const sentOf = (answers: { body: Record<string, unknown> }[]) => ({
  sent: answers.filter((r) => r.body.sent === true).length,
  limited: answers.filter((r) => r.body.reason === "rate_limited").length,
});
const windowKeys = (reads: { keys: string[] }[]) =>
  reads.flatMap((r) => r.keys).filter((k) => k === "windows").length;

/** Two instances on one KV file (each its own connection and memory). */
async function withTwo(fn: (a: TestService, b: TestService) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/svc.kv`;
  const a = await startTestService({ kvPath, runJobs: false });
  const b = await startTestService({ kvPath, runJobs: false });
  try {
    await fn(a, b);
  } finally {
    await a.close();
    await b.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a known site's send reads the window's generation, not its parts", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const first = await readsOf(svc.ctx, async () => {
      assert.equal((await send(svc, s.key, 0)).body.sent, true);
    });
    // The first send reads the window whole (16 parts and the generation).
    assert.equal(windowKeys(first), WINDOW_PARTS + 1);
    for (let i = 1; i <= 3; i++) {
      const reads = await readsOf(svc.ctx, async () => {
        assert.equal((await send(svc, s.key, i)).body.sent, true);
      });
      assert.equal(windowKeys(reads), 1, JSON.stringify(reads));
      assert.equal(reads.length, 1, "still one round trip");
    }
    assert.equal(knownLogWindow(svc.ctx, s.siteId)?.planned.count, 4n);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 4);
    assert.equal(w.total, 4);
  } finally {
    await svc.close();
  }
});

Deno.test("another instance on the same KV file fills the window: a stale memory's send is refused at 120", async () => {
  await withTwo(async (a, b) => {
    const s = await seedSite(a);
    const ours = await Promise.all(Array.from({ length: 100 }, (_, i) => send(a, s.key, i)));
    assert.deepEqual(sentOf(ours), { sent: 100, limited: 0 });
    assert.equal(knownLogWindow(a.ctx, s.siteId)?.planned.count, 100n, "a's memory: 100 entries");
    // The other instance takes the window to 119, then each takes one more in turn.
    const theirs = await Promise.all(Array.from({ length: 19 }, (_, i) => send(b, s.key, 200 + i)));
    assert.deepEqual(sentOf(theirs), { sent: 19, limited: 0 });
    assert.equal((await send(a, s.key, 300)).body.sent, true, "the 120th");
    // Both memories are now stale or full: each answers rate_limited.
    assert.equal((await send(a, s.key, 301)).body.reason, "rate_limited");
    assert.equal((await send(b, s.key, 302)).body.reason, "rate_limited");
    const stats = await a.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.equal(stats.body.logged, 120);
  });
});

Deno.test("a stale memory never lets a send past 120: the other instance's 20 sends come after this one's 100", async () => {
  await withTwo(async (a, b) => {
    const s = await seedSite(a);
    for (let i = 0; i < 100; i++) assert.equal((await send(a, s.key, i)).body.sent, true);
    // a remembers 100 entries; b (no memory of this site) appends 20.
    const theirs = await Promise.all(Array.from({ length: 20 }, (_, i) => send(b, s.key, 100 + i)));
    assert.deepEqual(sentOf(theirs), { sent: 20, limited: 0 });
    // A send that trusted a's memory would pass (100 < 120): it must be refused.
    const refused = await readsOf(a.ctx, async () => {
      assert.equal((await send(a, s.key, 999)).body.reason, "rate_limited");
    });
    // Memory failed: the window was read whole in a second round trip.
    assert.equal(windowKeys(refused), 1 + WINDOW_PARTS + 1);
    // Concurrent sends of both instances at the limit: none passes.
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? a : b, s.key, 1000 + i)),
    );
    assert.deepEqual(sentOf(more), { sent: 0, limited: 10 });
  });
});

Deno.test("concurrent sends of one instance at the boundary: exactly 120 of 140 are sent", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, 0)).body.sent, true);
    const answers = await Promise.all(
      Array.from({ length: 139 }, (_, i) => send(svc, s.key, i + 1)),
    );
    assert.deepEqual(sentOf(answers), { sent: 119, limited: 20 });
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 120);
    assert.equal(w.total, 120);
  } finally {
    await svc.close();
  }
});

Deno.test("concurrent sends of one instance on a known site read the generation, not the window whole", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, 0)).body.sent, true);
    let answers: { body: Record<string, unknown> }[] = [];
    const reads = await readsOf(svc.ctx, async () => {
      answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(svc, s.key, i + 1)));
    });
    assert.deepEqual(sentOf(answers), { sent: 20, limited: 0 });
    // Each send's one read, and for one that waited its turn a second look at the generation:
    // memory moved on with each commit, so no read of the 16 parts.
    const whole = reads.filter((r) => r.keys.filter((k) => k === "windows").length > 1);
    assert.deepEqual(whole, []);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 21);
  } finally {
    await svc.close();
  }
});

Deno.test("form notifications after sends: the memory misses them, the 120th entry is the notifications' and the send is refused", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    for (let i = 0; i < 100; i++) assert.equal((await send(svc, s.key, i)).body.sent, true);
    const forms = await Promise.all(
      Array.from({ length: 20 }, () => submit(svc, s.key, legitBody(s.domain))),
    );
    assert.ok(forms.every((r) => r.body.email_sent === true), JSON.stringify(forms[0].body));
    assert.equal((await send(svc, s.key, 500)).body.reason, "rate_limited");
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 120);
  });
});

Deno.test("after a miss a site's sends read the window whole, until a whole read shows memory would have held", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, 0)).body.sent, true);
    assert.equal((await submit(svc, s.key, legitBody(s.domain))).body.email_sent, true);
    const reads = async (i: number) => {
      let answer: Record<string, unknown> = {};
      const r = await readsOf(svc.ctx, async () => {
        answer = (await send(svc, s.key, i)).body;
      });
      assert.equal(answer.sent, true, JSON.stringify(answer));
      return windowKeys(r);
    };
    // Memory missed the notification: the generation, then the window whole.
    assert.equal(await reads(1), 1 + WINDOW_PARTS + 1);
    // Now read whole in the one read; nothing else appended, so memory would have held.
    assert.equal(await reads(2), WINDOW_PARTS + 1);
    assert.equal(await reads(3), 1);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 5);
    assert.equal(w.total, 5);
  });
});
