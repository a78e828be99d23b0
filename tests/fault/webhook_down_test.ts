/**
 * Fault: the webhook receiver is down (answers 503 to everything) while events
 * keep coming. Each delivery gets exactly the spec's three attempts
 * (immediately, after 1.5 s, after a further 3 s) and is then dropped: no job
 * is left, nothing more arrives, and the service's memory stays flat.
 */
import assert from "node:assert/strict";
import { startSmtp } from "../helpers/smtp.ts";
import { startReceiver } from "../helpers/webhook_receiver.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { countJobs } from "../../domain/kernel/jobs_store.ts";
import { runDoctor } from "../../domain/ops/doctor.ts";
import { formBody, report, seedSite, sleep, startService } from "./harness.ts";

const LOAD_MS = 20_000;

function rssMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

Deno.test({
  name:
    "a webhook receiver that is down gets three attempts per delivery, then nothing; memory flat",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-hookdown-" });
    const kvPath = `${dir}/svc.kv`;
    const smtp = await startSmtp();
    const rx = startReceiver(() => new Response("down", { status: 503 }));
    const svc = await startService(kvPath, { SVC_SMTP_URL: smtp.url });
    try {
      const sites = [];
      for (const n of [1, 2, 3]) sites.push(await seedSite(svc, `Hook${n}`, rx.url));
      let submitted = 0;
      const t0 = Date.now();
      let rssEarly = 0;
      for (let n = 0; Date.now() - t0 < LOAD_MS; n++) {
        const site = sites[n % 3];
        const r = await svc.api("forms/submit", site.key, formBody(`hook${n}`, n, "h.example"));
        if (r.status === 200) submitted++;
        if (!rssEarly && Date.now() - t0 > 5_000) rssEarly = rssMiB(svc.child.pid);
        await sleep(100);
      }
      // The last delivery's third attempt is 4.5 s after its first.
      const settle = async () => {
        let last = -1;
        while (rx.requests.length !== last) {
          last = rx.requests.length;
          await sleep(6_000);
        }
      };
      await settle();
      const rssEnd = rssMiB(svc.child.pid);
      const attempts = new Map<string, number[]>();
      for (const r of rx.requests) {
        const id = r.headers.get("x-svc-delivery")!;
        attempts.set(id, [...(attempts.get(id) ?? []), r.at]);
      }
      const counts = [...attempts.values()].map((a) => a.length);
      const gaps1 = [...attempts.values()].filter((a) => a.length >= 2).map((a) => a[1] - a[0]);
      const gaps2 = [...attempts.values()].filter((a) => a.length >= 3).map((a) => a[2] - a[1]);
      const range = (xs: number[]) =>
        `${(Math.min(...xs) / 1000).toFixed(2)}-${(Math.max(...xs) / 1000).toFixed(2)} s`;
      const before = rx.requests.length;
      await sleep(5_000);
      const after = rx.requests.length;
      await svc.term();
      const kv = await openKv(kvPath);
      let jobs;
      let doctor;
      try {
        jobs = await countJobs(kv);
        doctor = await runDoctor(kv, { now: Date.now(), repair: true });
      } finally {
        kv.close();
      }
      await report({
        scenario: "webhook receiver down",
        doctorFindings: doctor.remaining.length,
        checked: [
          `${submitted} form submissions in ${LOAD_MS / 1000} s to 3 sites, receiver answering 503`,
          `${attempts.size} deliveries, attempts per delivery: ${
            [...new Set(counts)].join(", ")
          }; ` +
          `gaps ${range(gaps1)} then ${range(gaps2)}`,
          `after the third attempt: ${
            after - before
          } more requests in 5 s; ${jobs} jobs left in KV`,
          `service memory (RSS): ${rssEarly} MiB after 5 s, ${rssEnd} MiB after the load settled`,
          `doctor: ${doctor.findings.length} findings, ${doctor.remaining.length} after repair`,
        ],
      });
      assert.ok(attempts.size >= submitted, "every submission's events were attempted");
      assert.ok(counts.every((c) => c === 3), `attempts per delivery: ${counts}`);
      assert.ok(gaps1.every((g) => g > 1_200 && g < 3_500), `first gaps ${gaps1}`);
      assert.ok(gaps2.every((g) => g > 2_700 && g < 5_500), `second gaps ${gaps2}`);
      assert.equal(after, before, "dropped after the third attempt");
      assert.equal(jobs, 0, "nothing piles up");
      assert.ok(rssEnd - rssEarly < 64, `memory grew ${rssEnd - rssEarly} MiB`);
      assert.deepEqual(doctor.remaining, []);
    } finally {
      await svc.kill9().catch(() => {});
      await rx.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
