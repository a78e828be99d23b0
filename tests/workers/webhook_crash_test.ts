/**
 * Durability: the service is killed with SIGKILL between two attempts of a
 * delivery; after a restart on the same KV file the retry still arrives, with
 * the same X-SVC-Delivery.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { verify } from "@octokit/webhooks-methods";
import { startReceiver, statuses } from "../helpers/webhook_receiver.ts";
import { eventually } from "../helpers/service.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TOKEN = "crash-test-admin-token-0123456789";

type Service = {
  child: Deno.ChildProcess;
  port: number;
  admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Everything the process wrote to stderr (read once it has exited). */
  stderr: Promise<string>;
};

function env(kvPath: string): Record<string, string> {
  return {
    SVC_KV_PATH: kvPath,
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_ADMIN_TOKEN: TOKEN,
    SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(9))),
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_LOG_LEVEL: "error",
  };
}

async function startService(kvPath: string): Promise<Service> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: env(kvPath),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  let port = 0;
  const until = Date.now() + 30_000;
  while (!port) {
    const { value, done } = await lines.read();
    if (done || Date.now() > until) {
      throw new Error(`service did not start: ${seen}\n${await stderr}`);
    }
    seen += value;
    const m = /Service ready on port (\d+)/.exec(seen);
    if (m) port = Number(m[1]);
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  (async () => {
    while (!(await lines.read()).done) { /* drain */ }
  })().catch(() => {});
  return {
    child,
    port,
    stderr,
    async admin(method, path, body) {
      const res = await fetch(`http://127.0.0.1:${port}/admin/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      }
      return json;
    },
  };
}

async function kill9(s: Service): Promise<void> {
  s.child.kill("SIGKILL");
  const status = await s.child.status;
  assert.equal(status.signal, "SIGKILL");
  await s.stderr;
}

async function emitFromScript(kvPath: string, siteId: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "tests/helpers/emit_event_cli.ts",
      siteId,
      "email.sent",
      JSON.stringify({ message_id: "<crash@example.com>", to: "a@example.com", mode: "relay" }),
    ],
    cwd: ROOT,
    env: env(kvPath),
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(text).deliveries;
}

Deno.test("a delivery survives kill -9 between attempts: the retry arrives after a restart", async () => {
  const dir = await Deno.makeTempDir({ prefix: "svc-crash-" });
  const kvPath = `${dir}/svc.kv`;
  const rx = startReceiver(statuses(500));
  let last: Service | null = null;
  try {
    // Set up a site and its webhook through the operator API, then stop hard.
    const a = last = await startService(kvPath);
    const site = await a.admin("POST", "/sites", { name: "Crash", domain: "crash.example.com" });
    const hook = await a.admin("POST", `/sites/${site.id}/webhooks`, {
      url: rx.url,
      events: ["all"],
    });
    await kill9(a);

    // An event is committed to the KV file while no service runs.
    const [deliveryId] = await emitFromScript(kvPath, site.id as string);
    assert.ok(deliveryId);

    // The service picks it up at start; the first attempt fails (500).
    const b = last = await startService(kvPath);
    await rx.waitFor(1, 15_000);
    await eventually(async () => {
      const d = await b.admin("GET", `/deliveries/${deliveryId}`);
      return (d.attempts as unknown[]).length === 1;
    }, 5_000);
    await kill9(b); // before the retry, due 1.5 s after the first attempt
    assert.equal(rx.requests.length, 1, "killed before the second attempt");

    const c = last = await startService(kvPath);
    await rx.waitFor(2, 15_000);
    const [first, second] = rx.requests;
    assert.equal(first.headers.get("x-svc-delivery"), deliveryId);
    assert.equal(second.headers.get("x-svc-delivery"), deliveryId);
    assert.equal(second.text, first.text);
    assert.ok(
      await verify(hook.secret as string, second.text, second.headers.get("x-svc-signature")!),
    );
    const d = await eventually(async () => {
      const d = await c.admin("GET", `/deliveries/${deliveryId}`);
      return d.state === "succeeded" ? d : null;
    });
    assert.deepEqual((d.attempts as { status: number }[]).map((x) => x.status), [500, 200]);
    const w = await c.admin("GET", `/webhooks/${hook.id}`);
    assert.deepEqual([w.success_count, w.failure_count, w.last_status], [1, 1, 200]);
    assert.equal(rx.requests.length, 2);
  } finally {
    if (last) {
      try {
        last.child.kill("SIGKILL");
      } catch { /* already exited */ }
      await last.child.status;
      await last.stderr;
    }
    await rx.close();
    await Deno.remove(dir, { recursive: true });
  }
});
