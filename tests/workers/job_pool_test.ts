/**
 * With a KV file, jobs run in worker threads on their own KV handles; with
 * SVC_JOB_WORKERS=0 (or an in-memory KV) on the HTTP thread. Either way a
 * webhook delivery reaches its receiver.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../domain/kernel/config.ts";
import { start } from "../../main.ts";
import { eventually } from "../helpers/service.ts";

async function deliveredWith(
  workers: string,
): Promise<{ event: string | null; ua: string | null }> {
  const dir = await Deno.makeTempDir();
  let got: { event: string | null; ua: string | null } | null = null;
  const receiver = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (req) => {
      await req.text();
      got = { event: req.headers.get("x-svc-event"), ua: req.headers.get("user-agent") };
      return new Response(null, { status: 204 });
    },
  );
  const config = await loadConfig({
    SVC_PORT: "0",
    SVC_HOST: "127.0.0.1",
    SVC_KV_PATH: `${dir}/svc.kv`,
    // The SMTP listeners stay off: tests run side by side and 2525 is one port.
    SVC_SMTP_INBOUND_PORT: "0",
    SVC_SMTP_SUBMISSION_PORT: "0",
    SVC_ADMIN_TOKEN: "job-pool-test-admin-token-0123456789",
    SVC_ALLOW_PRIVATE_TARGETS: "true",
    SVC_JOB_WORKERS: workers,
    SVC_LOG_LEVEL: "error",
  });
  const running = await start(config);
  try {
    const base = `http://127.0.0.1:${running.port}`;
    const admin = async (path: string, body: unknown) => {
      const r = await fetch(`${base}/admin/api/v1${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.adminToken}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      assert.ok(r.ok, `${path}: ${r.status}`);
      return await r.json();
    };
    const account = await admin("/accounts", { name: "A" });
    const site = await admin("/sites", {
      account_id: account.id,
      name: "S",
      domain: "pool.example.com",
    });
    const key = await admin(`/sites/${site.id}/api-keys`, {});
    await admin(`/sites/${site.id}/webhooks`, {
      url: `http://127.0.0.1:${receiver.addr.port}/hook`,
      events: ["email.sent"],
    });
    const sent = await fetch(`${base}/api/v1/mail/send`, {
      method: "POST",
      headers: { "x-service-api-key": key.api_key, "content-type": "application/json" },
      body: JSON.stringify({ to: "ann@example.com", subject: "Hi", text: "Hello" }),
    });
    assert.equal((await sent.json()).sent, true);
    return await eventually(() => got, 10_000);
  } finally {
    await running.shutdown();
    await receiver.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("with a KV file, a job worker thread delivers the webhook", async () => {
  const got = await deliveredWith("1");
  assert.deepEqual(got, { event: "email.sent", ua: "Service-Webhooks/1.0" });
});

Deno.test("with SVC_JOB_WORKERS=0 the HTTP thread delivers it", async () => {
  const got = await deliveredWith("0");
  assert.deepEqual(got, { event: "email.sent", ua: "Service-Webhooks/1.0" });
});
