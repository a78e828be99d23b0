/**
 * Fault: the KV file's disk fills up (a small tmpfs mounted by the test, as
 * root), then its file system is read-only. Writes are answered 503 with
 * Retry-After and a clear log line, promptly; nothing stored before is lost or
 * damaged; full service returns once space does, without a restart. A
 * read-only file system stops the start with a sentence naming the path; once
 * writable, the service starts with every record. Skipped, with the reason
 * printed, where tmpfs cannot be mounted.
 */
import assert from "node:assert/strict";
import { startSmtp } from "../helpers/smtp.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { getSubmission } from "../../domain/forms/submissions_store.ts";
import { runDoctor } from "../../domain/ops/doctor.ts";
import { formBody, report, ROOT, seedSite, serviceEnv, sleep, startService } from "./harness.ts";

async function run(cmd: string, ...args: string[]): Promise<{ ok: boolean; text: string }> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
    const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
    return { ok: out.success, text: text.trim() };
  } catch (e) {
    return { ok: false, text: String(e) };
  }
}

/** Writes zeros into `path` until the file system has no space left. */
async function fillDisk(path: string): Promise<void> {
  const f = await Deno.open(path, { write: true, create: true });
  const chunk = new Uint8Array(256 * 1024);
  try {
    for (;;) await f.write(chunk);
  } catch (e) {
    if (!/No space left/.test(String(e))) throw e;
  } finally {
    f.close();
  }
}

Deno.test({
  name: "a full disk and a read-only file system: 503 with Retry-After, nothing lost, service back",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-disk-" });
    const mounted = await run("mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", dir);
    if (!mounted.ok) {
      console.log(`fault[disk full]: skipped: cannot mount a tmpfs here (${mounted.text})`);
      await report({ scenario: "disk full", checked: [] });
      await Deno.remove(dir);
      return;
    }
    const kvPath = `${dir}/svc.kv`;
    const filler = `${dir}/filler`;
    const smtp = await startSmtp();
    let svc = await startService(kvPath, { SVC_SMTP_URL: smtp.url, SVC_JOB_WORKERS: "0" });
    try {
      const site = await seedSite(svc, "Disk", null);
      const stored: string[] = [];
      const submitOnce = async (n: number) => {
        const t0 = Date.now();
        const r = await svc.api("forms/submit", site.key, formBody(`disk${n}`, n, "d.example"));
        if (r.status === 200) stored.push(r.body.id as string);
        return { ...r, ms: Date.now() - t0 };
      };
      for (let n = 0; n < 5; n++) assert.equal((await submitOnce(n)).status, 200);

      await fillDisk(filler);
      const answers = [];
      for (let n = 5; n < 25; n++) answers.push(await submitOnce(n));
      const mail = await svc.api("mail/send", site.key, {
        to: "full@example.net",
        subject: "Disk",
        text: "Is the disk full?",
      });
      const statuses = answers.map((a) => a.status);
      const unavailable = answers.filter((a) => a.status === 503);
      const slowest = Math.max(...answers.map((a) => a.ms));
      const logLine = svc.log.find((l) => l.includes("storage unavailable (disk_full)"));

      await Deno.remove(filler);
      const back = await (async () => {
        const until = Date.now() + 15_000;
        for (let n = 100;; n++) {
          const r = await submitOnce(n);
          if (r.status === 200) return Date.now();
          if (Date.now() > until) return null;
          await sleep(200);
        }
      })();

      // Read-only: the service stops, the file system is remounted read-only.
      const term = await svc.term();
      const ro = await run("mount", "-o", "remount,ro", dir);
      const refused = ro.ok
        ? await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", "main.ts"],
          cwd: ROOT,
          env: serviceEnv(kvPath),
          stdout: "piped",
          stderr: "piped",
        }).output()
        : null;
      const refusal = refused ? new TextDecoder().decode(refused.stderr) : "";
      if (ro.ok) assert.ok((await run("mount", "-o", "remount,rw", dir)).ok);
      svc = await startService(kvPath, { SVC_SMTP_URL: smtp.url });
      const after = await submitOnce(200);
      await svc.term();

      const kv = await openKv(kvPath);
      let found = 0;
      let doctor;
      try {
        for (const id of stored) if (await getSubmission(kv, id)) found++;
        doctor = await runDoctor(kv, { now: Date.now(), repair: true });
      } finally {
        kv.close();
      }
      await report({
        scenario: "disk full",
        acknowledged: stored.length,
        found,
        duplicates: 0,
        doctorFindings: doctor.remaining.length,
        checked: [
          `disk full (tmpfs 32 MiB): forms/submit answered ${statuses.join(",")}; ` +
          `${unavailable.length} of ${answers.length} were 503 with Retry-After ` +
          `${unavailable[0]?.headers.get("retry-after") ?? "-"}; slowest answer ${slowest} ms`,
          `mail/send on the full disk: HTTP ${mail.status} ${JSON.stringify(mail.body)}`,
          `log line: ${logLine ? JSON.parse(logLine).msg : "none"}`,
          `space freed: forms/submit answered 200 again ${back ? "without a restart" : "NOT"}`,
          `SIGTERM: exit ${term.code} in ${term.ms} ms`,
          ro.ok
            ? `read-only file system at start: exit ${refused!.code}: ${
              refusal.trim().split("\n").pop()
            }`
            : `read-only: skipped, cannot remount (${ro.text})`,
          `writable again: started, forms/submit answered ${after.status}`,
          `${found} of ${stored.length} acknowledged submissions found; doctor: ` +
          `${doctor.findings.length} findings, ${doctor.remaining.length} after repair`,
        ],
      });
      assert.ok(unavailable.length >= answers.length - 3, `statuses ${statuses}`);
      assert.ok(statuses.every((s) => s === 200 || s === 503), `statuses ${statuses}`);
      assert.ok(unavailable.every((a) => a.headers.get("retry-after") === "30"));
      assert.ok(slowest < 5_000, `an answer took ${slowest} ms`);
      assert.ok(logLine, "a clear log line");
      assert.ok(back, "service returns without a restart once space is free");
      assert.equal(found, stored.length);
      assert.deepEqual(doctor.remaining, []);
      assert.equal(after.status, 200);
      if (ro.ok) {
        assert.equal(refused!.code, 1);
        assert.match(refusal, /cannot open the KV database/);
      }
    } finally {
      await svc.kill9().catch(() => {});
      await smtp.close();
      await run("umount", "-l", dir);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
