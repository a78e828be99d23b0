/**
 * SVC_HTTP_PROCESSES=2: `main.ts` starts a second HTTP process on the same port
 * (SO_REUSEPORT) and KV file. Both answer (each answer names its process in
 * x-svc-process), submissions through either are stored once, their webhook
 * deliveries run once (jobs stay in the first process), and stopping the first
 * stops the second.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { message } from "../bench/lib/messages.ts";
import { eventually } from "./helpers/service.ts";
import { ConfigError, parseEnv } from "../domain/kernel/config.ts";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const TOKEN = "http-processes-test-token-0123456789abcdef";

/** One request on a connection of its own (so the kernel picks a listener each time). */
async function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<{ status: number; process: string | null; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const bytes = new TextEncoder().encode(body);
  const head = [
    `${method} ${path} HTTP/1.1`,
    "host: 127.0.0.1",
    "connection: close",
    `content-length: ${bytes.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join("\r\n");
  await conn.write(new TextEncoder().encode(head + "\r\n\r\n"));
  await conn.write(bytes);
  const text = await new Response(conn.readable).text();
  const [top, ...rest] = text.split("\r\n\r\n");
  const status = Number(top.split(" ")[1]);
  const m = top.match(/^x-svc-process: *(\d+)/im);
  return { status, process: m ? m[1] : null, body: rest.join("\r\n\r\n") };
}

Deno.test("two HTTP processes on one port: both answer, jobs run once", async () => {
  const dir = await Deno.makeTempDir();
  const deliveries: { id: string; type: string }[] = [];
  const receiver = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const body = await req.json();
      deliveries.push({ id: body.id, type: body.type });
      return new Response("ok");
    },
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env: {
      SVC_HTTP_PROCESSES: "2",
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: `${dir}/svc.kv`,
      SVC_DATA_DIR: dir,
      SVC_ADMIN_TOKEN: TOKEN,
      SVC_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_SMTP_URL: "smtp://127.0.0.1:9",
      SVC_ALLOW_PRIVATE_TARGETS: "true",
      SVC_LOG_LEVEL: "error",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let seen = "";
    let port = 0;
    while (!port) {
      const { value, done } = await out.read();
      if (done) throw new Error(`main.ts exited before it was ready:\n${seen}`);
      seen += value;
      port = Number(seen.match(/Service ready on port (\d+)/)?.[1] ?? 0);
    }
    (async () => {
      while (!(await out.read()).done) { /* drain */ }
    })();

    // Both processes answer on the one port.
    const processes = new Set<string | null>();
    for (let i = 0; i < 40 && processes.size < 2; i++) {
      const r = await rawRequest(port, "GET", "/healthz");
      assert.equal(r.status, 200);
      processes.add(r.process);
    }
    assert.deepEqual([...processes].sort(), ["1", "2"]);

    // A site with a webhook, set up through whichever process answers.
    const admin = async (path: string, body: unknown) => {
      const r = await rawRequest(port, "POST", `/admin/api/v1${path}`, {
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
      }, JSON.stringify(body));
      assert.ok(r.status < 300, `${path}: ${r.status} ${r.body}`);
      return JSON.parse(r.body);
    };
    const account = await admin("/accounts", { name: "Two processes" });
    const site = await admin("/sites", {
      account_id: account.id,
      name: "Site",
      domain: "two.example.com",
      default_notify_email: "owner@example.com",
    });
    const key = (await admin(`/sites/${site.id}/api-keys`, {})).api_key;
    const hook = `http://127.0.0.1:${receiver.addr.port}/hook`;
    await admin(`/sites/${site.id}/webhooks`, { url: hook, events: ["form.submitted"] });

    // Submissions until each process has stored at least two.
    const by = new Map<string, number>();
    let stored = 0;
    for (let i = 0; i < 60 && !(by.get("1")! >= 2 && by.get("2")! >= 2); i++) {
      const r = await rawRequest(
        port,
        "POST",
        "/api/v1/forms/submit",
        {
          "content-type": "application/json",
          "x-service-api-key": key,
        },
        JSON.stringify({
          form_id: 1,
          form_name: "Contact",
          fields: { name: "Maria", email: `maria${i}@example.org`, message: message(i) },
          visitor: { ip: `10.9.0.${i + 1}`, referrer: "https://two.example.com/contact" },
        }),
      );
      assert.equal(r.status, 200, r.body);
      assert.equal(JSON.parse(r.body).ok, true, r.body);
      by.set(r.process!, (by.get(r.process!) ?? 0) + 1);
      stored++;
    }
    assert.ok(by.get("1")! >= 2 && by.get("2")! >= 2, JSON.stringify([...by]));

    // Every submission's event is delivered, and none twice.
    await eventually(() => deliveries.length >= stored, 20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(deliveries.length, stored);
    assert.equal(new Set(deliveries.map((d) => d.id)).size, stored);
    assert.ok(deliveries.every((d) => d.type === "form.submitted"));

    // SIGTERM to the first process stops the second too.
    const pids = Deno.readTextFileSync(`/proc/${child.pid}/task/${child.pid}/children`).trim()
      .split(/\s+/).map(Number);
    const second = pids.find((p) => {
      try {
        return Deno.readTextFileSync(`/proc/${p}/cmdline`).includes("--http-only");
      } catch {
        return false;
      }
    });
    assert.ok(second, "the second HTTP process is a child of the first");
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await eventually(() => {
      try {
        return Deno.readTextFileSync(`/proc/${second}/cmdline`) === ""; // a zombie
      } catch {
        return true;
      }
    }, 10_000);
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await receiver.shutdown();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("SVC_HTTP_PROCESSES: 1 by default, 1 to 16, not with an in-memory KV", () => {
  assert.equal(parseEnv({}).SVC_HTTP_PROCESSES, 1);
  assert.equal(
    parseEnv({ SVC_HTTP_PROCESSES: "2", SVC_KV_PATH: "/tmp/x.kv" }).SVC_HTTP_PROCESSES,
    2,
  );
  for (
    const env of [{ SVC_HTTP_PROCESSES: "0" }, { SVC_HTTP_PROCESSES: "17" }, {
      SVC_HTTP_PROCESSES: "2",
      SVC_KV_PATH: ":memory:",
    }]
  ) {
    assert.throws(() => parseEnv(env), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /SVC_HTTP_PROCESSES/);
      return true;
    });
  }
});
