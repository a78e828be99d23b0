/**
 * Fault: SIGTERM under load, while webhook deliveries hang at a slow receiver.
 * Requests in flight when the signal arrives get their answers, the process
 * exits within 10 s (running jobs get JOB_STOP_GRACE_MS, main.ts), and the
 * jobs left behind run at the next start: every stored event arrives.
 */
import assert from "node:assert/strict";
import { startSmtp } from "../helpers/smtp.ts";
import { startReceiver } from "../helpers/webhook_receiver.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { listEventsOfSite } from "../../domain/webhooks/store.ts";
import { runDoctor } from "../../domain/ops/doctor.ts";
import { formBody, report, seedSite, sleep, startService } from "./harness.ts";

type Call = { start: number; end: number; status: number | null; id?: string };

Deno.test({
  name:
    "SIGTERM under load: in-flight requests finish, exit within 10 s, jobs run at the next start",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-term-" });
    const kvPath = `${dir}/svc.kv`;
    const smtp = await startSmtp();
    let slow = true;
    const rx = startReceiver(async () => {
      if (slow) await sleep(8_000);
      return new Response("ok");
    });
    const env = { SVC_SMTP_URL: smtp.url };
    let svc = await startService(kvPath, env);
    try {
      const site = await seedSite(svc, "Term", rx.url);
      const calls: Call[] = [];
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const n = w * 10_000 + i;
          const start = performance.now();
          try {
            const r = await svc.api("forms/submit", site.key, formBody(`term${n}`, n, "t.example"));
            calls.push({
              start,
              end: performance.now(),
              status: r.status,
              id: r.body.id as string,
            });
          } catch {
            calls.push({ start, end: performance.now(), status: null });
            stop = true; // the listener is gone
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      await sleep(3_000);
      const signalled = performance.now();
      const exit = await svc.term();
      stop = true;
      await Promise.all(workers);
      const inflight = calls.filter((c) => c.start < signalled && c.end > signalled);
      const startedBefore = calls.filter((c) => c.start < signalled);
      const cut = startedBefore.filter((c) => c.status === null);
      const answered = calls.filter((c) => c.status === 200);
      const hooksBefore = rx.requests.length;

      slow = false;
      svc = await startService(kvPath, env);
      const kv = await openKv(kvPath);
      let events: string[] = [];
      try {
        events = (await listEventsOfSite(kv, site.siteId, 10_000)).map((e) => e.id);
      } finally {
        kv.close();
      }
      const received = () => new Set(rx.requests.map((r) => JSON.parse(r.text).id as string));
      const until = Date.now() + 60_000;
      while (events.some((id) => !received().has(id)) && Date.now() < until) await sleep(250);
      const undelivered = events.filter((id) => !received().has(id));
      await svc.term();
      const kv2 = await openKv(kvPath);
      let doctor;
      try {
        doctor = await runDoctor(kv2, { now: Date.now(), repair: true });
      } finally {
        kv2.close();
      }
      await report({
        scenario: "SIGTERM",
        acknowledged: answered.length,
        found: answered.length,
        duplicates: 0,
        doctorFindings: doctor.remaining.length,
        checked: [
          `SIGTERM after 3 s of load: exit code ${exit.code} in ${exit.ms} ms ` +
          `(webhook receiver holding each delivery 8 s)`,
          `${inflight.length} requests in flight at the signal answered ` +
          `${inflight.map((c) => c.status).join(",") || "-"}; ` +
          `${cut.length} of ${startedBefore.length} requests sent before it got no answer`,
          `${hooksBefore} webhook requests before the restart; ${events.length} stored events, ` +
          `${undelivered.length} not received after the restart`,
          `doctor: ${doctor.findings.length} findings, ${doctor.remaining.length} after repair`,
        ],
      });
      assert.equal(exit.code, 0);
      assert.ok(exit.ms < 10_000, `exit took ${exit.ms} ms`);
      assert.ok(inflight.every((c) => c.status === 200), "in-flight requests finish");
      assert.deepEqual(undelivered, [], "jobs left behind run at the next start");
      assert.deepEqual(doctor.remaining, []);
    } finally {
      await svc.kill9().catch(() => {});
      await rx.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
