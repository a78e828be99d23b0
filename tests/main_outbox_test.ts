/**
 * `deno task start` with no SMTP relay configured: the service starts with the
 * task's own permission flags, and mail sent through the API lands in the
 * outbox, readable through the operator API.
 */
import assert from "node:assert/strict";

Deno.test("deno task start: mail goes to the outbox when SVC_SMTP_URL is unset", async () => {
  const tasks = JSON.parse(await Deno.readTextFile("deno.json")).tasks as Record<string, string>;
  // The start task's exact command (its environment, then `deno` and its
  // arguments), run directly so that the test owns the process.
  const words = tasks.start.split(/\s+/);
  const at = words.indexOf("deno");
  const taskEnv = Object.fromEntries(words.slice(0, at).map((w) => w.split("=", 2)));
  const args = words.slice(at + 1);
  const dir = await Deno.makeTempDir();
  const token = "outbox-test-admin-token-0123456789";
  const child = new Deno.Command(Deno.execPath(), {
    args,
    clearEnv: true,
    env: {
      ...taskEnv,
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? dir,
      DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
      SVC_PORT: "0",
      SVC_HOST: "127.0.0.1",
      SVC_KV_PATH: `${dir}/svc.kv`,
      SVC_ADMIN_TOKEN: token,
      SVC_SMTP_INBOUND_PORT: "0",
      SVC_SMTP_SUBMISSION_PORT: "0",
      SVC_LOG_LEVEL: "error",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    const deadline = Date.now() + 60_000;
    let port = 0;
    while (!port) {
      if (Date.now() > deadline) throw new Error(`no start: ${out}`);
      const { value, done } = await reader.read();
      if (done) throw new Error(`exited: ${out}`);
      out += value;
      port = Number(/Service ready on port (\d+)/.exec(out)?.[1] ?? 0);
    }
    reader.releaseLock();
    child.stdout.cancel().catch(() => {});
    const base = `http://127.0.0.1:${port}`;
    const admin = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}/admin/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return await r.json();
    };
    // The start-up log shows the relay's DKIM record, as GET /admin/api/v1/relay does.
    const relay = await admin("GET", "/relay");
    const record = relay.dkim.dns_record;
    assert.equal(record.name, "svc._domainkey.localhost");
    assert.ok(out.includes(`${record.name}. TXT "${record.value}"`), out);
    const account = await admin("POST", "/accounts", { name: "A" });
    const site = await admin("POST", "/sites", {
      account_id: account.id,
      name: "Start Test",
      domain: "start-test.example.com",
    });
    const key = await admin("POST", `/sites/${site.id}/api-keys`);
    const sent = await fetch(`${base}/api/v1/mail/send`, {
      method: "POST",
      headers: { "x-service-api-key": key.api_key, "content-type": "application/json" },
      body: JSON.stringify({ to: "ann@example.com", subject: "From start", text: "hello" }),
    });
    const answer = await sent.json();
    assert.equal(answer.sent, true, JSON.stringify(answer));
    const outbox = await admin("GET", "/outbox?to=ann@example.com");
    assert.equal(outbox.transport, "outbox");
    assert.equal(outbox.items.length, 1);
    assert.equal(outbox.items[0].message_id, answer.message_id);
    assert.match(outbox.items[0].raw, /Subject: From start/);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await child.stderr.cancel().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
