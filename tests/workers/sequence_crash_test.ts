/**
 * kill -9 in the middle of a sequence: the real service (`deno run -A main.ts`)
 * on a KV file, killed with SIGKILL and started again on the same file. Every
 * step arrives exactly once.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { stillTrueFor } from "../helpers/service.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOKEN = "crash-test-admin-token-0123456789";

type Proc = { child: Deno.ChildProcess; base: string };

async function startService(kvPath: string, smtp: TestSmtp): Promise<Proc> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: {
      SVC_KV_PATH: kvPath,
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_ADMIN_TOKEN: TOKEN,
      SVC_SMTP_URL: smtp.url,
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_LOG_LEVEL: "error",
    },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const deadline = Date.now() + 30_000;
  while (!/Service ready on port (\d+)/.test(out)) {
    if (Date.now() > deadline) throw new Error(`service did not start: ${out}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`service exited: ${out}`);
    out += value;
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  (async () => {
    try {
      while (!(await reader.read()).done) { /* drain */ }
    } catch { /* killed */ }
  })();
  const port = /Service ready on port (\d+)/.exec(out)![1];
  return { child, base: `http://127.0.0.1:${port}` };
}

async function kill9(p: Proc) {
  p.child.kill("SIGKILL");
  await p.child.status;
}

async function call(p: Proc, method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = key
    ? { "x-service-api-key": key }
    : { authorization: `Bearer ${TOKEN}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(p.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json;
}

/** Waits until the enrollment has recorded `n` steps as sent (the kill lands between steps). */
async function stepsSent(p: Proc, siteId: string, n: number) {
  const until = Date.now() + 10_000;
  for (;;) {
    const items = await call(p, "GET", `/admin/api/v1/sites/${siteId}/enrollments`);
    const sent = items.items[0].steps.filter((s: { state: string }) => s.state === "sent");
    if (sent.length >= n) return;
    if (Date.now() > until) throw new Error(`only ${sent.length} of ${n} steps recorded`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

const subjects = (smtp: TestSmtp) =>
  smtp.messages.map((m) => /\r\nSubject: ([^\r\n]+)/.exec(m.raw.toString())![1]);

Deno.test("a service killed with SIGKILL mid-sequence loses no step and sends none twice", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/svc.kv`;
  const smtp = await startSmtp();
  let p = await startService(kvPath, smtp);
  try {
    const account = await call(p, "POST", "/admin/api/v1/accounts", { name: "Crash" });
    const site = await call(p, "POST", "/admin/api/v1/sites", {
      account_id: account.id,
      name: "Crash Site",
      domain: "crash.example.com",
    });
    const { api_key } = await call(p, "POST", `/admin/api/v1/sites/${site.id}/api-keys`);
    for (const n of [1, 2, 3]) {
      await call(p, "POST", `/admin/api/v1/accounts/${account.id}/templates`, {
        name: `Step ${n}`,
        slug: `step-${n}`,
        subject: `Step ${n} for {{name}}`,
        text: `This is step ${n}.`,
      });
    }
    await call(p, "POST", `/admin/api/v1/accounts/${account.id}/sequences`, {
      key: "drip",
      name: "Drip",
      enabled: true,
      steps: [
        { delay_seconds: 0, template: "step-1" },
        { delay_seconds: 2, template: "step-2" },
        { delay_seconds: 2, template: "step-3" },
      ],
    });
    const r = await call(p, "POST", "/api/v1/sequences/enroll", {
      sequence: "drip",
      email: "crash@example.com",
      data: { name: "Kim" },
    }, api_key);
    assert.deepEqual(r, { ok: true, result: "enrolled" });

    await smtp.waitFor(1, 10_000);
    await stepsSent(p, site.id, 1);
    await kill9(p);
    // Down for longer than step 2's delay: it is overdue at the restart.
    await new Promise((res) => setTimeout(res, 2500));
    p = await startService(kvPath, smtp);
    await smtp.waitFor(2, 10_000);
    // Killed again right after step 2 went out.
    await stepsSent(p, site.id, 2);
    await kill9(p);
    p = await startService(kvPath, smtp);
    await smtp.waitFor(3, 10_000);
    await stepsSent(p, site.id, 3);

    const items = await call(p, "GET", `/admin/api/v1/sites/${site.id}/enrollments`);
    const e = items.items[0];
    assert.equal(e.state, "completed");
    assert.deepEqual(e.steps.map((s: { state: string }) => s.state), ["sent", "sent", "sent"]);
    assert.deepEqual(subjects(smtp), ["Step 1 for Kim", "Step 2 for Kim", "Step 3 for Kim"]);
    // Nothing more arrives: no step was sent twice.
    await stillTrueFor(1500, () => smtp.messages.length === 3, "no step sent twice");
  } finally {
    await kill9(p).catch(() => {});
    await smtp.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
