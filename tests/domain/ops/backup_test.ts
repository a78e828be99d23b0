/**
 * deno task backup / restore: a copy taken while the service writes holds
 * every request acknowledged before it and is consistent (the doctor finds
 * nothing); it records the key's fingerprint, never the key; restore refuses
 * another key unless forced, and an existing file unless told to replace it.
 */
import assert from "node:assert/strict";
import { openKv } from "../../../domain/kernel/kv/open.ts";
import { getSubmission } from "../../../domain/forms/submissions_store.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";
import { getBackupMeta } from "../../../domain/ops/backup_store.ts";
import { keyFingerprint } from "../../../domain/ops/backup.ts";
import { formBody, ROOT, seedSite, sleep, startService } from "../../fault/harness.ts";

const KEY_B64 = btoa(String.fromCharCode(...new Uint8Array(32).fill(11)));
const OTHER_KEY_B64 = btoa(String.fromCharCode(...new Uint8Array(32).fill(12)));

async function task(args: string[], env: Record<string, string>) {
  const out = await new Deno.Command("deno", {
    args: ["task", "-q", ...args],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test({
  name: "a backup taken while the service writes restores every acknowledged record, consistently",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-backup-" });
    const kvPath = `${dir}/svc.kv`;
    const svc = await startService(kvPath, { SVC_JOB_WORKERS: "0" });
    try {
      const site = await seedSite(svc, "Backup", null);
      const acked: { id: string; at: number }[] = [];
      let stop = false;
      const writer = (async () => {
        for (let n = 0; !stop; n++) {
          const r = await svc.api("forms/submit", site.key, formBody(`bk${n}`, n, "b.example"));
          if (r.status === 200) acked.push({ id: r.body.id as string, at: performance.now() });
        }
      })();
      await sleep(1_000);
      const started = performance.now();
      const env = { SVC_KV_PATH: kvPath, SVC_ENCRYPTION_KEY: KEY_B64, SVC_DATA_DIR: dir };
      const made = await task(["backup", `${dir}/copy.kv`], env);
      const ended = performance.now();
      stop = true;
      await writer;
      assert.equal(made.code, 0, made.text);
      assert.match(made.text, /encryption key sha256:[0-9a-f]{16}/);
      const bytes = await Deno.readFile(`${dir}/copy.kv`);
      const text = new TextDecoder("latin1").decode(bytes);
      assert.ok(!text.includes(KEY_B64), "the key itself is not in the backup");

      const restored = `${dir}/restored/svc.kv`;
      const back = await task(["restore", `${dir}/copy.kv`], { ...env, SVC_KV_PATH: restored });
      assert.equal(back.code, 0, back.text);
      const kv = await openKv(restored);
      try {
        assert.equal(await getBackupMeta(kv), null, "the note is not left in the database");
        const before = acked.filter((a) => a.at < started);
        for (const a of before) assert.ok(await getSubmission(kv, a.id), `submission ${a.id}`);
        const during = acked.filter((a) => a.at >= started && a.at <= ended).length;
        const report = await runDoctor(kv, { now: Date.now() });
        assert.deepEqual(report.findings, []);
        console.log(
          `backup while writing: ${before.length} acknowledged before it, all restored; ` +
            `${during} more during the ${Math.round(ended - started)} ms it took`,
        );
      } finally {
        kv.close();
      }
    } finally {
      await svc.kill9();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("restore refuses another encryption key unless forced, and an existing file unless replaced", async () => {
  const dir = await Deno.makeTempDir({ prefix: "svc-backup-" });
  try {
    const kvPath = `${dir}/svc.kv`;
    const kv = await openKv(kvPath);
    await kv.set(["probe"], 1);
    kv.close();
    const env = { SVC_KV_PATH: kvPath, SVC_ENCRYPTION_KEY: KEY_B64, SVC_DATA_DIR: dir };
    assert.equal((await task(["backup", `${dir}/b.kv`], env)).code, 0);
    const copy = await openKv(`${dir}/b.kv`);
    const meta = await getBackupMeta(copy);
    copy.close();
    assert.equal(
      meta?.key_fingerprint,
      keyFingerprint(new Uint8Array(32).fill(11)),
    );

    const other = { ...env, SVC_ENCRYPTION_KEY: OTHER_KEY_B64, SVC_KV_PATH: `${dir}/new.kv` };
    const refused = await task(["restore", `${dir}/b.kv`], other);
    assert.equal(refused.code, 1);
    assert.match(refused.text, /made with the encryption key sha256:\w+, but this configuration/);
    assert.equal((await task(["restore", `${dir}/b.kv`, "--force"], other)).code, 0);

    const exists = await task(["restore", `${dir}/b.kv`], env);
    assert.equal(exists.code, 1);
    assert.match(exists.text, /exists; stop the service and pass --replace/);
    assert.equal((await task(["restore", `${dir}/b.kv`, "--replace"], env)).code, 0);
    const again = await openKv(kvPath);
    assert.equal((await again.get(["probe"])).value, 1);
    again.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
