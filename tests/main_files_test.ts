/**
 * The KV file and SQLite's -wal and -shm hold submissions, outbox mail and
 * sealed secrets: main.ts runs with umask 077 and chmods them 0600 when it
 * opens them, also in a data folder someone else created 0755 and for files
 * an older version left 0644.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "../domain/kernel/kv/open.ts";

const mode = async (path: string) => ((await Deno.stat(path)).mode ?? 0) & 0o777;

async function readyPort(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const dec = new TextDecoder();
  let text = "";
  for await (const chunk of stdout) {
    text += dec.decode(chunk, { stream: true });
    const m = /Service ready on port (\d+)/.exec(text);
    if (m) return Number(m[1]);
  }
  throw new Error(`main.ts did not start:\n${text}`);
}

Deno.test({
  name: "main.ts in a pre-created 0755 data folder: umask 077, KV files 0600, old 0644 ones fixed",
  ignore: Deno.build.os !== "linux", // reads the umask from /proc
}, async () => {
  const dir = await Deno.makeTempDir();
  const data = join(dir, "data");
  const kvPath = join(data, "svc.kv");
  try {
    await Deno.mkdir(data);
    await Deno.chmod(data, 0o755);
    // What an earlier version left behind: a KV file readable by everyone.
    const old = await Deno.openKv(kvPath);
    await old.set(["before"], 1);
    old.close();
    await Deno.chmod(kvPath, 0o644);

    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../main.ts", import.meta.url).pathname],
      env: {
        SVC_PORT: "0",
        SVC_HOST: "127.0.0.1",
        SVC_KV_PATH: kvPath,
        SVC_LOG_LEVEL: "error",
        SVC_SMTP_INBOUND_PORT: "0",
        SVC_SMTP_SUBMISSION_PORT: "0",
      },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    try {
      const port = await readyPort(child.stdout);
      const token = (await Deno.readTextFile(join(data, "admin_token"))).trim();
      const r = await fetch(`http://127.0.0.1:${port}/admin/api/v1/accounts`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Private" }),
      });
      assert.equal(r.status, 201);
      await r.body?.cancel();
      const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
      assert.match(status, /^Umask:\s+0077$/m);
      for (const f of ["svc.kv", "svc.kv-wal", "svc.kv-shm", "admin_token", "encryption_key"]) {
        assert.equal(await mode(join(data, f)), 0o600, f);
      }
    } finally {
      child.kill("SIGTERM");
      await child.status;
    }
    for (const e of Deno.readDirSync(data)) {
      assert.equal(await mode(join(data, e.name)), 0o600, e.name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("openKv makes existing KV files 0600 whatever the umask", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "svc.kv");
  try {
    const raw = await Deno.openKv(path);
    await raw.set(["x"], 1);
    for (const f of [path, `${path}-wal`, `${path}-shm`]) await Deno.chmod(f, 0o644);
    const kv = await openKv(path);
    try {
      for (const f of [path, `${path}-wal`, `${path}-shm`]) assert.equal(await mode(f), 0o600, f);
    } finally {
      kv.close();
      raw.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
