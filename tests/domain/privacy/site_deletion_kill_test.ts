/**
 * Deleting a site with 20,000 submissions in a real service process, killed
 * (SIGKILL) while its sweep is half way: after the restart the durable job
 * goes on from where it was, nothing of the site is left, the other site keeps
 * its records, and the doctor finds nothing.
 */
import assert from "node:assert/strict";
import { seedSite, startService, type Svc, TOKEN } from "../../fault/harness.ts";
import { openKv } from "../../../domain/kernel/kv/open.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";
import { countJobs } from "../../../domain/kernel/jobs_store.ts";
import { seedSubmissions } from "../../helpers/seed_submissions.ts";
import { eventually } from "../../helpers/service.ts";

const N = 20_000;

async function count(kv: Deno.Kv, prefix: Deno.KvKey): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix })) n++;
  return n;
}

Deno.test({
  name:
    "kill -9 while a site with 20,000 submissions is being deleted: the sweep finishes after the restart",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-delete-" });
    const kvPath = `${dir}/svc.kv`;
    let svc: Svc = await startService(kvPath);
    const kv = await openKv(kvPath);
    try {
      const gone = await seedSite(svc, "Gone", null);
      const kept = await seedSite(svc, "Kept", null);
      await seedSubmissions(kv, gone, N);
      await seedSubmissions(kv, kept, 50);
      assert.equal(await count(kv, keys.submissionsBySite(gone.siteId)), N);

      const t0 = performance.now();
      const del = await fetch(`${svc.base}/admin/api/v1/sites/${gone.siteId}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assert.equal(del.status, 204);
      const answeredMs = performance.now() - t0;
      const refused = await svc.api("sites/verify", gone.key, {});
      assert.equal(refused.status, 401, "the key is refused at once");

      // Killed once the sweep is under way and far from done.
      await eventually(
        async () => {
          const left = await count(kv, keys.submissionsBySite(gone.siteId));
          return left < N - 1_000 && left > 2_000;
        },
        60_000,
        5,
      );
      await svc.kill9();
      const leftAtKill = await count(kv, keys.submissionsBySite(gone.siteId));
      assert.ok(leftAtKill > 0, "killed before the sweep was done");

      svc = await startService(kvPath);
      const g = await fetch(`${svc.base}/admin/api/v1/sites/${gone.siteId}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assert.equal(g.status, 404, "still gone after the restart");
      await g.body?.cancel();
      const t1 = performance.now();
      await eventually(async () => (await countJobs(kv)) === 0, 120_000, 100);
      const resumedMs = performance.now() - t1;
      console.log(
        `delete answered in ${answeredMs.toFixed(0)} ms; killed with ${leftAtKill} of ${N} ` +
          `submissions left; finished ${resumedMs.toFixed(0)} ms after the restart`,
      );
      assert.equal(await count(kv, keys.submissionsBySite(gone.siteId)), 0);
      assert.equal(await count(kv, keys.apiKeysBySite(gone.siteId)), 0);
      assert.equal(await count(kv, keys.submissionsBySite(kept.siteId)), 50);
      for await (const e of kv.list({ prefix: [] })) {
        assert.ok(
          !JSON.stringify(e.key).includes(gone.siteId) &&
            !JSON.stringify(e.value, (_k, v) => typeof v === "bigint" ? String(v) : v)
              ?.includes(gone.siteId),
          `left: ${JSON.stringify(e.key)}`,
        );
      }
      assert.deepEqual((await runDoctor(kv, { now: Date.now() })).findings, []);
    } finally {
      kv.close();
      await svc.kill9();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
