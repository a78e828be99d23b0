/**
 * `deno task doctor`: a database after real traffic has no findings; each kind
 * of damage (an index entry without its record, orphaned blob chunks, a stuck
 * job, a job without its due entry, a counter that disagrees with its records)
 * is found, repaired by --repair, and not found again.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { fileURLToPath } from "node:url";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { legitBody, submit } from "../../helpers/forms.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { putBlob } from "../../../domain/kernel/kv/blob.ts";
import { decodeWindow, encodeWindow, windowPartKeys } from "../../../domain/kernel/kv/counters.ts";
import { defineJob, schedule } from "../../../domain/kernel/jobs.ts";
import { type DoctorReport, INVARIANTS, runDoctor } from "../../../domain/ops/doctor.ts";
import { openKv } from "../../../domain/kernel/kv/open.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const HOUR = 60 * 60 * 1000;

/** A service with one site that took a form submission and a mail/send. */
async function withTraffic(fn: (svc: TestService, siteId: string) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    const site = await seedSite(svc);
    const f = await submit(svc, site.key, legitBody(site.domain));
    assert.equal(f.status, 200, f.text);
    const m = await svc.api("POST", "mail/send", {
      key: site.key,
      body: { to: "ann@example.com", subject: "Hello", text: "Hi there" },
    });
    assert.equal(m.status, 200, m.text);
    await fn(svc, site.siteId);
  } finally {
    await svc.close();
  }
}

const names = (r: DoctorReport) => r.findings.map((f) => f.invariant);

Deno.test("a database after real traffic has no doctor findings", async () => {
  await withTraffic(async (svc) => {
    const r = await runDoctor(svc.ctx.kv, { now: Date.now() });
    assert.deepEqual(r.findings, []);
  });
});

Deno.test("an index entry whose record is gone is found and repaired", async () => {
  await withTraffic(async (svc, siteId) => {
    const idx = [];
    for await (const e of svc.ctx.kv.list<string>({ prefix: keys.submissionsBySite(siteId) })) {
      idx.push(e);
    }
    assert.equal(idx.length, 1);
    await svc.ctx.kv.delete(keys.submission(idx[0].value));
    const r = await runDoctor(svc.ctx.kv, { now: Date.now(), repair: true });
    assert.deepEqual(names(r), ["submissions: site index points at a submission"]);
    assert.equal(r.repaired, 1);
    assert.deepEqual(r.remaining, []);
    assert.equal((await svc.ctx.kv.get(idx[0].key)).value, null);
  });
});

Deno.test("blob chunks no record refers to are found once old, and deleted", async () => {
  await withTraffic(async (svc) => {
    // What a crash between a blob's chunks and its record leaves.
    const ref = await putBlob(svc.ctx.kv, new Uint8Array(150_000).fill(1));
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, [], "too young");
    const r = await runDoctor(svc.ctx.kv, { now: Date.now() + 2 * HOUR, repair: true });
    assert.deepEqual(names(r), ["kv: blob chunks belong to a record"]);
    assert.match(r.findings[0].detail ?? "", /3 chunk/);
    assert.deepEqual(r.remaining, []);
    assert.equal((await svc.ctx.kv.get(keys.blobChunk(ref.blob, 0))).value, null);
  });
});

const noop = defineJob("doctor-test", z.object({}), () => Promise.resolve());

Deno.test("a stuck job and a job without its due entry are found and repaired", async () => {
  await withTraffic(async (svc) => {
    const { kv } = svc.ctx;
    const op = kv.atomic();
    const stuck = schedule(svc.ctx, op, { job: noop, payload: {}, runAt: Date.now() - HOUR });
    const lost = schedule(svc.ctx, op, { job: noop, payload: {}, runAt: Date.now() + HOUR });
    assert.ok((await op.commit()).ok);
    await kv.delete(keys.jobDue(lost.due_at, lost.id));
    const r = await runDoctor(kv, { now: Date.now(), repair: true });
    assert.deepEqual(names(r).sort(), [
      "jobs: every job has its due entry",
      "jobs: none stuck past its time or lease",
    ]);
    assert.ok(r.findings.some((f) => f.subject.includes(stuck.id)));
    assert.deepEqual(r.remaining, []);
    assert.equal((await kv.get(keys.jobDue(lost.due_at, lost.id))).value, lost.id);
  });
});

Deno.test("a site's email log total that disagrees with its log records is found and set right", async () => {
  await withTraffic(async (svc, siteId) => {
    const { kv } = svc.ctx;
    // The window is kept in parts (counters.ts): the site's log total is the sum of theirs.
    const partKeys = Object.values(windowPartKeys("site_email_log", siteId));
    const sum = async () =>
      (await kv.getMany(partKeys)).reduce((n, e) => n + (decodeWindow(e.value).total ?? 0), 0);
    // The form's notification and the mail/send: two log records.
    assert.equal(await sum(), 2);
    const w = await kv.get(partKeys[0]);
    const { times, total } = decodeWindow(w.value);
    await kv.set(w.key, encodeWindow(times, (total ?? 0) + 3));
    const r = await runDoctor(kv, { now: Date.now(), repair: true });
    assert.deepEqual(names(r), ["email log: each site's log total equals its log records"]);
    assert.match(r.findings[0].detail ?? "", /log total 5, log records 2/);
    assert.deepEqual(r.remaining, []);
    assert.equal(await sum(), 2);
  });
});

Deno.test("deno task doctor reports, --repair repairs, and the exit status says which", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/svc.kv`;
  try {
    const kv = await openKv(path);
    await kv.set(keys.siteByDomain("gone.example"), "0190f000-0000-7000-8000-000000000000");
    kv.close();
    const run = async (...args: string[]) => {
      const out = await new Deno.Command("deno", {
        args: ["task", "-q", "doctor", ...args],
        cwd: ROOT,
        env: { SVC_KV_PATH: path },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, text: new TextDecoder().decode(out.stdout) };
    };
    const found = await run();
    assert.equal(found.code, 1, found.text);
    assert.match(found.text, new RegExp(`${INVARIANTS.length} invariants checked`));
    assert.match(
      found.text,
      /sites: domain index points at a site: sites_by_domain\/gone\.example/,
    );
    assert.match(found.text, /doctor: findings 1/);
    const repaired = await run("--repair");
    assert.equal(repaired.code, 0, repaired.text);
    assert.match(repaired.text, /doctor: repaired 1, remaining 0/);
    assert.equal((await run()).code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
