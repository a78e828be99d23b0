/**
 * The reported set (domain/spam/reported_store.ts): a submission reads the
 * reports of the bands in the set only, with the set's generation; a report
 * made since its process last read the set is read in one more getMany, so the
 * judgement still sees it. A database from before the set gets it from a
 * migration, and the doctor finds (and repairs) a reported band left out.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { BROWSER_UA, startFormsService, submit } from "../../helpers/forms.ts";
import { readsOf } from "../../helpers/kv_reads.ts";
import { createLogger } from "../../../domain/kernel/log.ts";
import { migrate } from "../../../domain/ops/migrations.ts";
import { advanceSchemaVersion } from "../../../domain/ops/schema_store.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";

const TEXT =
  "Good afternoon, do you deliver to Leeds, and how long would the delivery take for a large sofa?";
let n = 0;

async function send(svc: TestService, site: { key: string; domain: string }, text: string) {
  n++;
  const r = await submit(svc, site.key, {
    form_id: 1,
    fields: { name: `Ann Lee ${n}`, email: `ann${n}@lee${n}.example`, message: text },
    visitor: { ip: `192.0.2.${n}`, user_agent: BROWSER_UA, referrer: `https://${site.domain}/` },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.id as string;
}

const keysOf = (reads: { keys: string[] }[]) => reads.flatMap((r) => r.keys);

Deno.test("a submission reads only reported bands' reports; a report made since is read in one more getMany", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const a = await seedSite(svc), b = await seedSite(svc), c = await seedSite(svc);
    await send(
      svc,
      a,
      "Hello, is the shop open on Sunday mornings before ten, or only after noon?",
    );
    // Nothing reported: the set's generation instead of eight reports.
    let id = "";
    const quiet = await readsOf(svc.ctx, async () => id = await send(svc, a, TEXT));
    assert.ok(!keysOf(quiet).includes("spam_reports"), JSON.stringify(quiet));
    assert.ok(keysOf(quiet).includes("spam_reported_gen"), JSON.stringify(quiet));

    // The owner marks it spam: its bands get reports and join the set.
    assert.equal((await svc.admin("POST", `/submissions/${id}/spam`)).status, 200);
    // A copy elsewhere, planned with the set as it was: the set and the reports
    // its plan left out are read in one more getMany.
    const stale = await readsOf(svc.ctx, () => send(svc, b, TEXT));
    const extra = stale.find((r) => r.keys.includes("spam_reported_bands"));
    assert.ok(extra, JSON.stringify(stale));
    assert.deepEqual(extra.keys, [
      "spam_reported_gen",
      "spam_reported_bands",
      ...Array(8).fill("spam_reports"),
    ]);
    // The next copy plans with the set read then: the reports in its one readMany.
    const current = await readsOf(svc.ctx, () => send(svc, c, TEXT));
    assert.ok(!keysOf(current).includes("spam_reported_bands"), JSON.stringify(current));
    assert.equal(keysOf(current).filter((k) => k === "spam_reports").length, 8);
  } finally {
    await svc.close();
  }
});

Deno.test("a database from before the reported set gets it by migration; the doctor finds and repairs a band left out", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await kv.set(["spam_reports", "3:0000abcd"], { accounts: ["a1"] });
    assert.ok(await advanceSchemaVersion(kv, 0, 3));
    const before = await runDoctor(kv, { now: Date.now() });
    assert.deepEqual(before.findings.map((f) => [f.invariant, f.subject]), [
      ["spam: every band with reports is in the reported set", "band 3:0000abcd"],
    ]);
    const run = await migrate(kv, createLogger("silent"));
    assert.equal(run.ran.length, 1, JSON.stringify(run));
    assert.deepEqual((await runDoctor(kv, { now: Date.now() })).findings, []);

    await kv.set(["spam_reports", "5:12345678"], { accounts: ["a2"] });
    const repaired = await runDoctor(kv, { now: Date.now(), repair: true });
    assert.equal(repaired.repaired, 1);
    assert.deepEqual(repaired.remaining, []);
  } finally {
    kv.close();
  }
});
