/**
 * The README's front door cannot rot: its quick-start shell block (the fenced
 * `sh` block after `<!-- quickstart -->`) runs with bash against `deno task
 * dev` (the real main.ts as a subprocess, on a free port, with a temporary data
 * folder), and its configuration table names every variable of config.ts.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";

const README = await Deno.readTextFile(new URL("../README.md", import.meta.url));

/** The quick-start block, exactly as the README shows it. */
function quickstartBlock(): string {
  const m = /<!-- quickstart -->\s*```sh\n([\s\S]*?)\n```/.exec(README);
  assert.ok(m, "README.md has a ```sh block right after <!-- quickstart -->");
  return m[1];
}

/** Replaces the one line that starts with `start`, keeping the rest of the block as written. */
function setLine(block: string, start: string, line: string): string {
  const lines = block.split("\n");
  const at = lines.flatMap((l, i) => l.startsWith(start) ? [i] : []);
  assert.equal(at.length, 1, `one line of the quick start starts with ${start}`);
  lines[at[0]] = line;
  return lines.join("\n");
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Starts `deno task dev`'s exact command (env prefix and args) with the given extra env. */
async function startDevTask(env: Record<string, string>) {
  const tasks = JSON.parse(await Deno.readTextFile("deno.json")).tasks as Record<string, string>;
  const words = tasks.dev.split(/\s+/);
  const taskEnv: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0])) {
    const [name, value] = words.shift()!.split("=");
    taskEnv[name] = value;
  }
  assert.equal(words.shift(), "deno");
  const child = new Deno.Command(Deno.execPath(), {
    args: words,
    clearEnv: true,
    env: { ...taskEnv, ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  let port = 0;
  const deadline = Date.now() + 60_000;
  while (!port) {
    if (Date.now() > deadline) throw new Error(`no start: ${out}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`exited: ${out}\n${await stderr}`);
    out += value;
    port = Number(/Service ready on port (\d+)/.exec(out)?.[1] ?? 0);
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  return { child, port, stderr };
}

/** The quick start needs bash and curl besides Deno (.ci/run installs curl when missing). */
async function hasTools(): Promise<boolean> {
  try {
    const r = await new Deno.Command("bash", { args: ["-c", "command -v curl"], stdout: "null" })
      .output();
    return r.success;
  } catch {
    return false;
  }
}

Deno.test({
  name: "README quick start: runs as written against deno task dev",
  ignore: !(await hasTools()),
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "quickstart-" });
  const home = Deno.env.get("HOME") ?? dir;
  const base = {
    PATH: `${dirname(Deno.execPath())}:${Deno.env.get("PATH") ?? ""}`,
    HOME: home,
    DENO_DIR: Deno.env.get("DENO_DIR") ?? join(home, ".cache", "deno"),
  };
  // No SVC_HOST, SVC_ALLOW_PRIVATE_TARGETS or SVC_ADMIN_TOKEN: the dev profile and
  // the generated token are part of what the quick start relies on.
  const { child, port, stderr } = await startDevTask({
    ...base,
    SVC_PORT: "0",
    SVC_KV_PATH: join(dir, "data", "svc.kv"),
    SVC_LOG_LEVEL: "info",
    // Tests run side by side: no fixed SMTP ports.
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
  });
  try {
    let block = quickstartBlock();
    block = setLine(block, "BASE=http://127.0.0.1:8080", `BASE=http://127.0.0.1:${port}`);
    block = setLine(block, "RECEIVER_PORT=8787", `RECEIVER_PORT=${freePort()}`);
    // The user runs it in the repository folder: the same config files, and data/ beside them.
    for (const f of ["deno.json", "deno.lock"]) await Deno.copyFile(f, join(dir, f));
    const run = await new Deno.Command("bash", {
      args: ["-c", `set -euo pipefail\n${block}`],
      cwd: dir,
      clearEnv: true,
      env: base,
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(120_000),
    }).output();
    const out = new TextDecoder().decode(run.stdout);
    const err = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, `quick start failed:\n${out}\n${err}`);

    const answer = /^\{"ok":true,"id":"([0-9a-f-]{36})","email_sent":true\}$/m.exec(out);
    assert.ok(answer, `the submission's answer:\n${out}`);
    const id = answer[1];
    // The notification, read from the outbox as text.
    assert.match(out, /^From: Shop <relay@localhost>\nTo: owner@example\.com\n/m);
    assert.match(out, /^Subject: New submission: Contact \(Shop\)$/m);
    assert.match(out, /^name: Ann\nemail: ann@example\.org\nmessage: Hello!$/m);
    assert.ok(!out.includes("=3D") && !out.includes('"raw"'), "readable text, not MIME");
    // The webhook receiver checked the HMAC of the test event and of form.submitted.
    assert.match(out, /^webhook webhook\.test: signature verified$/m);
    assert.ok(
      out.includes(`webhook form.submitted for submission ${id}: signature verified\n`),
      out,
    );
    assert.ok(!out.includes("WRONG"), out);
    assert.ok(out.endsWith(`Submission ${id}: stored, notified, announced.\n`), out);
  } finally {
    // Ctrl-C, as the README says. (A SIGTERM would end the service but leave the
    // --watch process waiting for a file change.)
    child.kill("SIGINT");
    const stopped = await Promise.race([
      child.status.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 15_000)),
    ]);
    if (!stopped) {
      child.kill("SIGKILL");
      await child.status;
    }
    await Deno.remove(dir, { recursive: true });
    assert.ok(stopped, "Ctrl-C (SIGINT) stops deno task dev");
    // The dev profile bound loopback only.
    assert.match(await stderr, /"msg":"listening","url":"http:\/\/127\.0\.0\.1:\d+"/);
  }
});

Deno.test("README configuration table: one row for every SVC_* variable of config.ts", async () => {
  const config = await Deno.readTextFile(new URL("../domain/kernel/config.ts", import.meta.url));
  const schema = config.slice(config.indexOf("const EnvSchema"), config.indexOf("export type Env"));
  const variables = [...schema.matchAll(/^ {2}(SVC_[A-Z0-9_]+):/gm)].map((m) => m[1]);
  assert.ok(variables.length > 20, "found the variables of config.ts");
  const rows = [...README.matchAll(/^\| `(SVC_[A-Z0-9_]+)` +\|/gm)].map((m) => m[1]);
  assert.deepEqual(
    [...rows].sort(),
    [...variables].sort(),
    "README.md's configuration table lists exactly the variables of config.ts",
  );
});
