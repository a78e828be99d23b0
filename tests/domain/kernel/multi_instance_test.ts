/**
 * Several instances on one database (SVC_JOB_TRIGGER=sweep, as on KV Connect
 * where there is no queue): two processes sweeping the same KV file run each
 * job exactly once, and the hourly cron's lease lets one instance of several act.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { createCtx, type Ctx } from "../../../domain/kernel/context.ts";
import { testConfig } from "../../../domain/kernel/config.ts";
import { createLogger } from "../../../domain/kernel/log.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { schedule } from "../../../domain/kernel/jobs.ts";
import { countJobs } from "../../../domain/kernel/jobs_store.ts";
import { openKv } from "../../../domain/kernel/kv/open.ts";
import { DOMAIN_CHECK_LEASE_MS, domainCheckTick } from "../../../workers/domain_check.ts";
import { countJob } from "../../helpers/sweep_process.ts";
import { eventually } from "../../helpers/service.ts";
import { buildApp } from "../../../routes/app.ts";

const HELPER = fileURLToPath(new URL("../../helpers/sweep_process.ts", import.meta.url));

function spawnSweeper(path: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", HELPER, path],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const ready = (async () => {
    const r = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    while (!seen.includes("ready")) {
      const { value, done } = await r.read();
      if (done) throw new Error("sweeper exited before it was ready");
      seen += value;
    }
    // Keep draining so the child never blocks on a full pipe.
    (async () => {
      while (!(await r.read()).done) { /* drain */ }
    })();
  })();
  return { child, ready };
}

Deno.test("two processes sweeping one KV file run each job exactly once", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/svc.kv`;
  const kv = await openKv(path);
  const ctx = createCtx(
    testConfig({ SVC_KV_PATH: path, SVC_JOB_TRIGGER: "sweep" }),
    kv,
    { log: createLogger("error") },
  );
  const procs = [spawnSweeper(path), spawnSweeper(path)];
  try {
    await Promise.all(procs.map((p) => p.ready));
    const N = 200;
    const ids: string[] = [];
    // Batches committed while both sweep: each batch is due at once.
    for (let i = 0; i < N; i += 20) {
      const op = kv.atomic();
      for (let j = i; j < i + 20; j++) {
        ids.push(schedule(ctx, op, { job: countJob, payload: { n: j }, runAt: Date.now() }).id);
      }
      assert.ok((await op.commit()).ok);
    }
    await eventually(async () => (await countJobs(kv)) === 0, 60_000);
    const runs = new Map<string, number>();
    const byPid = new Map<number, number>();
    for await (const e of kv.list<number>({ prefix: ["test_runs"] })) {
      const id = e.key[1] as string;
      runs.set(id, (runs.get(id) ?? 0) + 1);
      byPid.set(e.value, (byPid.get(e.value) ?? 0) + 1);
    }
    assert.equal(runs.size, N, "every job ran");
    const twice = [...runs].filter(([, n]) => n !== 1);
    assert.deepEqual(twice, [], "no job ran twice");
    console.log(`jobs run per process: ${[...byPid.values()].join(", ")}`);
  } finally {
    for (const p of procs) {
      await p.child.stdin.close().catch(() => {});
      await p.child.status;
    }
    await ctx.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("of several instances woken by the same cron tick, one takes the lease and checks", async () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const kv = await Deno.openKv(":memory:");
  const make = (): Ctx =>
    createCtx(testConfig(), kv, { clock, log: createLogger("silent"), useQueue: false });
  const [a, b] = [make(), make()];
  try {
    assert.equal(await domainCheckTick(a), true);
    assert.equal(await domainCheckTick(b), false, "the other instance is held off");
    clock.advance(DOMAIN_CHECK_LEASE_MS + 1);
    assert.equal(await domainCheckTick(b), true, "the next hour, whoever comes first");
    assert.equal(await domainCheckTick(a), false);
  } finally {
    await a.close().catch(() => {});
  }
});

Deno.test("a key revoked through one instance fails on another at once (caches are only hints)", async () => {
  const kv = await Deno.openKv(":memory:");
  const config = testConfig();
  const make = () => createCtx(config, kv, { log: createLogger("silent"), useQueue: false });
  const [a, b] = [make(), make()];
  const [appA, appB] = [buildApp(a), buildApp(b)];
  try {
    const admin = async (method: string, path: string, body?: unknown) => {
      const res = await appA.request(`/admin/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.adminToken}`,
          "content-type": "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return text ? JSON.parse(text) : {};
    };
    const site = await admin("POST", "/sites", { name: "Two", domain: "two.example.com" });
    const key = await admin("POST", `/sites/${site.id}/api-keys`);
    const captcha = (app: typeof appA) =>
      app.request("/api/v1/sites/captcha", { headers: { "x-service-api-key": key.api_key } });
    // Instance B has the key in its cache now.
    const before = await captcha(appB);
    await before.text();
    assert.equal(before.status, 200);
    await admin("DELETE", `/sites/${site.id}/api-keys/${key.id}`);
    const after = await captcha(appB);
    assert.equal(after.status, 401);
    assert.equal((await after.json()).error, "invalid_api_key");
  } finally {
    await a.close().catch(() => {});
  }
});
